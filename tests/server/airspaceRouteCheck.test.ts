/**
 * The planning check of a route against a project's areas (pure): waypoints inside a no-fly area,
 * legs that cross one without a waypoint inside, waypoints and legs outside the operation areas,
 * disabled areas ignored; and the ring check the API refuses self-crossing polygons with, which
 * agrees with turf's `kinks` on random rings.
 */
import fc from 'fast-check';
import { kinks, polygon } from '@turf/turf';
import { describe, expect, it } from 'vitest';
import type { LngLat } from '../../protocol/airspace.ts';
import { square } from './helpers/squareRing.ts';
import { checkRoute } from '../../server/airspace/routeCheck.ts';
import type { CheckArea, RouteWaypoint } from '../../server/airspace/routeCheck.ts';
import { routeProblems } from '../../server/airspace/planningCheck.ts';
import { firstCrossing } from '../../server/airspace/ringCrossing.ts';

/** A no-fly square of ~220 m at 113.95, 22.54, a no-fly circle of 100 m east of it. */
const AREAS: CheckArea[] = [
  {
    area_id: 'sq',
    name: 'Square',
    kind: 'no_fly',
    enabled: true,
    shape: { type: 'polygon', coordinates: square(113.95, 22.54, 0.001) },
  },
  {
    area_id: 'ci',
    name: 'Circle',
    kind: 'no_fly',
    enabled: true,
    shape: { type: 'circle', center: [113.96, 22.54], radius: 100 },
  },
  {
    area_id: 'off',
    name: 'Disabled',
    kind: 'no_fly',
    enabled: false,
    shape: { type: 'polygon', coordinates: square(113.94, 22.54, 0.002) },
  },
];
const wp = (lng: number, lat: number): RouteWaypoint => ({ lng, lat, height: 80 });

describe('route check against airspace', () => {
  it('passes a route that keeps clear of every area', () => {
    const route = [wp(113.95, 22.545), wp(113.96, 22.545), wp(113.97, 22.545)];
    const check = checkRoute(route, AREAS);
    expect(check.clear).toBe(true);
    expect(check.waypointsInNoFly).toEqual([]);
    expect(check.legsCrossingNoFly).toEqual([]);
  });

  it('finds a waypoint inside a no-fly area and the legs into and out of it', () => {
    const route = [wp(113.945, 22.54), wp(113.95, 22.54), wp(113.955, 22.54)];
    const check = checkRoute(route, AREAS);
    expect(check.clear).toBe(false);
    expect(check.waypointsInNoFly).toEqual([{ index: 1, area_id: 'sq', name: 'Square' }]);
    expect(check.legsCrossingNoFly.map((l) => [l.from, l.to, l.area_id])).toEqual([
      [0, 1, 'sq'],
      [1, 2, 'sq'],
    ]);
  });

  it('finds a leg that crosses an area between two waypoints outside it', () => {
    // The first leg runs through the square with both ends outside it; the third waypoint is 55 m
    // from the circle's centre, so the legs to and from it touch the circle.
    const route = [
      wp(113.945, 22.54),
      wp(113.955, 22.54),
      wp(113.96, 22.5395),
      wp(113.965, 22.5395),
    ];
    const check = checkRoute(route, AREAS);
    expect(check.waypointsInNoFly.map((w) => w.index)).toEqual([2]);
    expect(check.legsCrossingNoFly.map((l) => [l.from, l.area_id])).toEqual([
      [0, 'sq'],
      [1, 'ci'],
      [2, 'ci'],
    ]);
    const clearOfCircle = checkRoute([wp(113.955, 22.542), wp(113.965, 22.542)], AREAS);
    expect(clearOfCircle.legsCrossingNoFly).toEqual([]);
  });

  it('ignores disabled areas', () => {
    expect(checkRoute([wp(113.94, 22.54)], AREAS).clear).toBe(true);
  });

  it('finds waypoints and legs outside the operation areas when the project has some', () => {
    const operation: CheckArea = {
      area_id: 'op',
      name: 'Work',
      kind: 'operation',
      enabled: true,
      shape: { type: 'polygon', coordinates: square(114.0, 22.6, 0.01) },
    };
    const inside = [wp(113.995, 22.6), wp(114.005, 22.6)];
    expect(checkRoute(inside, [operation]).clear).toBe(true);
    const out = checkRoute([...inside, wp(114.02, 22.6)], [operation]);
    expect(out.waypointsOutsideOperation).toEqual([2]);
    expect(out.legsLeavingOperation).toEqual([{ from: 1, to: 2 }]);
    const words = routeProblems(out, 'en');
    expect(words).toEqual([
      'waypoint 3 is outside the operation areas',
      'the leg from waypoint 2 to 3 leaves the operation areas',
    ]);
  });
});

describe('self-crossing rings', () => {
  it('finds a bow tie, a spike and a ring touching itself; passes simple rings', () => {
    const bowtie: LngLat[] = [
      [0, 0],
      [1, 1],
      [1, 0],
      [0, 1],
      [0, 0],
    ];
    expect(firstCrossing(bowtie)).toEqual([0.5, 0.5]);
    const spike: LngLat[] = [
      [0, 0],
      [2, 0],
      [1, 0],
      [1, 1],
      [0, 0],
    ];
    expect(firstCrossing(spike)).not.toBeNull();
    const touching: LngLat[] = [
      [0, 0],
      [2, 0],
      [2, 2],
      [1, 0],
      [0, 2],
      [0, 0],
    ];
    expect(firstCrossing(touching)).toEqual([1, 0]);
    expect(firstCrossing(square(113.95, 22.54, 0.001))).toBeNull();
    const star = Array.from({ length: 10 }, (_, i): LngLat => {
      const r = i % 2 === 0 ? 1 : 0.4;
      const a = (Math.PI * i) / 5;
      return [r * Math.cos(a), r * Math.sin(a)];
    });
    expect(firstCrossing([...star, star[0] ?? [1, 0]])).toBeNull();
  });

  it('agrees with turf kinks on random rings', () => {
    const point = fc.tuple(fc.integer({ min: 0, max: 1000 }), fc.integer({ min: 0, max: 1000 }));
    fc.assert(
      fc.property(
        fc.uniqueArray(point, { minLength: 3, maxLength: 9, selector: (p) => `${p[0]},${p[1]}` }),
        (points) => {
          const ring: LngLat[] = [...points.map(([x, y]): LngLat => [x / 1000, y / 1000])];
          ring.push(ring[0] ?? [0, 0]);
          const ours = firstCrossing(ring) !== null;
          const theirs = kinks(polygon([ring])).features.length > 0;
          // turf misses rings that only touch or double back (collinear overlaps): ours is stricter.
          if (theirs) expect(ours).toBe(true);
          if (ours && !theirs) expect(collinearTouch(ring)).toBe(true);
        },
      ),
      { numRuns: 400, seed: 42 },
    );
  });
});

/** Whether some vertex of `ring` lies on another segment or three vertices in a row are collinear. */
function collinearTouch(ring: readonly LngLat[]): boolean {
  const n = ring.length - 1;
  const cross = (a: LngLat, b: LngLat, c: LngLat) =>
    (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]);
  const onSegment = (a: LngLat, b: LngLat, c: LngLat) =>
    cross(a, b, c) === 0 &&
    Math.min(a[0], b[0]) <= c[0] &&
    c[0] <= Math.max(a[0], b[0]) &&
    Math.min(a[1], b[1]) <= c[1] &&
    c[1] <= Math.max(a[1], b[1]);
  for (let i = 0; i < n; i++)
    for (let k = 0; k < n; k++) {
      const a = ring[i];
      const b = ring[i + 1];
      const c = ring[k];
      if (!a || !b || !c || k === i || k === i + 1 || (i + 1 === n && k === 0)) continue;
      if (onSegment(a, b, c)) return true;
    }
  return false;
}
