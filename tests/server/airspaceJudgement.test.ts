/**
 * The one airspace judgement task creation and dispatch share (pure): each finding is put down to
 * the area it breaks — the no-fly area entered, the operation area left (the one a waypoint is in,
 * or the nearest when it is outside them all) — and an override accepts areas by id only.
 */
import { describe, expect, it } from 'vitest';
import { square } from './helpers/squareRing.ts';
import { judgeRoute } from '../../server/airspace/airspaceJudgement.ts';
import type { CheckArea, RouteWaypoint } from '../../server/airspace/routeCheck.ts';

const operation = (area_id: string, lng: number): CheckArea => ({
  area_id,
  name: area_id.toUpperCase(),
  kind: 'operation',
  enabled: true,
  shape: { type: 'polygon', coordinates: square(lng, 22.54, 0.002) },
});

/** Two operation squares side by side with a gap (113.948–113.952 and 113.958–113.962). */
const WEST = operation('west', 113.95);
const EAST = operation('east', 113.96);
const NO_FLY: CheckArea = {
  area_id: 'tower',
  name: 'Tower',
  kind: 'no_fly',
  enabled: true,
  shape: { type: 'circle', center: [113.9505, 22.54], radius: 20 },
};

const at = (lng: number): RouteWaypoint => ({ lng, lat: 22.54, height: 100 });

describe('judgeRoute', () => {
  it('is clear inside an operation area and away from the no-fly areas', () => {
    const judged = judgeRoute([at(113.949), at(113.9495)], [WEST, EAST, NO_FLY]);
    expect(judged.breaches).toEqual([]);
    expect(judged.check.clear).toBe(true);
  });

  it('names the no-fly area first, then the operation areas the route leaves', () => {
    // 1 in West, 2 in West on the tower, 3 in the gap nearer West, 4 in East.
    const route = [at(113.949), at(113.9505), at(113.9535), at(113.96)];
    const judged = judgeRoute(route, [WEST, EAST, NO_FLY]);
    expect(judged.breaches).toEqual([
      { area_id: 'tower', name: 'Tower', kind: 'no_fly', waypoints: [1, 2, 3] },
      { area_id: 'west', name: 'WEST', kind: 'operation', waypoints: [2, 3, 4] },
      { area_id: 'east', name: 'EAST', kind: 'operation', waypoints: [3, 4] },
    ]);
    expect(judged.open).toEqual(judged.breaches);
  });

  it('leaves open only the areas an override did not accept', () => {
    const route = [at(113.949), at(113.9505), at(113.9535)];
    const accepted = judgeRoute(route, [WEST, EAST, NO_FLY]).breaches.map((b) => b.area_id);
    expect(accepted).toEqual(['tower', 'west']);
    expect(judgeRoute(route, [WEST, EAST, NO_FLY], accepted).open).toEqual([]);
    // A no-fly area added later over waypoint 1 is judged afresh.
    const gate: CheckArea = {
      ...NO_FLY,
      area_id: 'gate',
      name: 'Gate',
      shape: { type: 'circle', center: [113.949, 22.54], radius: 20 },
    };
    expect(judgeRoute(route, [WEST, EAST, NO_FLY, gate], accepted).open).toEqual([
      { area_id: 'gate', name: 'Gate', kind: 'no_fly', waypoints: [1, 2] },
    ]);
  });

  it('ignores disabled areas, and a project without operation areas has none to leave', () => {
    const route = [at(113.9505), at(113.97)];
    const off = [{ ...NO_FLY, enabled: false }];
    expect(judgeRoute(route, off).breaches).toEqual([]);
  });
});
