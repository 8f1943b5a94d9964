/**
 * Adding and removing holes of a mapping area in the editor: a drawn hole is kept only when it lies
 * inside the area, apart from the other holes, and the lines are generated again around it; removing
 * one flies its part again; each is one undo step.
 */
import { booleanPointInPolygon, destination, polygon, transformScale } from '@turf/turf';
import { describe, expect, it } from 'vitest';
import { record, redo, startHistory, undo } from '../../src/lib/route/history.ts';
import { hasHandEdits } from '../../src/lib/route/hasHandEdits.ts';
import {
  addHole,
  holeRefusal,
  holesOf,
  removeHole,
  ringArea,
} from '../../src/lib/route/mappingHoles.ts';
import { defaultMapping, withMapping } from '../../src/lib/route/mappingRoute.ts';
import { toWaylineRoute } from '../../src/lib/route/routeConvert.ts';
import {
  addWayline,
  appendPoint,
  movePoint,
  removePoint,
  updatePoint,
} from '../../src/lib/route/routeEdits.ts';
import { activePoints, emptyRoute, type EditorRoute } from '../../src/lib/route/routeModel.ts';

type Ring = [number, number][];

/** A point `east` and `north` metres from the simulator's centre. */
function at(east: number, north: number): [number, number] {
  const e = destination([113.95, 22.54], east, 90, { units: 'meters' }).geometry.coordinates;
  const p = destination(e, north, 0, { units: 'meters' }).geometry.coordinates;
  return [p[0] ?? 0, p[1] ?? 0];
}

/** A rectangle from (w, s) to (e, n) metres, not closed. */
const box = (w: number, s: number, e: number, n: number): Ring => [
  at(w, s),
  at(e, s),
  at(e, n),
  at(w, n),
];

const FIELD = box(0, 0, 400, 400);
const POND = box(150, 150, 250, 250);
const SHED = box(20, 20, 60, 60);

function generated(): EditorRoute {
  return withMapping(emptyRoute(), FIELD, { ...defaultMapping('1-53-0'), height: 60 });
}

function added(route: EditorRoute, hole: Ring): EditorRoute {
  const result = addHole(route, hole);
  if (!result.ok) throw new Error(`refused: ${result.reason}`);
  return result.route;
}

/** Waypoints inside a ring, a little away from its edge (where a pass cut by a hole ends). */
const inside = (route: EditorRoute, ring: Ring) => {
  const shape = transformScale(polygon([[...ring, ring[0] ?? [0, 0]]]), 0.98);
  return activePoints(route).filter((p) =>
    booleanPointInPolygon([p.lng, p.lat], shape, { ignoreBoundary: true }),
  );
};

describe('editing the holes of a mapping area', () => {
  it('adds a hole inside the area and generates the lines around it', () => {
    const start = generated();
    const holed = added(start, POND);
    expect(holesOf(holed)).toEqual([POND]);
    expect(holed.mapping?.settings).toEqual(start.mapping?.settings);
    expect(activePoints(holed).length).toBeGreaterThan(activePoints(start).length);
    expect(inside(holed, POND)).toEqual([]);
    // What saving writes carries it.
    expect(toWaylineRoute(holed, 0).template.holes).toEqual([POND]);
    // The input is left as it was.
    expect(holesOf(start)).toEqual([]);
  });

  it('refuses a hole outside the area, across its edge, over another hole or crossing itself', () => {
    const holed = added(generated(), POND);
    const refused = (hole: Ring) => {
      const result = addHole(holed, hole);
      return result.ok ? 'added' : result.reason;
    };
    expect(refused(box(500, 500, 600, 600))).toBe('outside');
    expect(refused(box(350, 350, 450, 450))).toBe('outside');
    expect(refused(box(200, 200, 300, 300))).toBe('overlaps');
    expect(refused(box(100, 100, 300, 300))).toBe('overlaps');
    expect(refused([at(100, 100), at(300, 300), at(300, 100), at(100, 300)])).toBe('crosses');
    expect(refused([at(100, 100), at(300, 300)])).toBe('tooFew');
    expect(refused(box(1, 1, 399, 399))).toBe('overlaps');
    expect(addHole(emptyRoute(), POND)).toEqual({ ok: false, reason: 'noArea' });
    // Nothing changed for the refused ones.
    expect(holesOf(holed)).toEqual([POND]);
  });

  it('refuses a hole that leaves nothing to fly', () => {
    expect(addHole(generated(), box(0.5, 0.5, 399.5, 399.5))).toEqual({
      ok: false,
      reason: 'nothing',
    });
  });

  it('removes a hole, and its part of the area is flown again', () => {
    const start = generated();
    const two = added(added(start, POND), SHED);
    expect(holesOf(two)).toEqual([POND, SHED]);
    const one = removeHole(two, 0);
    expect(holesOf(one)).toEqual([SHED]);
    const none = removeHole(one, 0);
    expect(none.mapping?.holes).toBeUndefined();
    expect(activePoints(none).map((p) => [p.lng, p.lat])).toEqual(
      activePoints(start).map((p) => [p.lng, p.lat]),
    );
    expect(removeHole(one, 5)).toBe(one);
  });

  it('undoes and redoes hole edits as single steps', () => {
    let h = startHistory(generated());
    h = record(h, added(h.present, POND));
    h = record(h, removeHole(h.present, 0));
    expect(holesOf(h.present)).toEqual([]);
    h = undo(h);
    expect(holesOf(h.present)).toEqual([POND]);
    expect(inside(h.present, POND)).toEqual([]);
    h = undo(h);
    expect(holesOf(h.present)).toEqual([]);
    h = redo(h);
    expect(holesOf(h.present)).toEqual([POND]);
  });

  it('measures a hole in square metres', () => {
    expect(ringArea(POND)).toBeCloseTo(10_000, -2);
    expect(ringArea([at(0, 0), at(1, 1)])).toBe(0);
  });

  it('checks a hole of an area drawn and not generated yet by the same rules, before any line', () => {
    const refused = (holes: Ring[], hole: Ring) => holeRefusal(FIELD, holes, hole);
    expect(refused([], POND)).toBeNull();
    expect(refused([POND], SHED)).toBeNull();
    expect(refused([POND], box(500, 500, 600, 600))).toBe('outside');
    expect(refused([POND], box(350, 350, 450, 450))).toBe('outside');
    expect(refused([POND], box(200, 200, 300, 300))).toBe('overlaps');
    expect(refused([], [at(100, 100), at(300, 300), at(300, 100), at(100, 300)])).toBe('crosses');
    expect(refused([], [at(100, 100), at(300, 300)])).toBe('tooFew');
    expect(holeRefusal(null, [], POND)).toBe('noArea');
    expect(holeRefusal([at(0, 0), at(1, 1)], [], POND)).toBe('noArea');
    // Whether anything is left to fly is known once lines are generated: Generate says so then.
    expect(refused([], box(0.5, 0.5, 399.5, 399.5))).toBeNull();
  });
});

describe('hand edits of generated lines', () => {
  it('finds none right after generating, adding or removing a hole, or a change off the lines', () => {
    const start = generated();
    expect(hasHandEdits(start)).toBe(false);
    const holed = added(start, POND);
    expect(hasHandEdits(holed)).toBe(false);
    expect(hasHandEdits(removeHole(holed, 0))).toBe(false);
    const first = activePoints(holed)[0];
    if (!first) throw new Error('no waypoint');
    expect(hasHandEdits(updatePoint(holed, first.id, { height: 42 }))).toBe(false);
    // A route without an area has no lines to generate again.
    expect(hasHandEdits(appendPoint(emptyRoute(), 113.95, 22.54))).toBe(false);
  });

  it('finds a waypoint moved, removed or added, or another wayline', () => {
    const holed = added(generated(), POND);
    const points = activePoints(holed);
    const [first, second] = points;
    if (!first || !second) throw new Error('no waypoints');
    const [lng, lat] = at(3, 4);
    // About a metre east: the smallest drag on a map zoomed in.
    expect(hasHandEdits(movePoint(holed, second.id, second.lng + 1e-5, second.lat))).toBe(true);
    expect(hasHandEdits(removePoint(holed, first.id))).toBe(true);
    expect(hasHandEdits(appendPoint(holed, lng, lat))).toBe(true);
    expect(hasHandEdits(addWayline(holed))).toBe(true);
    // A shift far below any drag (a saved file's rounding) is no edit.
    expect(hasHandEdits(movePoint(holed, first.id, first.lng + 1e-8, first.lat - 1e-8))).toBe(
      false,
    );
  });
});
