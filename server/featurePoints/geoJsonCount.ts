/**
 * Counts the features of a GeoJSON text without parsing it, so a file of millions of features is
 * refused for its count before `JSON.parse` builds millions of objects. The scan follows strings
 * (with their escapes) and brackets only; it does not check the JSON, which the parse that follows
 * does for any file within the limit.
 */

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;

const isBlank = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;

/** The index just past the string whose opening quote is at `open` (the text's length if unclosed). */
function stringEnd(text: string, open: number): number {
  let i = open + 1;
  for (;;) {
    const close = text.indexOf('"', i);
    if (close === -1) return text.length;
    // The quote is escaped when an odd number of backslashes stands right before it.
    let slashes = 0;
    while (text.charCodeAt(close - 1 - slashes) === BACKSLASH) slashes++;
    if (slashes % 2 === 0) return close + 1;
    i = close + 1;
  }
}

/**
 * The text of a quoted string that may be a key, as `JSON.parse` would read it (escapes such as
 * `\u0066` included, so an escaped `features` is still found); undefined for a string far longer
 * than any key this scan looks for, which is a value.
 */
function keyOf(quoted: string): string | undefined {
  if (quoted.length > 64) return undefined;
  if (!quoted.includes('\\')) return quoted.slice(1, -1);
  try {
    const text: unknown = JSON.parse(quoted);
    return typeof text === 'string' ? text : undefined;
  } catch {
    return undefined;
  }
}

/**
 * How many elements the `features` arrays of the top-level object hold, counting no further than
 * `limit + 1`: an answer above `limit` means "more than `limit`". Should the object name `features`
 * more than once (where `JSON.parse` keeps the last), every such array counts, so no array can hide
 * behind another.
 */
export function countFeatures(text: string, limit: number): number {
  let depth = 0;
  /** The last string read directly inside the top-level object: the key when a value follows. */
  let key: string | undefined;
  /** The depth of the elements of the `features` array being counted, or 0. */
  let counting = 0;
  let expectElement = false;
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (isBlank(c)) continue;
    if (counting !== 0 && depth === counting && expectElement && c !== CLOSE_ARRAY) {
      expectElement = false;
      count++;
      if (count > limit) return count;
    }
    if (c === QUOTE) {
      const end = stringEnd(text, i);
      if (depth === 1) key = keyOf(text.slice(i, end));
      i = end - 1;
    } else if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      depth++;
      if (c === OPEN_ARRAY && depth === 2 && key === 'features') {
        counting = 2;
        expectElement = true;
      }
    } else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) {
      if (depth === counting) counting = 0;
      depth--;
    } else if (c === COMMA && counting !== 0 && depth === counting) expectElement = true;
  }
  return count;
}
