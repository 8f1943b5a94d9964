/**
 * A track's line thinned for drawing, pure (Douglas–Peucker over the track's own columns): the
 * whole-window tracks are a faint backdrop, and an hour of 200 aircraft at one point a second is
 * 720 000 vertices for the map's worker to cut into tiles before the fleet shows. Points closer to
 * the line through their neighbours than the tolerance are dropped; the bright trail behind each
 * aircraft keeps every point.
 */
import type { ReplayTrack } from '../../../protocol/replay.ts';

/** Metres per degree of latitude (and of longitude at the equator). */
const M_PER_DEG = 111_320;

/** Squared distance, m², from point `p` to the segment `a`–`b` (planar, metres). */
function segmentDist2(px: number, py: number, ax: number, ay: number, bx: number, by: number) {
  const dx = bx - ax;
  const dy = by - ay;
  const len2 = dx * dx + dy * dy;
  const f = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / len2));
  const ex = px - (ax + f * dx);
  const ey = py - (ay + f * dy);
  return ex * ex + ey * ey;
}

/**
 * The indices of `track[first..last]` that keep its line within `toleranceM` metres, in order,
 * appended to `out`. Positions are taken as planar around the first point (metres east and north),
 * which is exact enough over a flight.
 */
function keep(track: ReplayTrack, first: number, last: number, toleranceM: number, out: number[]) {
  const lat0 = track.lat[first] ?? 0;
  const kx = M_PER_DEG * Math.cos((lat0 * Math.PI) / 180);
  const x = (i: number) => (track.lng[i] ?? 0) * kx;
  const y = (i: number) => (track.lat[i] ?? 0) * M_PER_DEG;
  const marked = new Uint8Array(last - first + 1);
  marked[0] = 1;
  marked[last - first] = 1;
  const stack: number[] = [first, last];
  const tol2 = toleranceM * toleranceM;
  while (stack.length > 0) {
    const b = stack.pop() ?? 0;
    const a = stack.pop() ?? 0;
    let worst = -1;
    let worstD = tol2;
    const ax = x(a);
    const ay = y(a);
    const bx = x(b);
    const by = y(b);
    for (let i = a + 1; i < b; i++) {
      const d = segmentDist2(x(i), y(i), ax, ay, bx, by);
      if (d > worstD) {
        worst = i;
        worstD = d;
      }
    }
    if (worst < 0) continue;
    marked[worst - first] = 1;
    stack.push(a, worst, worst, b);
  }
  for (let i = 0; i < marked.length; i++) if (marked[i] === 1) out.push(first + i);
}

/**
 * The drawn lines of `track`: runs of points broken where two are more than `maxGapMs` apart, each
 * thinned to within `toleranceM`, as `[lng, lat]` pairs. Runs of a single point draw nothing.
 */
export function simplifiedLines(
  track: ReplayTrack,
  maxGapMs: number,
  toleranceM: number,
): [number, number][][] {
  const lines: [number, number][][] = [];
  let start = 0;
  for (let i = 1; i <= track.t.length; i++) {
    const broken = i === track.t.length || (track.t[i] ?? 0) - (track.t[i - 1] ?? 0) > maxGapMs;
    if (!broken) continue;
    if (i - 1 > start) {
      const kept: number[] = [];
      keep(track, start, i - 1, toleranceM, kept);
      lines.push(kept.map((k) => [track.lng[k] ?? 0, track.lat[k] ?? 0]));
    }
    start = i;
  }
  return lines;
}
