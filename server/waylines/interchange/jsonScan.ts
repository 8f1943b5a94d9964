/**
 * A linear pass over a JSON file's bytes before `JSON.parse` builds it. Parsed, every array and
 * object costs tens of bytes or more, so 16 MB of `[]` would hold hundreds of megabytes; this pass
 * allocates nothing per value and refuses such a file at the limit it passes, naming it. Positions
 * (arrays that open with a number) are counted on the way, so a line of a million vertices is
 * refused for its vertices before any of them is parsed.
 */
import { WaylineFileError } from '../WaylineFileError.ts';
import { InterchangeError } from './InterchangeError.ts';
import { INTERCHANGE_LIMITS } from './limits.ts';

/** What one GeoJSON file may hold before it is parsed. */
export const JSON_LIMITS = {
  /** Nesting: a MultiPolygon in a Feature in a FeatureCollection is 7 levels deep. */
  depth: 64,
  /**
   * Arrays and objects: each vertex is one array, and a feature of a short line a handful more;
   * four per vertex leaves room for properties.
   */
  containers: 4 * INTERCHANGE_LIMITS.vertices,
} as const;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const OPEN_OBJECT = 0x7b;
const CLOSE_ARRAY = 0x5d;
const CLOSE_OBJECT = 0x7d;

/** Whether `c` may start a JSON number (a digit or a minus). */
const startsNumber = (c: number | undefined) =>
  c !== undefined && (c === 0x2d || (c >= 0x30 && c <= 0x39));

/** Whether `c` is JSON white space. */
const space = (c: number | undefined) => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;

/** The index just past the string whose opening quote is at `at` (the end of the text if open). */
function pastString(buf: Uint8Array, at: number): number {
  for (let i = at + 1; i < buf.length; i++) {
    const c = buf[i];
    if (c === BACKSLASH) i++;
    else if (c === QUOTE) return i + 1;
  }
  return buf.length;
}

/** The first index from `at` that is not white space. */
function skipSpace(buf: Uint8Array, at: number): number {
  let i = at;
  while (i < buf.length && space(buf[i])) i++;
  return i;
}

/**
 * Counts the containers and positions of a UTF-8 JSON text, throwing past `JSON_LIMITS` (depth,
 * containers) or past the vertex limit (positions). What is malformed otherwise is left to
 * `JSON.parse`, which names where.
 */
export function scanJson(bytes: Uint8Array): void {
  let depth = 0;
  let containers = 0;
  let positions = 0;
  for (let i = 0; i < bytes.length; i++) {
    const c = bytes[i];
    if (c === QUOTE) {
      i = pastString(bytes, i) - 1;
    } else if (c === OPEN_ARRAY || c === OPEN_OBJECT) {
      if (++depth > JSON_LIMITS.depth)
        throw new InterchangeError('wayline_import.json_depth', { max: JSON_LIMITS.depth });
      if (++containers > JSON_LIMITS.containers)
        throw new InterchangeError('wayline_import.too_many_values', {
          max: JSON_LIMITS.containers,
        });
      if (c === OPEN_ARRAY && startsNumber(bytes[skipSpace(bytes, i + 1)]))
        if (++positions > INTERCHANGE_LIMITS.vertices)
          throw new WaylineFileError('wayline.too_many_points', {
            max: INTERCHANGE_LIMITS.vertices,
            count: `${positions}+`,
          });
    } else if (c === CLOSE_ARRAY || c === CLOSE_OBJECT) {
      depth--;
    }
  }
}
