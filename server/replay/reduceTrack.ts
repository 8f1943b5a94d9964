/**
 * The downsampling of keptPoints.ts done in JavaScript, pure, for windows whose buckets are shorter
 * than a minute: there every stored point is read anyway (a day at most), and picking each bucket's
 * first, last, lowest, highest and fastest point here is cheaper than the database's aggregate.
 * Ties pick as the SQL does: the earliest lowest, the latest highest and fastest.
 */
import { AIRBORNE_MODE_CODES } from '../../protocol/mqtt/enums.ts';
import type { ReplayTrack } from '../../protocol/replay.ts';
import type { Activity } from './lanes.ts';

const KEYS = ['t', 'lng', 'lat', 'height', 'speed', 'battery', 'mode'] as const;

/** The kept indices of one bucket `[a, b)` of `track`, in time order. */
function keptOf(track: ReplayTrack, a: number, b: number): number[] {
  let low = -1;
  let high = -1;
  let fast = -1;
  for (let i = a; i < b; i++) {
    const h = track.height[i] ?? null;
    if (h !== null) {
      if (low < 0 || h < (track.height[low] ?? 0)) low = i;
      if (high < 0 || h >= (track.height[high] ?? 0)) high = i;
    }
    const s = track.speed[i] ?? null;
    if (s !== null && (fast < 0 || s >= (track.speed[fast] ?? 0))) fast = i;
  }
  return [...new Set([a, low, high, fast, b - 1].filter((i) => i >= 0))].sort((x, y) => x - y);
}

/**
 * `track` (times in ms after `from`) reduced to the kept points of buckets of `bucketMs` counted
 * from the epoch, with the activity of each bucket for the lanes.
 */
export function reduceTrack(
  track: ReplayTrack,
  from: number,
  bucketMs: number,
): { track: ReplayTrack; activity: Activity } {
  const out: ReplayTrack = {
    sn: track.sn,
    t: [],
    lng: [],
    lat: [],
    height: [],
    speed: [],
    battery: [],
    mode: [],
  };
  const activity: Activity = { start: [], end: [], airborne: [] };
  const bucketOf = (i: number) => Math.floor((from + (track.t[i] ?? 0)) / bucketMs);
  for (let a = 0; a < track.t.length;) {
    const bucket = bucketOf(a);
    let b = a + 1;
    while (b < track.t.length && bucketOf(b) === bucket) b++;
    for (const i of keptOf(track, a, b))
      for (const key of KEYS) (out[key] as (number | null)[]).push(track[key][i] ?? null);
    let airborne = false;
    for (let i = a; i < b && !airborne; i++)
      airborne = AIRBORNE_MODE_CODES.has(track.mode[i] ?? -1);
    activity.start.push(from + (track.t[a] ?? 0));
    activity.end.push(from + (track.t[b - 1] ?? 0));
    activity.airborne.push(airborne);
    a = b;
  }
  return { track: out, activity };
}
