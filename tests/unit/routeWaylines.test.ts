import { describe, expect, it } from 'vitest';
import type { WaylineRoute } from '../../protocol/waylines.ts';
import { readKmzRoute } from '../../server/waylines/readRoute.ts';
import { writeKmz } from '../../server/waylines/writeKmz.ts';
import { fromWaylineRoute, toWaylineRoute } from '../../src/lib/route/routeConvert.ts';
import {
  addWayline,
  appendPoint,
  removePoint,
  removeWayline,
  selectWayline,
} from '../../src/lib/route/routeEdits.ts';
import { saveLosses } from '../../src/lib/route/routeLosses.ts';
import { activePoints, allPoints, type EditorRoute } from '../../src/lib/route/routeModel.ts';
import { fixtureKmz } from '../fixtures/wpml/kmz.ts';
import { takePhotoTwoWaylinesKmz } from '../fixtures/wpml/takePhotoTwoWaylines.ts';

const NOW = 1_700_000_000_000;

/** Saves the editor's route the way the server does and reads the file back. */
const saved = (route: EditorRoute) => readKmzRoute(writeKmz(toWaylineRoute(route, NOW)));

/** `func@trigger start→end` of every action group, per wayline. */
const groupsOf = (route: WaylineRoute) =>
  route.paths.map((p) =>
    p.points.flatMap((q) =>
      q.actionGroups.map(
        (g) =>
          `${g.actions.map((a) => a.func).join('+')}@${g.trigger.type}${g.trigger.param ?? ''} ${String(g.startIndex)}→${String(g.endIndex)}`,
      ),
    ),
  );

describe('a file with several waylines in the editor', () => {
  it('opens each wayline apart and saves them as separate Folders with their own ids', () => {
    const { route } = readKmzRoute(takePhotoTwoWaylinesKmz());
    expect(route.paths.map((p) => p.waylineId)).toEqual([0, 1]);
    const opened = fromWaylineRoute(route);
    expect(opened.waylines.map((w) => w.points.length)).toEqual([4, 4]);
    expect(opened.active).toBe(0);

    // Edit the second wayline only: one more waypoint at its end.
    const second = selectWayline(opened, 1);
    const last = activePoints(second).at(-1);
    const edited = appendPoint(second, (last?.lng ?? 0) + 0.001, last?.lat ?? 0);
    expect(edited.waylines[0]?.points).toBe(opened.waylines[0]?.points);

    const back = saved(edited);
    expect(back.route.paths.map((p) => [p.waylineId, p.points.length])).toEqual([
      [0, 4],
      [1, 5],
    ]);
    expect(back.facts.waypoint_count).toBe(9);
    // Each wayline counts its waypoints from 0 again, and its own photos stayed with it.
    expect(back.route.paths.map((p) => p.points.map((q) => q.index))).toEqual([
      [0, 1, 2, 3],
      [0, 1, 2, 3, 4],
    ]);
    expect(groupsOf(back.route)[1]?.[0]).toMatch(/^takePhoto\b.*@reachPoint 0→0$/);
    const reopened = fromWaylineRoute(back.route);
    expect(reopened.waylines.map((w) => w.points.length)).toEqual([4, 5]);
  });

  it('adds and removes waylines, and names an empty one before saving', () => {
    const { route } = readKmzRoute(takePhotoTwoWaylinesKmz());
    const more = addWayline(fromWaylineRoute(route));
    expect(more.waylines.map((w) => w.waylineId)).toEqual([0, 1, 2]);
    expect(more.active).toBe(2);
    expect(saveLosses(more)).toEqual([{ kind: 'emptyWayline', wayline: 3 }]);
    expect(saved(more).route.paths).toHaveLength(2);
    const fewer = removeWayline(selectWayline(more, 0));
    expect(fewer.waylines.map((w) => w.waylineId)).toEqual([1, 2]);
    expect(allPoints(fewer)).toHaveLength(4);
  });
});

describe('action groups the editor does not model', () => {
  it('keeps timed photos through opening and saving', () => {
    const { route } = readKmzRoute(fixtureKmz('mapping2d-1.0.6'));
    const before = groupsOf(route);
    expect(before[0]?.[0]).toBe('takePhoto@multipleTiming2.1 0→1');
    const back = saved(fromWaylineRoute(route));
    expect(groupsOf(back.route)).toEqual(before);
  });

  it('keeps a group over several points until its end point, and warns when that goes', () => {
    const { route } = readKmzRoute(fixtureKmz('waypoint-actions-1.0.6'));
    const points = route.paths[0]?.points ?? [];
    const spanning: WaylineRoute = structuredClone(route);
    const first = spanning.paths[0]?.points[0];
    first?.actionGroups.push({
      id: 9,
      startIndex: 0,
      endIndex: 2,
      mode: 'sequence',
      trigger: { type: 'multipleDistance', param: '20' },
      actions: [{ id: 0, func: 'takePhoto', params: { payloadPositionIndex: '0' } }],
    });
    const opened = fromWaylineRoute(spanning);
    expect(saveLosses(opened)).toEqual([]);
    expect(groupsOf(saved(opened).route)[0]).toContain('takePhoto@multipleDistance20 0→2');

    // Deleting a point between start and end keeps the group to the same end point.
    const middle = activePoints(opened)[1]?.id ?? '';
    expect(groupsOf(saved(removePoint(opened, middle)).route)[0]).toContain(
      'takePhoto@multipleDistance20 0→1',
    );
    // Deleting its end point loses it, and the editor says so before saving.
    const end = activePoints(opened)[2]?.id ?? '';
    const lost = removePoint(opened, end);
    expect(saveLosses(lost)).toEqual([
      {
        kind: 'group',
        wayline: 1,
        point: 1,
        trigger: 'multipleDistance',
        actions: ['takePhoto'],
      },
    ]);
    expect(groupsOf(saved(lost).route)[0]?.join()).not.toContain('multipleDistance20');
    expect(points).toHaveLength(4);
  });

  it('notes what it cannot represent: a heading towards a point of interest', () => {
    const { route } = readKmzRoute(fixtureKmz('waypoint-actions-1.0.6'));
    const poi: WaylineRoute = structuredClone(route);
    const second = poi.paths[0]?.points[1];
    if (second) second.headingMode = 'towardPOI';
    expect(saveLosses(fromWaylineRoute(poi))).toEqual([
      { kind: 'heading', wayline: 1, point: 2, mode: 'towardPOI' },
    ]);
  });
});
