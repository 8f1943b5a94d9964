/**
 * Track columns as text, both ways, without an object per value: the database answers each column
 * of an aircraft as one comma-separated list of numbers (`null` where a point had none), which is
 * already the inside of a JSON array. Reads that keep every point write those lists into the answer
 * untouched; reads that downsample parse them here into typed arrays (NaN for null) and write the
 * kept values back.
 */
import type { ReplayTrackWire } from '../../protocol/replay.ts';

/**
 * One aircraft's columns as JSON number lists without their brackets, oldest point first: as the
 * answer carries them (whole numbers, `ReplayTrackWire`), or as stored before a reduction.
 */
export interface TrackText {
  sn: string;
  t: string;
  lng: string;
  lat: string;
  height: string;
  speed: string;
  battery: string;
  mode: string;
}

/** The numeric columns of a track. */
export const TRACK_KEYS = ['t', 'lng', 'lat', 'height', 'speed', 'battery', 'mode'] as const;
export type TrackKey = (typeof TRACK_KEYS)[number];

/** Each column's name in the answer (`ReplayTrackWire`), which says its unit. */
export const WIRE_NAMES = {
  t: 't',
  lng: 'lng_e7',
  lat: 'lat_e7',
  height: 'height_dm',
  speed: 'speed_dm_s',
  battery: 'battery',
  mode: 'mode',
} as const satisfies Record<TrackKey, keyof ReplayTrackWire>;

/** One aircraft's columns parsed (values as stored); NaN where a point had no value. */
export type TrackColumns = { sn: string } & Record<TrackKey, Float64Array>;

const COMMA = 44;
const MINUS = 45;
const DOT = 46;
const ZERO = 48;
const NINE = 57;
/** Powers of ten a double holds exactly: dividing by one of them rounds once, correctly. */
const EXACT_POWERS = Array.from({ length: 23 }, (_, i) => 10 ** i);

/**
 * The value of `text[a, b)`. Plain decimals with at most 15 digits take the exact fast path (an
 * integer below 2^53 divided by an exact power of ten is the correctly rounded value, the same
 * double `Number` gives); anything else (an exponent, `null`, more digits) goes through `Number`.
 */
function valueAt(text: string, a: number, b: number): number {
  let i = a;
  const negative = text.charCodeAt(i) === MINUS;
  if (negative) i++;
  let mantissa = 0;
  let digits = 0;
  let decimals = -1;
  for (; i < b; i++) {
    const c = text.charCodeAt(i);
    if (c >= ZERO && c <= NINE) {
      mantissa = mantissa * 10 + (c - ZERO);
      digits++;
      if (decimals >= 0) decimals++;
    } else if (c === DOT && decimals < 0) decimals = 0;
    else break;
  }
  // `null`, an exponent, too many digits, or an empty item (which `Number` would read as 0).
  if (i < b || digits === 0 || digits > 15) return b > a ? Number(text.slice(a, b)) : Number.NaN;
  const value = decimals > 0 ? mantissa / (EXACT_POWERS[decimals] ?? 10 ** decimals) : mantissa;
  return negative ? -value : value;
}

/** Parses a comma-separated list of `count` numbers (`null` as NaN). */
export function parseList(text: string, count: number): Float64Array {
  const out = new Float64Array(count);
  let a = 0;
  for (let n = 0; n < count; n++) {
    let b = text.indexOf(',', a);
    if (b < 0) b = text.length;
    out[n] = valueAt(text, a, b);
    a = b + 1;
  }
  return out;
}

/** How many numbers a comma-separated list holds. */
export function listLength(text: string): number {
  if (text === '') return 0;
  let n = 1;
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === COMMA) n++;
  return n;
}

const NULL = [110, 117, 108, 108]; // "null"
/** The digits of one integer, last first (2^53 has 16 of them). */
const digits = new Uint8Array(20);

/**
 * A JSON number list (without brackets) of `values` rounded to whole numbers by `round`, NaN written
 * as null. Written digit by digit into bytes: a string per value would be most of the cost of
 * writing a downsampled hour of a fleet.
 */
export function writeList(values: Float64Array, round: (v: number) => number): string {
  // At most 17 characters and a comma per value (below 2^53 in magnitude).
  const out = Buffer.allocUnsafe(Math.max(1, values.length * 18));
  let at = 0;
  for (let i = 0; i < values.length; i++) {
    if (i > 0) out[at++] = COMMA;
    const v = values[i] ?? Number.NaN;
    if (Number.isNaN(v)) {
      for (const c of NULL) out[at++] = c;
      continue;
    }
    let n = round(v);
    if (n < 0) {
      out[at++] = MINUS;
      n = -n;
    }
    let count = 0;
    do {
      digits[count++] = ZERO + (n % 10);
      n = Math.floor(n / 10);
    } while (n > 0);
    while (count > 0) out[at++] = digits[--count] ?? ZERO;
  }
  return out.toString('latin1', 0, at);
}

/** Each column parsed from `text`. */
export function parseTrack(text: TrackText): TrackColumns {
  const count = listLength(text.t);
  return {
    sn: text.sn,
    t: parseList(text.t, count),
    lng: parseList(text.lng, count),
    lat: parseList(text.lat, count),
    height: parseList(text.height, count),
    speed: parseList(text.speed, count),
    battery: parseList(text.battery, count),
    mode: parseList(text.mode, count),
  };
}

/** Whether `values` ascend strictly: a track's times as they should come. */
export function ascending(values: Float64Array): boolean {
  for (let i = 1; i < values.length; i++)
    if (!((values[i] ?? 0) > (values[i - 1] ?? 0))) return false;
  return true;
}

/** `track` in time order: itself when it already is, else its points sorted by time. */
export function sortedByTime(track: TrackColumns): TrackColumns {
  if (ascending(track.t)) return track;
  const order = Array.from(track.t.keys()).sort((a, b) => (track.t[a] ?? 0) - (track.t[b] ?? 0));
  const out = { sn: track.sn } as TrackColumns;
  for (const key of TRACK_KEYS)
    out[key] = Float64Array.from(order, (i) => track[key][i] ?? Number.NaN);
  return out;
}

/** Every column of `track` written as a list, each value through its column's `round`. */
export function writeTrack(
  track: TrackColumns,
  round: Record<TrackKey, (v: number) => number>,
): TrackText {
  const out = { sn: track.sn } as TrackText;
  for (const key of TRACK_KEYS) out[key] = writeList(track[key], round[key]);
  return out;
}
