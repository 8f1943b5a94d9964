/**
 * Tracks of a replay window as columns. A short window (or a wide timeline) answers every stored
 * point; a long one is downsampled per aircraft and time bucket (one bucket per pixel of the
 * timeline), keeping of each bucket only real points: its first and last, its lowest and highest,
 * and its fastest (reduceTrack.ts). Peaks and dips therefore survive any window length (an M4-style
 * reduction), and every answered point is one the aircraft really reported. Buckets of whole
 * minutes read the thinned minutes (trackRollup.ts: the same five points per minute) where they
 * exist, so a month reads a twelfth of its points.
 */
import { AIRBORNE_MODE_CODES } from '../../protocol/mqtt/enums.ts';
import type { ReplayTrack } from '../../protocol/replay.ts';
import type { Db } from '../db/Db.ts';
import { POINT_COLUMNS } from './keptPoints.ts';
import type { Activity } from './lanes.ts';
import { reduceTrack } from './reduceTrack.ts';
import { KEEP_MIN_BUCKET_MS, rolledSpan } from './trackRollup.ts';

export interface TrackRead {
  tracks: ReplayTrack[];
  /** Per aircraft, the spans in which it reported (a point, or a bucket's first to last point). */
  activity: Map<string, Activity>;
}

const MINUTE_MS = 60_000;

/** Degrees to 1e-7 (about a centimetre): more digits only make the answer longer. */
const deg = (v: number): number => Math.round(v * 1e7) / 1e7;
const tenth = (v: number | null): number | null => (v === null ? null : Math.round(v * 10) / 10);
const whole = (v: number | null): number | null => (v === null ? null : Math.round(v));

interface RawRow {
  sn: string;
  t: number[];
  lat: number[];
  lng: number[];
  height: (number | null)[];
  speed: (number | null)[];
  battery: (number | null)[];
  mode: (number | null)[];
}

/** One aircraft's row as a track with times after `from`, values as stored. */
function trackOf(r: RawRow, from: number): ReplayTrack {
  return { ...r, t: r.t.map((t) => Math.round(t - from)) };
}

/**
 * Values rounded to what is worth sending. Done after the downsampling: rounding first would make
 * ties of values that differ, and a tie may pick another point than the thinned minutes kept.
 */
function rounded(track: ReplayTrack): ReplayTrack {
  return {
    ...track,
    lng: track.lng.map(deg),
    lat: track.lat.map(deg),
    height: track.height.map((v) => tenth(v ?? null)),
    speed: track.speed.map((v) => tenth(v ?? null)),
    battery: track.battery.map((v) => whole(v ?? null)),
    mode: track.mode.map((v) => whole(v ?? null)),
  };
}

/** Each point as its own span of activity, airborne or not. */
function pointActivity(track: ReplayTrack, from: number): Activity {
  const abs = track.t.map((t) => t + from);
  const airborne = track.mode.map((m) => m !== null && AIRBORNE_MODE_CODES.has(m));
  return { start: abs, end: abs, airborne };
}

/**
 * Where a read takes its points: the thinned minutes (`device_track_keep`) for the whole minutes of
 * `[from, to)` within `kept` (the span thinned so far), every stored point for the rest (a
 * part-minute at either end, what is not thinned yet, what was stored before thinning began).
 * Returns the SQL and its parameters after the first three.
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
  const sql = `${raw('$2', '$4')}
    union all
    select ${POINT_COLUMNS} from device_track_keep
      where device_sn = any($1) and ts >= $4 and ts < $5
    union all
    ${raw('$5', '$3')}`;
  return [sql, [new Date(keepFrom), new Date(keepTo)]];
}

/** The points of `sns` in `[from, to)` from `source`: one row per aircraft, columns as arrays. */
async function readRows(
  db: Db,
  sns: readonly string[],
  from: number,
  to: number,
  kept: { from: number; until: number } | null,
): Promise<ReplayTrack[]> {
  const [source, extra] = pointSource(from, to, kept);
  const rows = await db.query<RawRow>(
    `select device_sn as sn,
       array_agg(date_part('epoch', ts) * 1000 order by ts) as t,
       array_agg(latitude order by ts) as lat, array_agg(longitude order by ts) as lng,
       array_agg(height order by ts) as height, array_agg(horizontal_speed order by ts) as speed,
       array_agg(battery_percent order by ts) as battery, array_agg(mode_code order by ts) as mode
     from (${source}) p
     group by device_sn order by device_sn`,
    [sns, new Date(from), new Date(to), ...extra],
  );
  return rows.map((r) => trackOf(r, from));
}

/**
 * The tracks of `sns` in `[from, to)`: every point when `bucketMs` is 0, else each bucket's kept
 * points (buckets count from the epoch, so buckets of whole minutes start on whole minutes).
 */
export async function readTracks(
  db: Db,
  sns: readonly string[],
  from: number,
  to: number,
  bucketMs: number,
): Promise<TrackRead> {
  const read: TrackRead = { tracks: [], activity: new Map() };
  if (sns.length === 0) return read;
  // A bucket of whole minutes holds whole thinned minutes, whose five points hold its own five.
  const kept = bucketMs > 0 && bucketMs % KEEP_MIN_BUCKET_MS === 0 ? await rolledSpan(db) : null;
  for (const track of await readRows(db, sns, from, to, kept)) {
    if (bucketMs === 0) {
      read.tracks.push(rounded(track));
      read.activity.set(track.sn, pointActivity(track, from));
      continue;
    }
    const reduced = reduceTrack(track, from, bucketMs);
    read.tracks.push(rounded(reduced.track));
    read.activity.set(track.sn, reduced.activity);
  }
  return read;
}
