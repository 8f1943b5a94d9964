import { describe, expect, it } from 'vitest';
import { readKmzRoute } from '../../server/waylines/readRoute.ts';
import { writeKmz } from '../../server/waylines/writeKmz.ts';
import { canRedo, canUndo, record, redo, startHistory, undo } from '../../src/lib/route/history.ts';
import {
  appendPoint,
  insertPoint,
  movePoint,
  removePoint,
  updateGlobals,
  updatePoint,
} from '../../src/lib/route/routeEdits.ts';
import { heightProfile, measureRoute, midpoints } from '../../src/lib/route/routeMeasure.ts';
import { activePoints, emptyRoute, type EditorRoute } from '../../src/lib/route/routeModel.ts';
import { fromWaylineRoute, toWaylineRoute } from '../../src/lib/route/routeConvert.ts';
import { fixtureKmz } from '../fixtures/wpml/kmz.ts';

/** Three points 0.001° of latitude apart (≈ 110.6 m each) going north at 113.95 E. */
function threePoints(): EditorRoute {
  let r = emptyRoute();
  for (const lat of [22.54, 22.541, 22.542]) r = appendPoint(r, 113.95, lat);
  return r;
}

describe('the route model', () => {
  it('adds, inserts, moves and removes waypoints without touching the input', () => {
    const r = threePoints();
    expect(activePoints(r).map((p) => p.height)).toEqual([100, 100, 100]);
    const withMid = insertPoint(
      updatePoint(r, activePoints(r)[1]?.id ?? '', { height: 60 }),
      1,
      113.95,
      22.5405,
    );
    expect(activePoints(withMid)).toHaveLength(4);
    expect(activePoints(withMid)[1]?.height).toBe(80); // between 100 and 60
    const moved = movePoint(withMid, activePoints(withMid)[0]?.id ?? '', 113.96, 22.53);
    expect(activePoints(moved)[0]).toMatchObject({ lng: 113.96, lat: 22.53 });
    expect(activePoints(withMid)[0]?.lng).toBe(113.95);
    expect(activePoints(removePoint(moved, activePoints(moved)[0]?.id ?? ''))).toHaveLength(3);
    const all = updateGlobals(r, { globalHeight: 50 }, true);
    expect(activePoints(all).map((p) => p.height)).toEqual([50, 50, 50]);
    expect(midpoints(r)).toHaveLength(2);
  });

  it('undoes and redoes edits, and a new edit drops what was undone', () => {
    const a = emptyRoute();
    let h = startHistory(a);
    const b = appendPoint(a, 1, 1);
    const c = appendPoint(b, 2, 2);
    h = record(record(h, b), c);
    expect(activePoints(h.present)).toHaveLength(2);
    h = undo(h);
    expect(h.present).toBe(b);
    expect(canRedo(h)).toBe(true);
    h = redo(h);
    expect(h.present).toBe(c);
    h = record(undo(undo(h)), appendPoint(a, 3, 3));
    expect(canRedo(h)).toBe(false);
    expect(canUndo(h)).toBe(true);
    expect(undo(undo(h)).present).toBe(a);
  });

  it('measures length and flight time, with climbs and hovers', () => {
    const r = threePoints();
    const flat = measureRoute(r);
    expect(flat.length).toBeGreaterThan(220);
    expect(flat.length).toBeLessThan(224);
    expect(flat.seconds).toBeCloseTo(flat.length / 10, 5);
    const id = activePoints(r)[0]?.id ?? '';
    const hover = updatePoint(r, id, { actions: [{ kind: 'hover', seconds: 7 }] });
    expect(measureRoute(hover).seconds).toBeCloseTo(flat.seconds + 7, 5);
    const profile = heightProfile(r);
    expect(profile.map((s) => s.n)).toEqual([1, 2, 3]);
    expect(profile[2]?.distance).toBeCloseTo(flat.length, 0);
  });

  it('writes a KMZ the importer reads back to the same route and facts', () => {
    let r = threePoints();
    const [first, second] = activePoints(r);
    r = updatePoint(r, first?.id ?? '', {
      height: 45,
      headingMode: 'smoothTransition',
      headingAngle: 30,
      turnMode: 'coordinateTurn',
      gimbalPitch: -60,
      actions: [
        { kind: 'takePhoto' },
        { kind: 'hover', seconds: 3 },
        { kind: 'rotateYaw', heading: -90 },
        { kind: 'gimbalRotate', pitch: -30 },
        { kind: 'zoom', factor: 4 },
      ],
    });
    r = updatePoint(r, second?.id ?? '', { actions: [{ kind: 'startRecord' }], photoEvery: 12.5 });
    r = updateGlobals(r, {
      finishAction: 'autoLand',
      rcLostAction: 'hover',
      aircraftKey: '0-91-1',
      payloadKey: '1-81-0',
    });
    const wire = toWaylineRoute(r, 1_700_000_000_000);
    const back = readKmzRoute(writeKmz(wire));
    expect(back.facts).toMatchObject({
      drone_model_key: '0-91-1',
      payload_model_key: '1-81-0',
      waypoint_count: 3,
      finish_action: 'autoLand',
      template_type: 'waypoint',
    });
    // turf measures on a sphere, the server on the WGS-84 ellipsoid: within half a percent.
    expect(Math.abs(back.facts.length_m / measureRoute(r).length - 1)).toBeLessThan(0.005);
    expect(Math.abs(back.facts.duration_s - measureRoute(r).seconds)).toBeLessThan(2);
    const again = fromWaylineRoute(back.route);
    const strip = (x: EditorRoute) => activePoints(x).map(({ id: _id, ...rest }) => rest);
    expect(strip(again)).toEqual(strip(r));
    expect(again.globals).toEqual(r.globals);
  });

  it('opens an imported file, keeping actions it does not model', () => {
    const { route } = readKmzRoute(fixtureKmz('waypoint-actions-1.0.6'));
    const edited = fromWaylineRoute(route);
    expect(activePoints(edited).length).toBe(4);
    expect(edited.globals.aircraftKey).toBe('0-67-1');
    const back = readKmzRoute(writeKmz(toWaylineRoute(edited, 1_700_000_000_000)));
    expect(back.facts.waypoint_count).toBe(4);
    const funcs = (rt: typeof route) =>
      rt.paths
        .flatMap((p) =>
          p.points.flatMap((q) => q.actionGroups.flatMap((g) => g.actions.map((a) => a.func))),
        )
        .sort();
    expect(funcs(back.route)).toEqual(funcs(route));
  });
});
