import { distance } from '@turf/turf';

export interface LngLat {
  lng: number;
  lat: number;
}

/** Great-circle distances between every pair of places, m. */
function distances(places: readonly LngLat[]): number[][] {
  return places.map((a) =>
    places.map((b) => distance([a.lng, a.lat], [b.lng, b.lat], { units: 'meters' })),
  );
}

/** Length of the open path visiting `seq` (indexes into `d`) in order, m. */
function pathLength(d: number[][], seq: readonly number[]): number {
  let sum = 0;
  for (let i = 1; i < seq.length; i++) sum += d[seq[i - 1] ?? 0]?.[seq[i] ?? 0] ?? 0;
  return sum;
}

/** Nearest neighbour from `seq[0]`: always fly to the closest place not yet visited. */
function nearestNeighbour(d: number[][], first: number, rest: readonly number[]): number[] {
  const seq = [first];
  const left = new Set(rest);
  while (left.size > 0) {
    const here = seq[seq.length - 1] ?? first;
    let best = -1;
    for (const next of left)
      if (best < 0 || (d[here]?.[next] ?? 0) < (d[here]?.[best] ?? 0)) best = next;
    seq.push(best);
    left.delete(best);
  }
  return seq;
}

/**
 * 2-opt on an open path whose first place is fixed: reverse any stretch whose reversal shortens the
 * path (which is exactly what removes a crossing), until none does.
 */
function twoOpt(d: number[][], start: readonly number[]): number[] {
  const seq = [...start];
  const at = (i: number) => seq[i] ?? 0;
  const dist = (a: number, b: number) => d[at(a)]?.[at(b)] ?? 0;
  let improved = true;
  // Each pass is O(n²) and every accepted move shortens the path, so this ends; the pass cap only
  // bounds the time on pathological inputs.
  for (let pass = 0; improved && pass < 200; pass++) {
    improved = false;
    for (let i = 1; i < seq.length - 1; i++)
      for (let j = i + 1; j < seq.length; j++) {
        const last = j === seq.length - 1;
        const before = dist(i - 1, i) + (last ? 0 : dist(j, j + 1));
        const after = dist(i - 1, j) + (last ? 0 : dist(i, j + 1));
        if (after < before - 1e-6) {
          seq.splice(i, j - i + 1, ...seq.slice(i, j + 1).reverse());
          improved = true;
        }
      }
  }
  return seq;
}

export interface InspectionOrder {
  /** Indexes into the given points, in flight order. */
  order: number[];
  /** Length of the path from the start through every point in that order, m. */
  length: number;
}

/**
 * The order to visit `points` in: nearest neighbour from the start, improved with 2-opt. The start is
 * `start` (a dock) when given, else the first point. The input order is kept if it is no longer, so
 * the answer is never worse than what was asked for.
 */
export function inspectionOrder(points: readonly LngLat[], start?: LngLat): InspectionOrder {
  if (points.length === 0) return { order: [], length: 0 };
  const places = start ? [start, ...points] : [...points];
  const d = distances(places);
  const offset = start ? 1 : 0;
  const ids = places.map((_, i) => i);
  const tour = twoOpt(d, nearestNeighbour(d, 0, ids.slice(1)));
  const given = pathLength(d, ids);
  const found = pathLength(d, tour);
  const seq = found < given ? tour : ids;
  return {
    order: seq.slice(offset).map((i) => i - offset),
    length: Math.min(found, given),
  };
}
