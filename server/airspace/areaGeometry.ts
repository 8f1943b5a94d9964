/**
 * Geometry of one area against positions and legs, in metres where it measures: whether a point is
 * inside, how far it is from the boundary, whether a leg touches or stays within the area, and
 * where a leg first reaches the boundary. Shared by the route check and the simulated aircraft.
 */
import {
  booleanIntersects,
  booleanPointInPolygon,
  booleanWithin,
  distance,
  lineString,
  pointToLineDistance,
  polygon,
} from '@turf/turf';
import type { Feature, Polygon } from 'geojson';
import type { AirspaceShape, LngLat } from '../../protocol/airspace.ts';

/** Bisection steps between two samples of a leg: 2^-20 of a metre. */
const BISECT_STEPS = 20;
/** A leg is sampled this often, m, when looking for where it reaches an area. */
const SAMPLE_M = 1;
/** At most this many samples per leg (a step of the simulator is tens of metres at most). */
const MAX_SAMPLES = 2_000;

/** Polygons as turf features, made once per shape object (the simulator asks many times a second). */
const polygons = new WeakMap<AirspaceShape, Feature<Polygon>>();

function polygonOf(shape: AirspaceShape & { type: 'polygon' }): Feature<Polygon> {
  let made = polygons.get(shape);
  if (!made) {
    made = polygon([shape.coordinates]);
    polygons.set(shape, made);
  }
  return made;
}

/** Whether `p` is inside the area (on the boundary counts as inside). */
export function insideArea(shape: AirspaceShape, p: LngLat): boolean {
  if (shape.type === 'circle')
    return distance(shape.center, p, { units: 'meters' }) <= shape.radius;
  return booleanPointInPolygon(p, polygonOf(shape));
}

/** Distance from `p` to the area's boundary, m (from inside or outside alike). */
export function distanceToBoundary(shape: AirspaceShape, p: LngLat): number {
  if (shape.type === 'circle')
    return Math.abs(distance(shape.center, p, { units: 'meters' }) - shape.radius);
  return pointToLineDistance(p, lineString(shape.coordinates), { units: 'meters' });
}

/** Whether the leg `a`→`b` touches the area anywhere (ends inside, or passes through). */
export function legTouches(shape: AirspaceShape, a: LngLat, b: LngLat): boolean {
  if (shape.type === 'circle') {
    if (a[0] === b[0] && a[1] === b[1]) return insideArea(shape, a);
    return (
      pointToLineDistance(shape.center, lineString([a, b]), { units: 'meters' }) <= shape.radius
    );
  }
  if (a[0] === b[0] && a[1] === b[1]) return insideArea(shape, a);
  return booleanIntersects(lineString([a, b]), polygonOf(shape));
}

/** Whether the whole leg `a`→`b` stays inside the area. */
export function legWithin(shape: AirspaceShape, a: LngLat, b: LngLat): boolean {
  // A circle is convex: a leg with both ends inside stays inside.
  if (shape.type === 'circle') return insideArea(shape, a) && insideArea(shape, b);
  if (a[0] === b[0] && a[1] === b[1]) return insideArea(shape, a);
  return booleanWithin(lineString([a, b]), polygonOf(shape));
}

/**
 * How far along `a`→`b` (0–1) the leg can go before it first gets where `blocked` holds (`a` itself
 * being allowed); null when it never does. The leg is sampled every {@link SAMPLE_M} so a thin area
 * crossed in one step is not missed, then the boundary is found by bisection, on the allowed side.
 */
export function freeUntil(
  a: LngLat,
  b: LngLat,
  lengthM: number,
  blocked: (p: LngLat) => boolean,
): number | null {
  const samples = Math.max(1, Math.min(MAX_SAMPLES, Math.ceil(lengthM / SAMPLE_M)));
  for (let k = 1; k <= samples; k++) {
    if (!blocked(along(a, b, k / samples))) continue;
    let free = (k - 1) / samples;
    let hit = k / samples;
    for (let i = 0; i < BISECT_STEPS; i++) {
      const mid = (free + hit) / 2;
      if (blocked(along(a, b, mid))) hit = mid;
      else free = mid;
    }
    return free;
  }
  return null;
}

/** The position a fraction `t` of the way from `a` to `b` (planar: legs are short). */
export function along(a: LngLat, b: LngLat, t: number): LngLat {
  return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];
}
