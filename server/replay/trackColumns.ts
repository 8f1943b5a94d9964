/**
 * Tracks of a replay window as columns. A short window (or a wide timeline) answers every stored
 * point; a long one is downsampled per aircraft and time bucket (one bucket per pixel of the
 * timeline), keeping of each bucket only real points: its first and last, its lowest and highest,
 * and its fastest (reduceTrack.ts). Peaks and dips therefore survive any window length (an M4-style
 * reduction), and every answered point is one the aircraft really reported. Buckets of whole
 * minutes read the thinned minutes (trackRollup.ts: the same five points per minute) where they
 * exist, so a month reads a twelfth of its points.
 *
 * The database answers one row per aircraft whose columns are comma-separated number lists
 * (trackSql.ts), so no point ever becomes a JavaScript object or value of its own: an hour of 200
 * aircraft is 720 000 points. Every point answered: the lists are already the answer's whole
 * numbers and go into it as they are (windowJson.ts); only times and modes are parsed, for the lanes
 * (and the rest only when points came out of order). Downsampled: the lists are parsed into typed
 * arrays, reduced and written.
 */
import { TRACK_GAP_MS } from '../../protocol/replay.ts';
import type { Db } from '../db/Db.ts';
import type { TrackText } from './columnText.ts';
import {
  ascending,
  listLength,
  parseList,
  parseTrack,
  sortedByTime,
  writeTrack,
} from './columnText.ts';
import type { Activity } from './lanes.ts';
import { pointRuns, reduceTrack } from './reduceTrack.ts';
import { KEEP_MIN_BUCKET_MS, rolledSpan } from './trackRollup.ts';
import { trackSql } from './trackSql.ts';

export interface TrackRead {
  tracks: TrackText[];
  /** Per aircraft, the spans in which it reported (runs of points, or a bucket's first to last). */
  activity: Map<string, Activity>;
}

/** Values to the whole numbers the answer carries (`ReplayTrackWire`). */
const e7 = (v: number): number => Math.round(v * 1e7);
const tenths = (v: number): number => Math.round(v * 10);
const whole = (v: number): number => Math.round(v);

/**
 * How a reduced track is written. Scaled and rounded only now: rounding first would make ties of
 * values that differ, and a tie may pick another point than the thinned minutes kept.
 */
const SCALED = {
  t: whole,
  lng: e7,
  lat: e7,
  height: tenths,
  speed: tenths,
  battery: whole,
  mode: whole,
};
/** How a track read already scaled is written again (after sorting or reducing): as it is. */
const AS_READ = {
  t: whole,
  lng: whole,
  lat: whole,
  height: whole,
  speed: whole,
  battery: whole,
  mode: whole,
};

/**
 * A track kept whole (its lists already the answer's numbers), in time order, with the activity of
 * its points for the lanes. Only times and modes are parsed, unless the points came out of order.
 */
function wholeTrack(text: TrackText, base: number): { text: TrackText; activity: Activity } {
  const count = listLength(text.t);
  const t = parseList(text.t, count);
  if (ascending(t)) {
    const activity = pointRuns(t, parseList(text.mode, count), base, TRACK_GAP_MS);
    return { text, activity };
  }
  const sorted = sortedByTime(parseTrack(text));
  const activity = pointRuns(sorted.t, sorted.mode, base, TRACK_GAP_MS);
  return { text: writeTrack(sorted, AS_READ), activity };
}

/** PostgreSQL reads the aircraft in this many parts at once, each on a connection of its pool. */
const POSTGRES_PARTS = 4;
/** Working memory of a track read: an hour of 200 aircraft groups 30 MB of lists. */
const WORK_MEM = '128MB';

/**
 * The rows of trackSql.ts for `sns`, in no particular order. PostgreSQL splits them over a few connections,
 * so a server with several cores formats them in parallel, and without JIT compilation, which costs
 * more than it saves on these few expressions (half a second for an hour of 200 aircraft). PGlite
 * has one connection: one statement.
 */
async function queryTracks(
  db: Db,
  sns: readonly string[],
  window: { from: number; to: number; base: number },
  kept: { from: number; until: number } | null,
  scaled: boolean,
): Promise<TrackText[]> {
  const read = (part: readonly string[]) =>
    db.tx(async (tx) => {
      // The lists are grouped in memory (30 MB for an hour of 200 aircraft): above the default
      // working memory, the database would spill them to disk.
      await tx.query(`set local work_mem = '${WORK_MEM}'`);
      if (tx.kind === 'postgres') await tx.query('set local jit = off');
      const [sql, params] = trackSql(part, window, kept, scaled);
      return tx.query<TrackText>(sql, params);
    });
  if (db.kind === 'pglite') return read(sns);
  const size = Math.ceil(sns.length / POSTGRES_PARTS);
  const parts = Array.from({ length: Math.ceil(sns.length / size) }, (_, i) =>
    sns.slice(i * size, (i + 1) * size),
  );
  const answers = await Promise.all(parts.map(read));
  return answers.flat();
}

/**
 * The tracks of `sns` in `[from, to)`, times in ms after `base`: every point when `bucketMs` is 0,
 * else each bucket's kept points (buckets count from the epoch, so buckets of whole minutes start
 * on whole minutes).
 */
export async function readTracks(
  db: Db,
  sns: readonly string[],
  window: { from: number; to: number; base: number },
  bucketMs: number,
): Promise<TrackRead> {
  const read: TrackRead = { tracks: [], activity: new Map() };
  if (sns.length === 0) return read;
  const { from, to, base } = window;
  // A bucket of whole minutes holds whole thinned minutes, whose five points hold its own five.
  // It must pick what the thinned minutes picked, which compared the values as stored; shorter
  // buckets read the answer's whole numbers, shorter to write and to parse.
  const minutes = bucketMs > 0 && bucketMs % KEEP_MIN_BUCKET_MS === 0;
  const kept = minutes ? await rolledSpan(db) : null;
  const texts = await queryTracks(db, [...sns].sort(), { from, to, base }, kept, !minutes);
  // In the order of the serial numbers, whatever order the database grouped them in.
  texts.sort((a, b) => (a.sn < b.sn ? -1 : a.sn > b.sn ? 1 : 0));
  for (const text of texts) {
    if (bucketMs === 0) {
      const full = wholeTrack(text, base);
      read.tracks.push(full.text);
      read.activity.set(text.sn, full.activity);
      continue;
    }
    const reduced = reduceTrack(sortedByTime(parseTrack(text)), base, bucketMs);
    read.tracks.push(writeTrack(reduced.track, minutes ? SCALED : AS_READ));
    read.activity.set(text.sn, reduced.activity);
  }
  return read;
}
