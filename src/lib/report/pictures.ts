/**
 * The pictures of a report, each a JPEG of quality 1 on white (spec §9's capture rule): a map copied
 * from the page's own map canvas, and photos loaded from their links.
 */
import { fitPdfPage } from './pdfRules.ts';
import type { Picture } from './reportDoc.ts';
import { PX_PER_PT } from './textPaint.ts';

/** A canvas as a JPEG picture; null when the browser refuses to read it (a tainted canvas). */
function jpegOf(canvas: HTMLCanvasElement): Picture | null {
  try {
    return { jpeg: canvas.toDataURL('image/jpeg', 1), width: canvas.width, height: canvas.height };
  } catch {
    return null;
  }
}

/** A white canvas of `width` × `height` pixels with `draw` applied. */
function onWhite(
  width: number,
  height: number,
  draw: (ctx: CanvasRenderingContext2D) => void,
): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(width));
  canvas.height = Math.max(1, Math.round(height));
  const ctx = canvas.getContext('2d');
  if (ctx) {
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    draw(ctx);
  }
  return canvas;
}

/**
 * The map drawn inside `root`, copied from its MapLibre canvas at the canvas's own resolution (the
 * console's maps keep their drawing buffer for this); null when there is no drawn map.
 */
export function mapPicture(root: Element | null): Picture | null {
  const source = root?.querySelector<HTMLCanvasElement>('canvas.maplibregl-canvas');
  if (!source || source.width === 0 || source.height === 0) return null;
  return jpegOf(onWhite(source.width, source.height, (ctx) => ctx.drawImage(source, 0, 0)));
}

/** The credit line a map shows (its data licences ask for it), as text. */
export function mapCredit(root: Element | null): string {
  const text = root?.querySelector('.maplibregl-ctrl-attrib-inner')?.textContent ?? '';
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * The image at `url` as a JPEG at most `maxWidth` × `maxHeight` points at print resolution; null
 * when it cannot be loaded or read. A report without a photo's thumbnail still lists the photo.
 */
export async function loadPicture(
  url: string,
  maxWidth: number,
  maxHeight: number,
): Promise<Picture | null> {
  try {
    const img = new Image();
    img.crossOrigin = 'anonymous';
    img.src = url;
    await img.decode();
    const scale = Math.min(
      1,
      (maxWidth * PX_PER_PT) / img.naturalWidth,
      (maxHeight * PX_PER_PT) / img.naturalHeight,
    );
    const width = img.naturalWidth * scale;
    const height = img.naturalHeight * scale;
    return jpegOf(onWhite(width, height, (ctx) => ctx.drawImage(img, 0, 0, width, height)));
  } catch {
    return null;
  }
}

/**
 * The size in points of `picture` fitted into `maxWidth` × `maxHeight` with its proportions kept,
 * and never beyond spec §9's limit of 14 400 points a side.
 */
export function fitPicture(
  picture: Pick<Picture, 'width' | 'height'>,
  maxWidth: number,
  maxHeight: number,
): { width: number; height: number } {
  const scale = Math.min(maxWidth / picture.width, maxHeight / picture.height);
  return fitPdfPage(picture.width * scale, picture.height * scale);
}
