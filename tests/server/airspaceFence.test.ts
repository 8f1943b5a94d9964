/**
 * The simulated aircraft's fence on its own: a fly-to step that would enter a no-fly area ends on
 * its boundary with the fly-to stopped (DJI 337546), a step out of the operation area likewise, a
 * fly-to whose target is inside a no-fly area is refused (336513), and in the air the dock reports
 * its distance to every area once a second, its osd saying when it is near a boundary.
 */
import { describe, expect, it } from 'vitest';
import { distanceToBoundary, insideArea } from '../../server/airspace/areaGeometry.ts';
import type { FileArea } from '../../server/airspace/flightAreaFile.ts';
import { offset } from '../../server/physics/geodesy.ts';
import { AIRSPACE_CODES, simFence } from '../../server/sim/airspace/simFence.ts';
import { newManualControl } from '../../server/sim/drc/manualControl.ts';
import { aircraftOsd } from '../../server/sim/messages.ts';
import { buildFleet, DEFAULT_CENTER } from '../../server/sim/fleet.ts';
import { createRng } from '../../server/sim/rng.ts';
import { initialState } from '../../server/sim/unitState.ts';

const [unit] = buildFleet({ drones: 1, seed: 9, center: DEFAULT_CENTER, prefix: 'AF' });

/** An aircraft in the air under DRC, flying to a point 300 m east of where it is. */
function flying(areas: FileArea[]) {
  if (!unit) throw new Error('no unit');
  const state = initialState(unit, createRng(1), false);
  state.phase = 'patrol';
  state.elevation = 60;
  state.pos = { ...unit.home };
  state.manual = newManualControl();
  state.manual.target = {
    pos: offset(unit.home, 300, 0),
    height: 60,
    speed: 10,
    id: 'fly-1',
    kind: 'fly_to',
  };
  const sent: { topic: string; body: { method: string; data: Record<string, unknown> } }[] = [];
  const fence = simFence({
    def: unit,
    state: () => state,
    now: () => 1_700_000_000_000,
    publish: (topic, payload) =>
      sent.push({ topic, body: JSON.parse(payload) as (typeof sent)[number]['body'] }),
    areas: () => areas,
  });
  return { state, fence, sent };
}

describe('the simulated aircraft’s fence', () => {
  const home = unit?.home ?? DEFAULT_CENTER;
  const wall: FileArea = {
    area_id: 'wall',
    enabled: true,
    kind: 'no_fly',
    shape: { type: 'circle', center: [offset(home, 150, 0).lng, home.lat], radius: 50 },
  };

  it('stops a fly-to on the boundary of a no-fly area and says so', () => {
    const { state, fence, sent } = flying([wall]);
    const before = { ...state.pos };
    // One long step straight through the circle (100 to 200 m east).
    state.pos = offset(home, 250, 0);
    expect(fence.enforce(before)).toBe(true);
    const at: [number, number] = [state.pos.lng, state.pos.lat];
    expect(insideArea(wall.shape, at)).toBe(false);
    expect(distanceToBoundary(wall.shape, at)).toBeLessThan(1);
    expect(state.manual?.target).toBeNull();
    expect(state.horizontalSpeed).toBe(0);
    expect(sent.map((m) => [m.body.method, m.body.data.result])).toEqual([
      ['fly_to_point_progress', AIRSPACE_CODES.flyToStopped],
    ]);
    expect(sent[0]?.body.data.output).toMatchObject({
      fly_to_id: 'fly-1',
      status: 'wayline_failed',
    });
  });

  it('keeps it inside its operation area', () => {
    const yard: FileArea = {
      area_id: 'yard',
      enabled: true,
      kind: 'operation',
      shape: { type: 'circle', center: [home.lng, home.lat], radius: 120 },
    };
    const { state, fence } = flying([yard]);
    const before = { ...state.pos };
    state.pos = offset(home, 200, 0);
    expect(fence.enforce(before)).toBe(true);
    const at: [number, number] = [state.pos.lng, state.pos.lat];
    expect(insideArea(yard.shape, at)).toBe(true);
    expect(distanceToBoundary(yard.shape, at)).toBeLessThan(1);
  });

  it('lets a step that stays clear go on, and refuses a target inside a no-fly area', () => {
    const { state, fence } = flying([wall]);
    const before = { ...state.pos };
    state.pos = offset(home, 0, 40);
    expect(fence.enforce(before)).toBe(false);
    expect(state.manual?.target?.id).toBe('fly-1');
    const inside = offset(home, 150, 0);
    const points = [{ latitude: inside.lat, longitude: inside.lng, height: 60 }];
    expect(fence.refuse('fly_to_point', { fly_to_id: 'x', points })).toBe(
      AIRSPACE_CODES.targetInNoFly,
    );
    expect(
      fence.refuse('fly_to_point', {
        fly_to_id: 'x',
        points: [{ ...points[0], latitude: home.lat + 0.01 }],
      }),
    ).toBeNull();
  });

  it('reports the distance to every area once a second in the air', () => {
    const { fence, sent } = flying([wall]);
    fence.report(0.5);
    expect(sent).toEqual([]);
    fence.report(0.5);
    expect(sent.map((m) => m.body.method)).toEqual(['flight_areas_drone_location']);
    const [location] = sent[0]?.body.data.drone_locations as {
      area_distance: number;
      area_id: string;
      is_in_area: boolean;
    }[];
    expect(location).toMatchObject({ area_id: 'wall', is_in_area: false });
    expect(location?.area_distance).toBeCloseTo(100, 0);
  });

  it('says in its osd when it is near a boundary on the allowed side, and not once landed', () => {
    if (!unit) throw new Error('no unit');
    const { state, fence } = flying([wall]);
    const near = () => aircraftOsd(unit, state).is_near_area_limit;
    state.pos = offset(home, -200, 0);
    fence.report(1);
    expect(near()).toBe(0);
    // 80 m from the no-fly circle's edge, outside it.
    state.pos = offset(home, 20, 0);
    fence.report(1);
    expect(near()).toBe(1);
    state.phase = 'docked';
    fence.report(1);
    expect(near()).toBe(0);

    const yard: FileArea = {
      area_id: 'yard',
      enabled: true,
      kind: 'operation',
      shape: { type: 'circle', center: [home.lng, home.lat], radius: 500 },
    };
    const inYard = flying([yard]);
    inYard.fence.report(1);
    expect(aircraftOsd(unit, inYard.state).is_near_area_limit).toBe(0);
    // 50 m inside the operation area's edge.
    inYard.state.pos = offset(home, 450, 0);
    inYard.fence.report(1);
    expect(aircraftOsd(unit, inYard.state).is_near_area_limit).toBe(1);
  });
});
