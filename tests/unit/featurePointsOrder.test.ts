/**
 * The inspection order, as a pure function: never longer than the order given, and 2-opt removes a
 * crossing. The inspection KMZ itself is tested in routeInspection.test.ts.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { inspectionOrder } from '../../server/featurePoints/inspectionOrder.ts';
import type { LngLat } from '../../server/featurePoints/inspectionOrder.ts';
import { distance } from '@turf/turf';

const length = (points: readonly LngLat[], order: readonly number[], start?: LngLat) => {
  const seq = [...(start ? [start] : []), ...order.map((i) => points[i] as LngLat)];
  let sum = 0;
  for (let i = 1; i < seq.length; i++) {
    const a = seq[i - 1] as LngLat;
    const b = seq[i] as LngLat;
    sum += distance([a.lng, a.lat], [b.lng, b.lat], { units: 'meters' });
  }
  return sum;
};

const place = fc.record({
  lng: fc.double({ min: 113.8, max: 114.1, noNaN: true }),
  lat: fc.double({ min: 22.4, max: 22.7, noNaN: true }),
});

describe('inspection order', () => {
  it('visits every point once, from the first, never longer than the order given', () => {
    fc.assert(
      fc.property(fc.array(place, { minLength: 1, maxLength: 25 }), (points) => {
        const { order, length: found } = inspectionOrder(points);
        expect([...order].sort((a, b) => a - b)).toEqual(points.map((_, i) => i));
        expect(order[0]).toBe(0);
        const given = length(
          points,
          points.map((_, i) => i),
        );
        expect(found).toBeLessThanOrEqual(given + 1e-6);
        expect(length(points, order)).toBeCloseTo(found, 3);
      }),
      { numRuns: 60 },
    );
  });

  it('starts from a dock when one is given, and stays no longer than the order given', () => {
    fc.assert(
      fc.property(place, fc.array(place, { minLength: 1, maxLength: 20 }), (dock, points) => {
        const { order, length: found } = inspectionOrder(points, dock);
        expect(new Set(order).size).toBe(points.length);
        const given = length(
          points,
          points.map((_, i) => i),
          dock,
        );
        expect(found).toBeLessThanOrEqual(given + 1e-6);
      }),
      { numRuns: 60 },
    );
  });

  it('removes a crossing', () => {
    // The corners of a square in a crossing order: A, C (diagonal), B, D (diagonal again).
    const square: LngLat[] = [
      { lng: 113.94, lat: 22.53 },
      { lng: 113.95, lat: 22.54 },
      { lng: 113.95, lat: 22.53 },
      { lng: 113.94, lat: 22.54 },
    ];
    const { order } = inspectionOrder(square);
    const crossing = length(square, [0, 1, 2, 3]);
    const found = length(square, order);
    expect(found).toBeLessThan(crossing * 0.8);
    // Around the edge: never from one corner straight to the opposite one.
    const opposite = new Set(['0-1', '1-0', '2-3', '3-2']);
    for (let i = 1; i < order.length; i++)
      expect(opposite.has(`${String(order[i - 1])}-${String(order[i])}`)).toBe(false);
  });

  it('gives an empty order for no points', () => {
    expect(inspectionOrder([])).toEqual({ order: [], length: 0 });
  });
});
