import {
  booleanPointInPolygon,
  destination,
  distance,
  pointToLineDistance,
  polygon,
} from '@turf/turf';
import { describe, expect, it } from 'vitest';
import { defaultMapping, mappingPoints, mappingSpacing } from '../../src/lib/route/mappingRoute.ts';
import { defaultGlobals } from '../../src/lib/route/routeModel.ts';

/** A square about 400 m a side near the simulator's centre, WGS-84, not closed. */
function square(): [number, number][] {
  const sw: [number, number] = [113.95, 22.54];
  const at = (east: number, north: number): [number, number] => {
    const e = destination(sw, east, 90, { units: 'meters' }).geometry.coordinates as [
      number,
      number,
    ];
    return destination(e, north, 0, { units: 'meters' }).geometry.coordinates as [number, number];
  };
  return [at(0, 0), at(400, 0), at(400, 400), at(0, 400)];
}

describe('the mapping route', () => {
  it('spaces lines and photos from the overlaps and the field of view', () => {
    const s = { ...defaultMapping(''), height: 100, fovDeg: 90, sideOverlap: 50, frontOverlap: 75 };
    const { lineSpacing, photoSpacing } = mappingSpacing(s);
    // Footprint 2·100·tan(45°) = 200 m wide, 150 m long (3:4 frame).
    expect(lineSpacing).toBeCloseTo(100, 6);
    expect(photoSpacing).toBeCloseTo(37.5, 6);
  });

  it('covers the area with alternating lines at that spacing', () => {
    const s = { ...defaultMapping(''), height: 100, fovDeg: 90, sideOverlap: 50, frontOverlap: 75 };
    const ring = square();
    const points = mappingPoints(ring, s, defaultGlobals());
    expect(points).toHaveLength(8); // lines at 50, 150, 250, 350 m, two ends each
    const ends = points.map((p): [number, number] => [p.lng, p.lat]);
    // Neighbouring lines are one spacing apart, and they run in turn northward and southward.
    const gap = distance(ends[1] ?? [0, 0], ends[2] ?? [0, 0], { units: 'meters' });
    expect(gap).toBeGreaterThan(99);
    expect(gap).toBeLessThan(101);
    expect((ends[1]?.[1] ?? 0) > (ends[0]?.[1] ?? 0)).toBe(true);
    expect((ends[3]?.[1] ?? 0) < (ends[2]?.[1] ?? 0)).toBe(true);
    expect(points.filter((p) => p.photoEvery !== undefined).map((p) => p.photoEvery)).toEqual([
      37.5, 37.5, 37.5, 37.5,
    ]);
    // Every spot of the area lies within half a spacing of some line (coverage with overlap).
    const area = polygon([[...ring, ring[0] ?? [0, 0]]]);
    const lines = [0, 2, 4, 6].map((i) => [ends[i] ?? [0, 0], ends[i + 1] ?? [0, 0]]);
    for (let x = 5; x < 400; x += 45)
      for (let y = 5; y < 400; y += 45) {
        const sw = ring[0] ?? [0, 0];
        const e = destination(sw, x, 90, { units: 'meters' });
        const spot = destination(e, y, 0, { units: 'meters' });
        expect(booleanPointInPolygon(spot, area)).toBe(true);
        const nearest = Math.min(
          ...lines.map((l) =>
            pointToLineDistance(spot, { type: 'LineString', coordinates: l }, { units: 'meters' }),
          ),
        );
        expect(nearest).toBeLessThanOrEqual(50.5);
      }
  });

  it('turns the lines to the chosen direction', () => {
    const s = { ...defaultMapping(''), height: 100, fovDeg: 90, sideOverlap: 50, direction: 90 };
    const points = mappingPoints(square(), s, defaultGlobals());
    const [a, b] = points;
    // East–west lines: both ends of the first line share (about) one latitude.
    expect(Math.abs((a?.lat ?? 0) - (b?.lat ?? 1))).toBeLessThan(1e-5);
    expect(
      distance([a?.lng ?? 0, a?.lat ?? 0], [b?.lng ?? 0, b?.lat ?? 0], { units: 'meters' }),
    ).toBeGreaterThan(390);
  });

  it('returns nothing for a degenerate area or settings', () => {
    expect(
      mappingPoints(
        [
          [0, 0],
          [1, 1],
        ],
        defaultMapping(''),
        defaultGlobals(),
      ),
    ).toEqual([]);
    expect(
      mappingPoints(square(), { ...defaultMapping(''), sideOverlap: 100 }, defaultGlobals()),
    ).toEqual([]);
  });
});
