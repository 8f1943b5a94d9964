/**
 * The hatching that marks a hole of a mapping area on the editor's map: strokes only inside the
 * hole, concave ones included, at 45° on screen.
 */
import { booleanPointInPolygon, polygon } from '@turf/turf';
import { describe, expect, it } from 'vitest';
import { hatchLines } from '../../src/pages/waylineEditor/hatchLines.ts';

type Point = [number, number];

const inside = (ring: Point[], p: Point) =>
  booleanPointInPolygon(p, polygon([[...ring, ring[0] ?? [0, 0]]]), { ignoreBoundary: true });
const middle = ([a, b]: [Point, Point]): Point => [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];

describe('hatching a hole', () => {
  it('draws strokes across a square, each inside it and at 45° on screen', () => {
    const square: Point[] = [
      [113.95, 22.53],
      [113.951, 22.53],
      [113.951, 22.531],
      [113.95, 22.531],
    ];
    const strokes = hatchLines(square);
    expect(strokes.length).toBeGreaterThan(8);
    const k = Math.cos((22.5305 * Math.PI) / 180);
    for (const stroke of strokes) {
      expect(inside(square, middle(stroke))).toBe(true);
      const [[x1, y1], [x2, y2]] = stroke;
      expect(Math.abs((y2 - y1) / ((x2 - x1) * k))).toBeCloseTo(1, 3);
    }
  });

  it('leaves the notch of a concave hole unhatched', () => {
    // A U: the notch between its arms is not part of the hole.
    const u: Point[] = [
      [0, 0],
      [3, 0],
      [3, 3],
      [2, 3],
      [2, 1],
      [1, 1],
      [1, 3],
      [0, 3],
    ];
    const strokes = hatchLines(u, 30);
    expect(strokes.length).toBeGreaterThan(30);
    for (const stroke of strokes) expect(inside(u, middle(stroke))).toBe(true);
  });

  it('draws nothing for fewer than three corners', () => {
    expect(
      hatchLines([
        [0, 0],
        [1, 1],
      ]),
    ).toEqual([]);
  });
});
