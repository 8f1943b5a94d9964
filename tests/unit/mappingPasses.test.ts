/**
 * The mapping lines the route editor and the wayline import share (`protocol/mapping/`): an area
 * without holes keeps the lines the editor always made, and a hole is left out: no line runs and
 * no photo is taken inside it, a line crossing it is flown as one pass each side.
 */
import { booleanPointInPolygon, buffer, destination, distance, polygon } from '@turf/turf';
import { describe, expect, it } from 'vitest';
import {
  mappingPasses,
  type LngLat,
  type MappingPass,
} from '../../protocol/mapping/mappingPasses.ts';
import { mappingSpacing } from '../../protocol/mapping/mappingSpacing.ts';
import {
  mappingLines,
  mappingSpacing as importSpacing,
} from '../../server/waylines/interchange/mappingLines.ts';
import { defaultMapping, mappingPoints } from '../../src/lib/route/mappingRoute.ts';
import { defaultGlobals } from '../../src/lib/route/routeModel.ts';

const SW: LngLat = [113.95, 22.54];

/** The point `east` m east and `north` m north of the south-west corner. */
function at(east: number, north: number): LngLat {
  const e = destination(SW, east, 90, { units: 'meters' }).geometry.coordinates;
  return destination(e, north, 0, { units: 'meters' }).geometry.coordinates as LngLat;
}

/** A rectangle from `(x0, y0)` to `(x1, y1)`, m from the south-west corner, not closed. */
const rect = (x0: number, y0: number, x1: number, y1: number): LngLat[] => [
  at(x0, y0),
  at(x1, y0),
  at(x1, y1),
  at(x0, y1),
];

/** The 400 m square all cases map. */
const SQUARE = rect(0, 0, 400, 400);
/** Lines 100 m apart: at 50, 150, 250 and 350 m from the western edge. */
const LAYOUT = { lineSpacing: 100, direction: 0, margin: 0 };
const PHOTO_SPACING_M = 37.5;

/** Where photos are taken along a pass: from its start, every photo spacing, to its end. */
function photoSpots([start, end]: MappingPass): LngLat[] {
  const length = distance(start, end, { units: 'meters' });
  const spots: LngLat[] = [];
  for (let d = 0; d <= length; d += PHOTO_SPACING_M) {
    const t = d / length;
    spots.push([start[0] + (end[0] - start[0]) * t, start[1] + (end[1] - start[1]) * t]);
  }
  return [...spots, end];
}

/** Asserts that no end and no photo of `passes` lies inside any of `holes`. */
function expectNothingInside(passes: readonly MappingPass[], holes: readonly LngLat[][]) {
  // A centimetre inside the hole's edge: ends are on the edge itself, up to rounding.
  const insides = holes.map((h) =>
    buffer(polygon([[...h, h[0] ?? [0, 0]]]), -0.01, { units: 'meters' }),
  );
  for (const pass of passes)
    for (const spot of [...pass, ...photoSpots(pass)])
      for (const inside of insides)
        expect(inside && booleanPointInPolygon(spot, inside)).toBe(false);
}

/** The metres east of the south-west corner of each pass (direction 0: lines run north–south). */
const eastOf = (passes: readonly MappingPass[]) =>
  passes.map(([start]) => Math.round(distance(SW, [start[0], SW[1]], { units: 'meters' })));

/** Whether each pass runs northward. */
const northward = (passes: readonly MappingPass[]) => passes.map(([s, e]) => e[1] > s[1]);

describe('mapping passes shared by the editor and the import', () => {
  it('gives a square without holes the lines the editor has always made', () => {
    // The editor's waypoints for this square before the lines moved to protocol/mapping.
    const before: Record<number, number[][]> = {
      0: [
        [113.95048685592057, 22.539999994141407],
        [113.95048685592057, 22.543597275596305],
        [113.95146056776169, 22.54359726387912],
        [113.95146056776169, 22.539999982424227],
        [113.95243427960267, 22.539999970707044],
        [113.95243427960267, 22.54359725216194],
        [113.95340799144343, 22.543597240444758],
        [113.95340799144343, 22.539999958989863],
      ],
      30: [
        [113.94999999643164, 22.542697958705197],
        [113.95056217246326, 22.543597273436703],
        [113.95168651501069, 22.543597258668783],
        [113.94999999643198, 22.540899309399812],
        [113.95056218009108, 22.539999991981748],
        [113.95281085438614, 22.543597245592213],
        [113.95389479628159, 22.543532615308735],
        [113.95168651644644, 22.53999997721399],
        [113.9528108496296, 22.539999964137458],
        [113.95389479186542, 22.54173398551512],
      ],
    };
    for (const [direction, ends] of Object.entries(before)) {
      const { passes, overflow } = mappingPasses(
        { outer: SQUARE },
        { ...LAYOUT, direction: Number(direction) },
      );
      expect(overflow).toBe(false);
      expect(passes.flat()).toEqual(ends);
    }
  });

  it('cuts each line crossing a hole in the middle into two passes, nothing inside the hole', () => {
    const hole = rect(100, 150, 300, 250);
    const { passes } = mappingPasses({ outer: SQUARE, holes: [hole] }, LAYOUT);
    // The lines at 150 and 250 m cross the hole; those at 50 and 350 m pass beside it.
    expect(eastOf(passes)).toEqual([50, 150, 150, 250, 250, 350]);
    // Alternation is kept: the second line's two passes both run southward, the first one north of the hole.
    expect(northward(passes)).toEqual([true, false, false, true, true, false]);
    expect(passes[1]?.[0][1]).toBeGreaterThan(passes[2]?.[0][1] ?? Infinity);
    expectNothingInside(passes, [hole]);
    // The lines are where they were without the hole: a hole cuts lines, it does not move them.
    const without = mappingPasses({ outer: SQUARE }, LAYOUT).passes;
    expect(new Set(passes.map(([s]) => s[0]))).toEqual(new Set(without.map(([s]) => s[0])));
  });

  it('leaves one pass of a line where a hole reaches the edge of the area', () => {
    // A bay open to the south: from the southern edge to 200 m north, past the edge a little.
    const hole = [at(100, -10), at(300, -10), at(300, 200), at(100, 200)];
    const { passes } = mappingPasses({ outer: SQUARE, holes: [hole] }, LAYOUT);
    expect(eastOf(passes)).toEqual([50, 150, 250, 350]);
    expectNothingInside(passes, [hole]);
    // The cut lines start (or end) on the hole's northern edge, 200 m up.
    const [, cut] = passes;
    const ends = (cut ?? []).map((p) =>
      Math.round(distance(SW, [SW[0], p[1]], { units: 'meters' })),
    );
    expect(ends).toEqual([400, 200]);
  });

  it('flies around many holes, a pass for each piece of every line', () => {
    const holes = [
      rect(20, 20, 180, 120),
      rect(120, 160, 180, 200),
      rect(120, 260, 280, 320),
      rect(320, 60, 380, 300),
    ];
    const { passes } = mappingPasses({ outer: SQUARE, holes }, LAYOUT);
    // 50 m: one hole, two pieces; 150 m: three holes, four pieces; 250 m: one, two; 350 m: one, two.
    expect(eastOf(passes)).toEqual([50, 50, 150, 150, 150, 150, 250, 250, 350, 350]);
    expect(northward(passes)).toEqual([
      true,
      true,
      false,
      false,
      false,
      false,
      true,
      true,
      false,
      false,
    ]);
    expectNothingInside(passes, holes);
    // Within one line the passes follow each other in its direction, never doubling back.
    for (let i = 0; i + 1 < passes.length; i++) {
      const [a, b] = [passes[i], passes[i + 1]];
      if (a?.[0][0] !== b?.[0][0]) continue;
      const forward = northward([a ?? [SW, SW]])[0];
      expect(
        forward ? (b?.[0][1] ?? 0) >= (a?.[1][1] ?? 0) : (b?.[0][1] ?? 0) <= (a?.[1][1] ?? 0),
      ).toBe(true);
    }
  });

  it('keeps turned lines out of a hole too', () => {
    const hole = rect(120, 120, 280, 280);
    const { passes } = mappingPasses(
      { outer: SQUARE, holes: [hole] },
      { ...LAYOUT, direction: 30 },
    );
    const without = mappingPasses({ outer: SQUARE }, { ...LAYOUT, direction: 30 }).passes;
    expect(passes.length).toBeGreaterThan(without.length);
    expectNothingInside(passes, [hole]);
  });

  it('flies one line through the middle of a strip narrower than half a spacing', () => {
    const strip = rect(0, 0, 30, 400);
    const { passes } = mappingPasses({ outer: strip }, LAYOUT);
    expect(eastOf(passes)).toEqual([15]);
  });

  it('says when an area needs more lines than allowed', () => {
    expect(mappingPasses({ outer: SQUARE }, { ...LAYOUT, lineSpacing: 0.1 }).overflow).toBe(true);
  });

  it('spaces lines and photos from the overlaps and the field of view', () => {
    const spacing = mappingSpacing({ height: 100, fovDeg: 90, sideOverlap: 50, frontOverlap: 75 });
    expect(spacing.lineSpacing).toBeCloseTo(100, 6);
    expect(spacing.photoSpacing).toBeCloseTo(PHOTO_SPACING_M, 6);
  });

  it('gives an imported area the lines the editor makes for a new area', () => {
    const payload = '1-53-0';
    const hole = rect(100, 150, 300, 250);
    const imported = mappingLines(SQUARE, importSpacing(80, payload).line, 1, [hole]);
    const edited = mappingPoints(
      SQUARE,
      { ...defaultMapping(payload), height: 80 },
      defaultGlobals(),
      [hole],
    );
    expect(imported).toEqual(edited.map((p) => [p.lng, p.lat]));
    expect(edited.filter((p) => p.photoEvery !== undefined)).toHaveLength(imported.length / 2);
  });
});
