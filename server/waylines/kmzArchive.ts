import { crc32, inflateRawSync } from 'node:zlib';
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

/** Where an entry's data lies and what the central directory says of it. */
interface Stored {
  method: number;
  crc: number;
  compressedSize: number;
  originalSize: number;
  headerOffset: number;
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
 * The central directory's record of `name`. A ZIP64 archive (over 4 GiB or 65 535 entries: never a
 * real KMZ) has no usable offset here and reads as corrupt.
 */
function storedEntry(bytes: Uint8Array, name: string): Stored | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const dir = centralDirectory(view);
  if (!dir) return undefined;
  const wanted = new TextEncoder().encode(name);
  let at = dir.offset;
  for (let i = 0; i < dir.count && at + 46 <= bytes.length; i++) {
    if (view.getUint32(at, true) !== 0x02014b50) return undefined;
    const nameLength = view.getUint16(at + 28, true);
    const candidate = bytes.subarray(at + 46, at + 46 + nameLength);
    if (candidate.length === wanted.length && candidate.every((b, k) => b === wanted[k]))
      return {
        method: view.getUint16(at + 10, true),
        crc: view.getUint32(at + 16, true),
        compressedSize: view.getUint32(at + 20, true),
        originalSize: view.getUint32(at + 24, true),
        headerOffset: view.getUint32(at + 42, true),
      };
    at += 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
  }
  return undefined;
}

/** The entry's bytes as stored, after its local header; undefined when they lie outside the file. */
function storedData(bytes: Uint8Array, entry: Stored): Uint8Array | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const header = entry.headerOffset;
  if (header + 30 > bytes.length || view.getUint32(header, true) !== 0x04034b50) return undefined;
  const start = header + 30 + view.getUint16(header + 26, true) + view.getUint16(header + 28, true);
  const end = start + entry.compressedSize;
  return end <= bytes.length ? bytes.subarray(start, end) : undefined;
}

/**
 * Inflates one entry with the platform's zlib. Its declared size bounds the output, and the CRC
 * catches a size that lied; anything unreadable is `corrupt`, naming the file.
 */
function inflateEntry(bytes: Uint8Array, name: string): Uint8Array {
  const corrupt = () => new WaylineFileError('wayline.corrupt', { file: normalName(name) });
  const entry = storedEntry(bytes, name);
  const data = entry && storedData(bytes, entry);
  if (!entry || !data) throw corrupt();
  let out: Uint8Array;
  try {
    if (entry.method === 0) out = data;
    else if (entry.method === 8)
      out = inflateRawSync(data, { maxOutputLength: Math.max(1, entry.originalSize) });
    else throw corrupt();
  } catch {
    throw corrupt();
  }
  if (out.length !== entry.originalSize || crc32(out) !== entry.crc) throw corrupt();
  return out;
}

/** UTF-8 text without a byte-order mark, as `TextDecoder` gives it (Buffer's decoder is faster). */
function utf8(bytes: Uint8Array): string {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
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
  return {
    waylines: utf8(inflateEntry(bytes, waylinesName)),
    template: templateName === undefined ? undefined : utf8(inflateEntry(bytes, templateName)),
  };
}
