/**
 * The downsampling of keptPoints.ts done in JavaScript, pure, over a track's typed columns: each
 * bucket keeps its first, last, lowest, highest and fastest point. The database could group the
 * same way, but reads shorter than a minute a bucket get every stored point anyway (a day at most),
 * and picking here is cheaper than its aggregate. Ties pick as the SQL does: the earliest lowest, the
 * latest highest and fastest. Also here: the activity of a track kept whole, for the lanes.
 */
import { AIRBORNE_MODE_CODES } from '../../protocol/mqtt/enums.ts';
import type { TrackColumns } from './columnText.ts';
import { TRACK_KEYS } from './columnText.ts';
import type { Activity } from './lanes.ts';

/** Whether a point's mode (NaN: none) says airborne. */
const airborneMode = (mode: number): boolean => AIRBORNE_MODE_CODES.has(mode);

/** The kept indices of bucket `[a, b)` of `track`, ascending, written to `into`; returns the count. */
function keptOf(track: TrackColumns, a: number, b: number, into: Int32Array): number {
  let low = -1;
  let high = -1;
  let fast = -1;
  const { height, speed } = track;
  for (let i = a; i < b; i++) {
    const h = height[i] ?? Number.NaN;
    if (!Number.isNaN(h)) {
      if (low < 0 || h < (height[low] ?? 0)) low = i;
      if (high < 0 || h >= (height[high] ?? 0)) high = i;
    }
    const s = speed[i] ?? Number.NaN;
    if (!Number.isNaN(s) && (fast < 0 || s >= (speed[fast] ?? 0))) fast = i;
  }
  let n = 0;
  // At most five indices: insertion into the sorted few, skipping repeats.
  for (const i of [a, low, high, fast, b - 1]) {
    if (i < 0) continue;
    let j = n;
    while (j > 0 && (into[j - 1] ?? 0) > i) j--;
    if (j > 0 && into[j - 1] === i) continue;
    into.copyWithin(j + 1, j, n);
    into[j] = i;
    n++;
  }
  return n;
}

/** `track` with only the points at `indices`. */
function pick(track: TrackColumns, indices: Int32Array, count: number): TrackColumns {
  const out = { sn: track.sn } as TrackColumns;
  for (const key of TRACK_KEYS) {
    const column = new Float64Array(count);
    for (let k = 0; k < count; k++) column[k] = track[key][indices[k] ?? 0] ?? Number.NaN;
    out[key] = column;
  }
  return out;
}

/**
 * `track` (times in ms after `base`) reduced to the kept points of buckets of `bucketMs` counted
 * from the epoch, with the activity of each bucket for the lanes.
 */
export function reduceTrack(
  track: TrackColumns,
  base: number,
  bucketMs: number,
): { track: TrackColumns; activity: Activity } {
  const { t, mode } = track;
  const kept = new Int32Array(t.length);
  const bucketKept = new Int32Array(5);
  let count = 0;
  const activity: Activity = { start: [], end: [], airborne: [] };
  const bucketOf = (i: number) => Math.floor((base + (t[i] ?? 0)) / bucketMs);
  for (let a = 0; a < t.length;) {
    const bucket = bucketOf(a);
    let b = a + 1;
    while (b < t.length && bucketOf(b) === bucket) b++;
    const n = keptOf(track, a, b, bucketKept);
    for (let k = 0; k < n; k++) kept[count++] = bucketKept[k] ?? 0;
    let airborne = false;
    for (let i = a; i < b && !airborne; i++) airborne = airborneMode(mode[i] ?? Number.NaN);
    activity.start.push(base + (t[a] ?? 0));
    activity.end.push(base + (t[b - 1] ?? 0));
    activity.airborne.push(airborne);
    a = b;
  }
  return { track: pick(track, kept, count), activity };
}

/**
 * The activity of a track kept whole (times in ms after `base`): its points joined into runs of one
 * state without a gap over `gapMs`. The lanes (lanes.ts) join points exactly so, so this gives the
 * lanes a point-by-point activity would, with a span per run instead of one per point.
 */
export function pointRuns(
  t: Float64Array,
  mode: Float64Array,
  base: number,
  gapMs: number,
): Activity {
  const runs: Activity = { start: [], end: [], airborne: [] };
  let last = -1;
  for (let i = 0; i < t.length; i++) {
    const at = base + (t[i] ?? 0);
    const airborne = airborneMode(mode[i] ?? Number.NaN);
    const end = runs.end[last];
    if (end !== undefined && runs.airborne[last] === airborne && at - end <= gapMs) {
      runs.end[last] = at;
      continue;
    }
    runs.start.push(at);
    runs.end.push(at);
    runs.airborne.push(airborne);
    last++;
  }
  return runs;
}
