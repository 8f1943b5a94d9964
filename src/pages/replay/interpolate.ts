/**
 * Where an aircraft was at any instant of a replay, pure: between two stored points that are close
 * enough in time the position, height and speed are interpolated linearly (points are a second
 * apart, or a downsampling bucket's length for long windows); battery and mode hold their last
 * reported value. Outside the stored points, or across a gap, the aircraft is not drawn.
 */
import type { ReplayTrack } from '../../../protocol/replay.ts';

/** The aircraft at one instant. */
export interface Sample {
  lng: number;
  lat: number;
  height: number | null;
  speed: number | null;
  battery: number | null;
  mode: number | null;
  /** Direction of travel, degrees clockwise from north; null when it did not move. */
  heading: number | null;
  /** Index of the stored point at or before the instant. */
  index: number;
}

/** Index of the last element of ascending `times` at or before `t`; -1 when none is. */
export function indexAtOrBefore(times: readonly number[], t: number): number {
  let lo = 0;
  let hi = times.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if ((times[mid] ?? Infinity) <= t) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

const lerp = (a: number, b: number, f: number): number => a + (b - a) * f;

/** `a` and `b` blended by `f` when both are known, else whichever is. */
function blend(a: number | null | undefined, b: number | null | undefined, f: number) {
  if (a === null || a === undefined) return b ?? null;
  if (b === null || b === undefined) return a;
  return lerp(a, b, f);
}

/** Initial bearing from one WGS-84 position to another, degrees clockwise from north. */
export function bearing(lng1: number, lat1: number, lng2: number, lat2: number): number | null {
  if (lng1 === lng2 && lat1 === lat2) return null;
  const rad = Math.PI / 180;
  const y = Math.sin((lng2 - lng1) * rad) * Math.cos(lat2 * rad);
  const x =
    Math.cos(lat1 * rad) * Math.sin(lat2 * rad) -
    Math.sin(lat1 * rad) * Math.cos(lat2 * rad) * Math.cos((lng2 - lng1) * rad);
  return (((Math.atan2(y, x) / rad) % 360) + 360) % 360;
}

/** The heading around point `i`: towards the next point, else from the previous one. */
function headingAt(track: ReplayTrack, i: number, maxGapMs: number): number | null {
  for (const [a, b] of [
    [i, i + 1],
    [i - 1, i],
  ] as const) {
    const ta = track.t[a];
    const tb = track.t[b];
    if (ta === undefined || tb === undefined || tb - ta > maxGapMs) continue;
    const h = bearing(track.lng[a] ?? 0, track.lat[a] ?? 0, track.lng[b] ?? 0, track.lat[b] ?? 0);
    if (h !== null) return h;
  }
  return null;
}

/**
 * The aircraft of `track` at `t` (ms after the window's start, like `track.t`). Two neighbouring
 * points at most `maxGapMs` apart are blended; after its last point before a gap the aircraft stays
 * where it was for `holdMs` (the length one point stands for), then is gone. Null when not drawn.
 */
export function sampleAt(
  track: ReplayTrack,
  t: number,
  maxGapMs: number,
  holdMs = 1_000,
): Sample | null {
  const i = indexAtOrBefore(track.t, t);
  const ti = track.t[i];
  if (ti === undefined) return null;
  const next = i + 1;
  const tn = track.t[next];
  const joined = tn !== undefined && tn - ti <= maxGapMs;
  if (!joined && t - ti > holdMs) return null;
  const f = joined && tn > ti ? (t - ti) / (tn - ti) : 0;
  const at = (key: 'lng' | 'lat'): number =>
    joined ? lerp(track[key][i] ?? 0, track[key][next] ?? 0, f) : (track[key][i] ?? 0);
  return {
    lng: at('lng'),
    lat: at('lat'),
    height: joined ? blend(track.height[i], track.height[next], f) : (track.height[i] ?? null),
    speed: joined ? blend(track.speed[i], track.speed[next], f) : (track.speed[i] ?? null),
    battery: track.battery[i] ?? null,
    mode: track.mode[i] ?? null,
    heading: headingAt(track, i, maxGapMs),
    index: i,
  };
}

/**
 * The stored path of `track` from `since` to `t` (ms after the window's start) as lines of
 * `[lng, lat]`, broken where points are more than `maxGapMs` apart, ending at the interpolated
 * position at `t`.
 */
export function pathUntil(
  track: ReplayTrack,
  since: number,
  t: number,
  maxGapMs: number,
): [number, number][][] {
  const first = Math.max(0, indexAtOrBefore(track.t, since));
  const last = indexAtOrBefore(track.t, t);
  const lines: [number, number][][] = [];
  let line: [number, number][] = [];
  for (let i = first; i <= last; i++) {
    const prev = track.t[i - 1];
    if (line.length > 0 && prev !== undefined && (track.t[i] ?? 0) - prev > maxGapMs) {
      lines.push(line);
      line = [];
    }
    line.push([track.lng[i] ?? 0, track.lat[i] ?? 0]);
  }
  const now = (track.t[last] ?? t) < t ? sampleAt(track, t, maxGapMs) : null;
  if (now !== null && line.length > 0) line.push([now.lng, now.lat]);
  if (line.length > 0) lines.push(line);
  return lines.filter((l) => l.length > 1);
}

/** How far apart two points may be and still be joined: a second's gap, or two buckets. */
export function joinGapMs(bucketMs: number, gapMs: number): number {
  return Math.max(gapMs, 2 * bucketMs);
}
