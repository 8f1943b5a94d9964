/**
 * A linear pass over a WPML file's bytes before anything parses it. The XML parser builds a tree of
 * objects, some 120 bytes an element even when empty, and recurses once per level when it shapes
 * that tree: 128 MB of `<a/>` (a 128 KB KMZ) once took 4 GB and 40 s, and 100 000 nested levels
 * overflowed its stack. This pass allocates nothing per element, so it refuses such a file in a
 * fraction of a second, with the limit it passes named. It also refuses document type declarations
 * outright: WPML has none, and they are what external, parameter and expanding entities need.
 */
import { MAX_WAYPOINTS } from './readPaths.ts';
import { WaylineFileError } from './WaylineFileError.ts';

/** What one WPML file may hold before its tree is built. */
export const XML_LIMITS = {
  /** Nesting depth: DJI's files reach about 10 levels (kml/Document/Folder/Placemark/actionGroup/…). */
  depth: 64,
  /**
   * Elements in one file: a 65 535-waypoint route holds about 20 per waypoint, or about 32 with a
   * photo action at every point; this leaves room for more actions, and bounds the tree the parser
   * builds to what the largest real route needs.
   */
  elements: 3_000_000,
} as const;

/** Counts of one file's pre-scan. */
export interface XmlCounts {
  elements: number;
  /** `Placemark` start tags, wherever they are: each is a waypoint or a template's area. */
  placemarks: number;
}

const LT = 0x3c;
const GT = 0x3e;
const SLASH = 0x2f;
const BANG = 0x21;
const QUESTION = 0x3f;
const DOUBLE_QUOTE = 0x22;
const SINGLE_QUOTE = 0x27;
const PLACEMARK = Buffer.from('Placemark');
const COMMENT = Buffer.from('<!--');
const CDATA = Buffer.from('<![CDATA[');

/** Whether `buf` holds `word` at `at` (compared here: a native call costs more for a few bytes). */
function holds(buf: Buffer, at: number, word: Buffer): boolean {
  if (at + word.length > buf.length) return false;
  for (let k = 0; k < word.length; k++) if (buf[at + k] !== word[k]) return false;
  return true;
}

/** Whether `buf` holds `word` at `at`, followed by the end of a tag name. */
function nameAt(buf: Buffer, at: number, word: Buffer): boolean {
  if (!holds(buf, at, word)) return false;
  const after = buf[at + word.length];
  // Space, tab, CR, LF, `/` or `>` end a name; anything else makes it a longer one.
  return (
    after === 0x20 ||
    after === 0x09 ||
    after === 0x0a ||
    after === 0x0d ||
    after === SLASH ||
    after === GT
  );
}

/** Index of the `>` closing the start tag opened at `at`, skipping quoted attribute values; -1 if none. */
function tagEnd(buf: Buffer, at: number): number {
  for (let i = at + 1; i < buf.length; i++) {
    const c = buf[i];
    if (c === GT) return i;
    if (c === DOUBLE_QUOTE || c === SINGLE_QUOTE) {
      i = buf.indexOf(c, i + 1);
      if (i < 0) return -1;
    }
  }
  return -1;
}

/** The index just past the first `close` from `at`, or the end of the text when there is none. */
function skipPast(buf: Buffer, at: number, close: string): number {
  const end = buf.indexOf(close, at);
  return end < 0 ? buf.length : end + close.length;
}

/** Refuses a DOCTYPE, `<!ENTITY` or any other markup declaration, naming the file. */
function declaration(file: string): WaylineFileError {
  return new WaylineFileError('wayline.doctype', { file });
}

/**
 * The refusal at the element limit: a file past it that already holds too many waypoints is refused
 * for those, with the count so far (the scan stops here, so the file holds at least that many).
 */
function tooMany(file: string, placemarks: number): WaylineFileError {
  return placemarks > MAX_WAYPOINTS
    ? new WaylineFileError('wayline.too_many_points', {
        max: MAX_WAYPOINTS,
        count: `${placemarks}+`,
      })
    : new WaylineFileError('wayline.too_many_elements', { file, max: XML_LIMITS.elements });
}

/**
 * Counts the elements and placemarks of a UTF-8 XML file, throwing `WaylineFileError` at a markup
 * declaration, past `XML_LIMITS.depth`, past `XML_LIMITS.elements`, or past `MAX_WAYPOINTS`
 * placemarks. What is malformed otherwise is left to the validator, which names its line.
 * `complete: false` scans the part of a file inflated so far: a construct cut off at its end is
 * left for a later scan, and the waypoint count, which must be exact, is checked only on the whole.
 */
export function scanXml(bytes: Uint8Array, file: string, complete = true): XmlCounts {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let elements = 0;
  let placemarks = 0;
  let depth = 0;
  let at = buf.indexOf(LT);
  while (at >= 0 && at + 1 < buf.length) {
    const next = buf[at + 1];
    let end: number;
    if (next === BANG) {
      // A part cut off inside `<![CDATA[` cannot tell it from a declaration yet.
      if (!complete && at + CDATA.length > buf.length) break;
      if (holds(buf, at, COMMENT)) end = skipPast(buf, at + 4, '-->');
      else if (holds(buf, at, CDATA)) end = skipPast(buf, at + 9, ']]>');
      else throw declaration(file);
    } else if (next === QUESTION) {
      end = skipPast(buf, at + 2, '?>');
    } else if (next === SLASH) {
      depth--;
      end = at + 2;
    } else {
      const close = tagEnd(buf, at);
      if (close < 0) break;
      if (++elements > XML_LIMITS.elements) throw tooMany(file, placemarks);
      if (nameAt(buf, at + 1, PLACEMARK)) placemarks++;
      if (buf[close - 1] !== SLASH && ++depth > XML_LIMITS.depth)
        throw new WaylineFileError('wayline.too_deep', { file, max: XML_LIMITS.depth });
      end = close + 1;
    }
    at = buf.indexOf(LT, end);
  }
  // Counted to the end, so the refusal says how many waypoints the file holds.
  if (complete && placemarks > MAX_WAYPOINTS)
    throw new WaylineFileError('wayline.too_many_points', {
      max: MAX_WAYPOINTS,
      count: placemarks,
    });
  return { elements, placemarks };
}
