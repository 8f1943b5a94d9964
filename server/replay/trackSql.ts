/**
 * The statement that reads a window's tracks: one row per aircraft, each column one comma-separated
 * list of numbers (`null` where a point had none), each value written as text once, by the
 * database, instead of being parsed into an array and encoded again.
 *
 * The lists come in the order the points were read, not sorted: points are stored second by second
 * across the fleet, so an aircraft's hour lies on thousands of pages, and one scan of the window's
 * pages grouped by aircraft reads each page once, where sorting (or reading aircraft by aircraft
 * through the key) costs as much again as the rest. Reads come in time order in practice (the pages
 * in the order they were written, or the key's order); trackColumns.ts checks it and sorts an
 * aircraft's points itself when they do not.
 */
import { POINT_COLUMNS } from './keptPoints.ts';

const MINUTE_MS = 60_000;

/** Milliseconds after the answer's base ($4), whole: the protocol's `t`. */
const T = `(date_part('epoch', ts) * 1000 - $4::float8)::int8`;

/**
 * Each column's value as written. `scaled`: the whole numbers the answer carries
 * (`ReplayTrackWire`: 1e-7 degrees, decimetres, decimetres a second; a cast to an integer rounds to
 * the nearest), for reads that keep every point. Otherwise as stored, for the downsampling to
 * compare exactly (reduceTrack.ts), which scales what it keeps (trackColumns.ts).
 */
function values(scaled: boolean): Record<string, string> {
  return scaled
    ? {
        t: T,
        lng: '(longitude * 1e7)::int8',
        lat: '(latitude * 1e7)::int8',
        height: '(height::float8 * 10)::int4',
        speed: '(horizontal_speed::float8 * 10)::int4',
        battery: 'battery_percent',
        mode: 'mode_code',
      }
    : {
        t: T,
        lng: 'longitude',
        lat: 'latitude',
        height: 'height',
        speed: 'horizontal_speed',
        battery: 'battery_percent',
        mode: 'mode_code',
      };
}

/**
 * Where the points come from: the thinned minutes (`device_track_keep`) for the whole minutes of
 * `[from, to)` within `kept` (the span thinned so far), every stored point for the rest (a
 * part-minute at either end, what is not thinned yet, what was stored before thinning began).
 * Returns the SQL and its parameters after the first four.
 */
function pointSource(
  from: number,
  to: number,
  kept: { from: number; until: number } | null,
): [string, Date[]] {
  const raw = (a: string, b: string) => `select ${POINT_COLUMNS} from device_tracks
    where device_sn = any($1) and ts >= ${a} and ts < ${b}`;
  if (kept === null) return [raw('$2', '$3'), []];
  const keepFrom = Math.ceil(Math.max(from, kept.from) / MINUTE_MS) * MINUTE_MS;
  const keepTo = Math.floor(Math.min(to, kept.until) / MINUTE_MS) * MINUTE_MS;
  if (keepTo <= keepFrom) return [raw('$2', '$3'), []];
  // Three ranges, each read through its table's key: nothing of the thinned span is scanned raw.
  const sql = `${raw('$2', '$5')}
    union all
    select ${POINT_COLUMNS} from device_track_keep
      where device_sn = any($1) and ts >= $5 and ts < $6
    union all
    ${raw('$6', '$3')}`;
  return [sql, [new Date(keepFrom), new Date(keepTo)]];
}

/**
 * The statement and parameters reading `sns` over `[from, to)`, times after `base`; aircraft
 * without a point in the window have no row, and rows come in no particular order.
 */
export function trackSql(
  sns: readonly string[],
  window: { from: number; to: number; base: number },
  kept: { from: number; until: number } | null,
  scaled: boolean,
): [string, unknown[]] {
  const [source, extra] = pointSource(window.from, window.to, kept);
  const lists = Object.entries(values(scaled))
    .map(([name, v]) => `string_agg(coalesce((${v})::text, 'null'), ',') as ${name}`)
    .join(',\n      ');
  const sql = `select device_sn as sn,
      ${lists}
    from (${source}) p
    group by device_sn`;
  return [sql, [sns, new Date(window.from), new Date(window.to), window.base, ...extra]];
}
