import { crc32 } from 'node:zlib';
import { Inflate, unzipSync } from 'fflate';
import { WaylineFileError } from './WaylineFileError.ts';

/** The two files of a KMZ (protocol §6.1); `res/` and anything else stay only in the stored original. */
export const TEMPLATE_PATH = 'wpmz/template.kml';
export const WAYLINES_PATH = 'wpmz/waylines.wpml';

/** Uncompressed bytes a KMZ may hold in all: far above any real route, far below a zip bomb. */
export const MAX_UNCOMPRESSED_BYTES = 128 * 1024 * 1024;

/**
 * The XML files of a KMZ as inflated, still UTF-8 bytes: they are scanned (`xmlScan.ts`) before a
 * string of them is ever made.
 */
export interface KmzFiles {
  template: Uint8Array | undefined;
  waylines: Uint8Array;
}

/**
 * Checks the part of an XML file inflated so far, and throws to stop inflating it: a hostile file
 * is refused at the first megabytes that show it, not after all of them.
 */
export type PartCheck = (part: Uint8Array, file: string) => void;

/** Output at which an entry is first checked; each later check waits for twice as much. */
const FIRST_CHECK_BYTES = 1024 * 1024;

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
 * Compressed bytes handed to the inflater at a time. Deflate expands at most about 1 000-fold, so
 * no step writes more than some 16 MB before the size check below sees it.
 */
const INFLATE_STEP = 16 * 1024;

/**
 * Inflates deflated `data` into a buffer of the `size` the archive declared, which the caller has
 * checked against the cap. The data is fed in small steps and each step's output is checked: an
 * entry that inflates past its declared size is refused as soon as it does, however much more it
 * holds, and the output is never gathered twice (zlib's one-shot inflate would, doubling the peak).
 */
function inflateDeclared(
  data: Uint8Array,
  size: number,
  corrupt: () => WaylineFileError,
  check: (part: Uint8Array) => void,
): Uint8Array {
  const out = new Uint8Array(size);
  let filled = 0;
  // Checks at doubling sizes: all of them together read the output at most twice over.
  let nextCheck = FIRST_CHECK_BYTES;
  const inflater = new Inflate((chunk) => {
    if (filled + chunk.length > size) throw corrupt();
    out.set(chunk, filled);
    filled += chunk.length;
    if (filled >= nextCheck && filled < size) {
      check(out.subarray(0, filled));
      nextCheck = filled * 2;
    }
  });
  try {
    for (let at = 0; at < data.length; at += INFLATE_STEP)
      inflater.push(data.subarray(at, at + INFLATE_STEP), at + INFLATE_STEP >= data.length);
  } catch (error) {
    throw error instanceof WaylineFileError ? error : corrupt();
  }
  if (filled !== size) throw corrupt();
  return out;
}

/**
 * Inflates one entry to exactly its declared size (see `inflateDeclared`), `check`ing its parts as
 * they come; the CRC catches content that differs from what was zipped. Anything unreadable is
 * `corrupt`, naming the file.
 */
function inflateEntry(bytes: Uint8Array, name: string, check: PartCheck): Uint8Array {
  const corrupt = () => new WaylineFileError('wayline.corrupt', { file: normalName(name) });
  const entry = storedEntry(bytes, name);
  const data = entry && storedData(bytes, entry);
  if (!entry || !data) throw corrupt();
  let out: Uint8Array;
  if (entry.method === 0) out = data;
  else if (entry.method === 8)
    out = inflateDeclared(data, entry.originalSize, corrupt, (part) => {
      check(part, normalName(name));
    });
  else throw corrupt();
  if (out.length !== entry.originalSize || crc32(out) !== entry.crc) throw corrupt();
  return out;
}

/** UTF-8 text without a byte-order mark, as `TextDecoder` gives it (Buffer's decoder is faster). */
export function utf8(bytes: Uint8Array): string {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/**
 * Reads the template and execution files of a KMZ. Declared sizes are checked before anything is
 * inflated, so a zip bomb costs nothing; `maxBytes` caps the archive's total uncompressed size, and
 * `check` sees each file's parts while it is inflated.
 */
export function readKmz(
  bytes: Uint8Array,
  maxBytes = MAX_UNCOMPRESSED_BYTES,
  check: PartCheck = () => undefined,
): KmzFiles {
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
    waylines: inflateEntry(bytes, waylinesName, check),
    template: templateName === undefined ? undefined : inflateEntry(bytes, templateName, check),
  };
}

/**
 * Reads the one entry of a KMZ that `pick` chooses from its entry names (a Google Earth KMZ's
 * `doc.kml`), with the limits `readKmz` applies: the declared total within `maxBytes` before
 * anything is inflated, and `check` on the entry's parts as they are inflated. Undefined when `pick`
 * chooses none.
 */
export function readKmzEntry(
  bytes: Uint8Array,
  pick: (names: readonly string[]) => string | undefined,
  maxBytes = MAX_UNCOMPRESSED_BYTES,
  check: PartCheck = () => undefined,
): { name: string; data: Uint8Array } | undefined {
  if (bytes.length === 0) throw new WaylineFileError('wayline.empty');
  const entries = listEntries(bytes);
  const total = entries.reduce((sum, e) => sum + e.originalSize, 0);
  if (total > maxBytes)
    throw new WaylineFileError('wayline.too_large', { max: Math.round(maxBytes / 1024 / 1024) });
  const chosen = pick(entries.map((e) => normalName(e.name)));
  const entry = entries.find((e) => normalName(e.name) === chosen);
  if (chosen === undefined || entry === undefined) return undefined;
  return { name: chosen, data: inflateEntry(bytes, entry.name, check) };
}
