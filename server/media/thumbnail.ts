import sharp from 'sharp';

/** Width of the thumbnails the library shows, px. */
export const THUMB_WIDTH = 320;

export interface ImageFacts {
  width: number | null;
  height: number | null;
  /** The 320 px wide JPEG, or null when the bytes are not an image sharp can read. */
  thumb: Uint8Array | null;
}

/** Size of an image and its thumbnail (EXIF orientation applied); nulls for anything unreadable. */
export async function imageFacts(bytes: Uint8Array): Promise<ImageFacts> {
  try {
    const image = sharp(bytes, { failOn: 'error' });
    const meta = await image.metadata();
    const thumb = await image
      .rotate()
      .resize({ width: THUMB_WIDTH, withoutEnlargement: true })
      .jpeg({ quality: 78 })
      .toBuffer();
    return { width: meta.width, height: meta.height, thumb: new Uint8Array(thumb) };
  } catch {
    return { width: null, height: null, thumb: null };
  }
}
