/**
 * What a stored file *is*, read from its first bytes. Docks and users choose the bytes and the
 * declared content type of what they upload, so neither the type nor the file name may decide how a
 * browser treats the file: only the formats recognised here (images and video a browser displays
 * without running anything) are ever shown inline. Everything else — HTML, SVG, XML, PDF, text, and
 * bytes that merely claim to be an image — is unrecognised and goes out as a download.
 */

/** The formats shown inline: none of them can carry script a browser runs. */
export const INLINE_TYPES = [
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
  'image/bmp',
  'image/tiff',
  'image/avif',
  'image/heic',
  'video/mp4',
  'video/quicktime',
  'video/webm',
  'video/x-matroska',
  'video/mp2t',
  'video/x-msvideo',
] as const;

export type InlineType = (typeof INLINE_TYPES)[number];

const ascii = (bytes: Uint8Array, from: number, length: number): string =>
  from + length <= bytes.length ? String.fromCharCode(...bytes.subarray(from, from + length)) : '';

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0): boolean =>
  bytes.length >= at + signature.length && signature.every((b, i) => bytes[at + i] === b);

const JPEG = [0xff, 0xd8, 0xff];
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const EBML = [0x1a, 0x45, 0xdf, 0xa3];
const TIFF_LE = [0x49, 0x49, 0x2a, 0x00];
const TIFF_BE = [0x4d, 0x4d, 0x00, 0x2a];
/** Sizes of the BMP info headers in use (core, v3, v3 with masks, v4, v5). */
const BMP_HEADERS = new Set([12, 40, 52, 56, 108, 124]);
/** MPEG transport stream packets are 188 bytes, each starting with the sync byte 0x47. */
const TS_PACKET = 188;
const TS_SYNC = 0x47;
/** Atoms that open an old QuickTime file written without an `ftyp` box. */
const QUICKTIME_ATOMS = new Set(['moov', 'mdat', 'wide', 'free', 'skip', 'pnot']);
const HEIF_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1']);

/** The ISO base media (`ftyp`) family: MP4, MOV, AVIF and HEIF share the container. */
function isoMedia(bytes: Uint8Array): InlineType | null {
  const box = ascii(bytes, 4, 4);
  if (box !== 'ftyp') return QUICKTIME_ATOMS.has(box) ? 'video/quicktime' : null;
  const brand = ascii(bytes, 8, 4);
  if (brand === 'qt  ') return 'video/quicktime';
  if (brand === 'avif' || brand === 'avis') return 'image/avif';
  if (HEIF_BRANDS.has(brand)) return 'image/heic';
  // isom, iso2…, mp41, mp42, avc1, M4V, 3gp… are all played as MP4.
  return brand === '' ? null : 'video/mp4';
}

/** Matroska, or WebM when its EBML header names that doc type. */
function matroska(bytes: Uint8Array): InlineType {
  const header = ascii(bytes, 0, Math.min(bytes.length, 64));
  return header.includes('webm') ? 'video/webm' : 'video/x-matroska';
}

function transportStream(bytes: Uint8Array): boolean {
  // Two packets at least, and every packet start seen in the first three must hold the sync byte.
  if (bytes.length < TS_PACKET + 1) return false;
  for (let at = 0; at < Math.min(bytes.length, 3 * TS_PACKET); at += TS_PACKET)
    if (bytes[at] !== TS_SYNC) return false;
  return true;
}

function bitmap(bytes: Uint8Array): boolean {
  if (ascii(bytes, 0, 2) !== 'BM' || bytes.length < 18) return false;
  const header = (bytes[14] ?? 0) | ((bytes[15] ?? 0) << 8);
  return BMP_HEADERS.has(header) && bytes[16] === 0 && bytes[17] === 0;
}

/**
 * The inline-safe type of `bytes` from their magic numbers, or null when they are not an image or
 * video this server shows inline (whatever their name or declared type says).
 */
export function sniffInlineType(bytes: Uint8Array): InlineType | null {
  if (startsWith(bytes, JPEG)) return 'image/jpeg';
  if (startsWith(bytes, PNG)) return 'image/png';
  const head = ascii(bytes, 0, 6);
  if (head === 'GIF87a' || head === 'GIF89a') return 'image/gif';
  if (ascii(bytes, 0, 4) === 'RIFF') {
    const form = ascii(bytes, 8, 4);
    if (form === 'WEBP') return 'image/webp';
    if (form === 'AVI ') return 'video/x-msvideo';
    return null;
  }
  if (startsWith(bytes, TIFF_LE) || startsWith(bytes, TIFF_BE)) return 'image/tiff';
  if (bitmap(bytes)) return 'image/bmp';
  if (startsWith(bytes, EBML)) return matroska(bytes);
  if (transportStream(bytes)) return 'video/mp2t';
  return isoMedia(bytes);
}
