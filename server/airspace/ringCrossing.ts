/**
 * Where a closed ring crosses or touches itself, if it does. turf's `kinks` answers the same
 * question but collects every crossing first: a hostile ring of 10 000 vertices zig-zagging over
 * itself has tens of millions of them, enough to take the server's memory. This stops at the first
 * one and allocates nothing per pair; segments are swept in order of their west end, so a ring
 * whose segments are short compares each one with its few neighbours only.
 */
import type { LngLat } from '../../protocol/airspace.ts';

type P = readonly [number, number];

const orient = (a: P, b: P, c: P): number =>
  (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]);

/** Whether `c`, collinear with `a`–`b`, lies within the segment's box. */
const within = (a: P, b: P, c: P): boolean =>
  Math.min(a[0], b[0]) <= c[0] &&
  c[0] <= Math.max(a[0], b[0]) &&
  Math.min(a[1], b[1]) <= c[1] &&
  c[1] <= Math.max(a[1], b[1]);

/** A point the two segments share, or null: touching counts, as a ring may not touch itself. */
function meet(a: P, b: P, c: P, d: P): LngLat | null {
  const o1 = orient(a, b, c);
  const o2 = orient(a, b, d);
  const o3 = orient(c, d, a);
  const o4 = orient(c, d, b);
  if (o1 === 0 && within(a, b, c)) return [c[0], c[1]];
  if (o2 === 0 && within(a, b, d)) return [d[0], d[1]];
  if (o3 === 0 && within(c, d, a)) return [a[0], a[1]];
  if (o4 === 0 && within(c, d, b)) return [b[0], b[1]];
  if (o1 > 0 === o2 > 0 || o1 === 0 || o2 === 0) return null;
  if (o3 > 0 === o4 > 0 || o3 === 0 || o4 === 0) return null;
  const t = o3 / (o3 - o4);
  return [a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1])];
}

/**
 * Two segments in a row meet at their shared vertex, which is fine, unless the second runs back
 * along the first (a spike of zero width).
 */
function doublesBack(a: P, shared: P, c: P): boolean {
  if (orient(a, shared, c) !== 0) return false;
  return (a[0] - shared[0]) * (c[0] - shared[0]) + (a[1] - shared[1]) * (c[1] - shared[1]) > 0;
}

/**
 * The first place where `ring` (closed: the first position repeated last, no position repeated
 * twice in a row) crosses or touches itself; null when it is a simple polygon's boundary.
 */
export function firstCrossing(ring: readonly LngLat[]): LngLat | null {
  const n = ring.length - 1;
  if (n < 3) return null;
  const at = (i: number): P => ring[i] ?? [0, 0];
  for (let i = 0; i < n; i++) {
    const next = (i + 1) % n;
    if (doublesBack(at(i), at(i + 1), at(next + 1))) return [at(i + 1)[0], at(i + 1)[1]];
  }
  const west = (i: number) => Math.min(at(i)[0], at(i + 1)[0]);
  const order = Array.from({ length: n }, (_, i) => i).sort((x, y) => west(x) - west(y));
  for (let k = 0; k < n; k++) {
    const i = order[k] ?? 0;
    const east = Math.max(at(i)[0], at(i + 1)[0]);
    const south = Math.min(at(i)[1], at(i + 1)[1]);
    const north = Math.max(at(i)[1], at(i + 1)[1]);
    for (let m = k + 1; m < n; m++) {
      const j = order[m] ?? 0;
      if (west(j) > east) break;
      const gap = Math.abs(i - j);
      if (gap === 1 || gap === n - 1) continue;
      if (Math.max(at(j)[1], at(j + 1)[1]) < south || Math.min(at(j)[1], at(j + 1)[1]) > north)
        continue;
      const point = meet(at(i), at(i + 1), at(j), at(j + 1));
      if (point) return point;
    }
  }
  return null;
}
