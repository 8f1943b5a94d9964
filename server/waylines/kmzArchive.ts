import { crc32 } from 'node:zlib';
import { unzipSync } from 'fflate';
import { WaylineFileError } from './WaylineFileError.ts';

/** The two files of a KMZ (protocol §6.1); `res/` and anything else stay only in the stored original. */
export const TEMPLATE_PATH = 'wpmz/template.kml';
export const WAYLINES_PATH = 'wpmz/waylines.wpml';

/** Uncompressed bytes a KMZ may hold in all: far above any real route, far below a zip bomb. */
export const MAX_UNCOMPRESSED_BYTES = 128 * 1024 * 1024;

/** The XML files of a KMZ, decoded as UTF-8. */
export interface KmzFiles {
  template: string | undefined;
  waylines: string;
}

interface Entry {
  name: string;
  originalSize: number;
}

/** The central directory's entries, read without inflating anything; throws `not_zip` on non-ZIP. */
function listEntries(bytes: Uint8Array): Entry[] {
  const entries: Entry[] = [];
  try {
    unzipSync(bytes, {
      filter: (file) => {
        entries.push({ name: file.name, originalSize: file.originalSize });
        return false;
      },
    });
  } catch {
    throw new WaylineFileError('wayline.not_zip');
  }
  return entries;
}

/** Normalises `./wpmz/x` and `wpmz\x` (some Windows tools) to `wpmz/x`. */
function normalName(name: string): string {
  return name.replaceAll('\\', '/').replace(/^\.?\//, '');
}

/** Inflates one entry; its declared size bounds the output, and the CRC catches a size that lied. */
function inflateEntry(bytes: Uint8Array, name: string): Uint8Array {
  let out: Uint8Array | undefined;
  try {
    const files = unzipSync(bytes, { filter: (file) => file.name === name });
    out = files[name];
  } catch {
    throw new WaylineFileError('wayline.corrupt', { file: normalName(name) });
  }
  if (!out || !crcMatches(bytes, name, out))
    throw new WaylineFileError('wayline.corrupt', { file: normalName(name) });
  return out;
}

/** Offset and entry count of the central directory, from the end-of-central-directory record. */
function centralDirectory(view: DataView): { offset: number; count: number } | undefined {
  const last = view.byteLength - 22;
  for (let at = last; at >= 0 && at >= last - 65_535; at--) {
    if (view.getUint32(at, true) === 0x06054b50)
      return { offset: view.getUint32(at + 16, true), count: view.getUint16(at + 10, true) };
  }
  return undefined;
}

/**
 * Compares an entry's CRC-32 from the central directory with the inflated bytes. A ZIP64 archive
 * (over 4 GiB or 65 535 entries: never a real KMZ) has no usable offset here and reads as corrupt.
 */
function crcMatches(bytes: Uint8Array, name: string, data: Uint8Array): boolean {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const dir = centralDirectory(view);
  if (!dir) return false;
  const wanted = new TextEncoder().encode(name);
  let at = dir.offset;
  for (let i = 0; i < dir.count && at + 46 <= bytes.length; i++) {
    if (view.getUint32(at, true) !== 0x02014b50) return false;
    const nameLength = view.getUint16(at + 28, true);
    const candidate = bytes.subarray(at + 46, at + 46 + nameLength);
    if (candidate.length === wanted.length && candidate.every((b, k) => b === wanted[k]))
      return view.getUint32(at + 16, true) === crc32(data);
    at += 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
  }
  return false;
}

/**
 * Reads the template and execution files of a KMZ. Declared sizes are checked before anything is
 * inflated, so a zip bomb costs nothing; `maxBytes` caps the archive's total uncompressed size.
 */
export function readKmz(bytes: Uint8Array, maxBytes = MAX_UNCOMPRESSED_BYTES): KmzFiles {
  if (bytes.length === 0) throw new WaylineFileError('wayline.empty');
  const entries = listEntries(bytes);
  const total = entries.reduce((sum, e) => sum + e.originalSize, 0);
  if (total > maxBytes)
    throw new WaylineFileError('wayline.too_large', { max: Math.round(maxBytes / 1024 / 1024) });
  const find = (path: string) => entries.find((e) => normalName(e.name) === path)?.name;
  const waylinesName = find(WAYLINES_PATH);
  if (waylinesName === undefined) throw new WaylineFileError('wayline.no_waylines');
  const templateName = find(TEMPLATE_PATH);
  const decoder = new TextDecoder('utf-8');
  return {
    waylines: decoder.decode(inflateEntry(bytes, waylinesName)),
    template:
      templateName === undefined ? undefined : decoder.decode(inflateEntry(bytes, templateName)),
  };
}
