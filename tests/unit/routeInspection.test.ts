import { bearing, distance } from '@turf/turf';
import { describe, expect, it } from 'vitest';
import {
  inspectionRoute,
  standpoint,
  type InspectionTarget,
} from '../../server/featurePoints/inspectionRoute.ts';
import { buildFleet, DEFAULT_CENTER } from '../../server/sim/fleet.ts';
import { createRng } from '../../server/sim/rng.ts';
import { initialState } from '../../server/sim/unitState.ts';
import { loadRoute, preparedFlight, stepActions } from '../../server/sim/waylineFlight.ts';
import { readKmzRoute } from '../../server/waylines/readRoute.ts';
import { writeCheckedKmz } from '../../server/waylines/writeChecked.ts';

const NOW = Date.UTC(2026, 0, 1);
const targets: InspectionTarget[] = [
  { longitude: 113.94, latitude: 22.53, height: 50, gimbal_pitch: -45, gimbal_yaw: 30, zoom: 2 },
  { longitude: 113.95, latitude: 22.53, height: 70, gimbal_pitch: -90, gimbal_yaw: -120, zoom: 1 },
  { longitude: 113.95, latitude: 22.54, height: 40, gimbal_pitch: 10, gimbal_yaw: 180, zoom: 7.5 },
];

/** Slant distance from a placemark to its target, m. */
function slant(p: { lng: number; lat: number; height: number }, t: InspectionTarget): number {
  const flat = distance([p.lng, p.lat], [t.longitude, t.latitude], { units: 'meters' });
  return Math.hypot(flat, p.height - t.height);
}

describe('the inspection wayline of feature points', () => {
  it('stops the standoff distance back along the line of sight, facing the target', () => {
    const route = inspectionRoute(targets, { speed: 8, now: NOW, standoff: 40 });
    const points = route.paths[0]?.points ?? [];
    points.forEach((p, i) => {
      const t = targets[i];
      if (!t) throw new Error('no target');
      expect(slant(p, t)).toBeCloseTo(40, 0);
      expect(p.headingMode).toBe('smoothTransition');
      if (t.gimbal_pitch > -90) {
        // The aircraft looks from its stop towards the target.
        const towards = bearing([p.lng, p.lat], [t.longitude, t.latitude]);
        expect(Math.abs((((p.headingAngle ?? 0) - towards + 540) % 360) - 180)).toBeLessThan(0.2);
      }
    });
    // Looking down at 45°, 40 m away: ~28.3 m higher and ~28.3 m back.
    expect(points[0]?.height).toBeCloseTo(50 + 40 * Math.SQRT1_2, 1);
    // Straight down: right above the target.
    expect(points[1]).toMatchObject({ lng: 113.95, lat: 22.53, height: 110 });
  });

  it('never stops below the lowest height, and aims from where it is', () => {
    const low = { ...targets[0], height: 2, gimbal_pitch: 20 } as InspectionTarget;
    const s = standpoint(low, 30);
    expect(s.height).toBe(5);
    const flat = distance([s.lng, s.lat], [low.longitude, low.latitude], { units: 'meters' });
    expect(s.pitch).toBeCloseTo((Math.atan2(2 - 5, flat) * 180) / Math.PI, 1);
  });

  it('shoots each target with one oriented shot on an M30T, read back by the server parser', () => {
    const route = inspectionRoute(targets, { speed: 8, now: NOW });
    const { bytes, facts } = writeCheckedKmz(route);
    expect(facts).toMatchObject({ waypoint_count: 3, drone_model_key: '0-67-1' });
    const points = readKmzRoute(bytes).route.paths[0]?.points ?? [];
    points.forEach((p, i) => {
      const t = targets[i];
      const actions = p.actionGroups.flatMap((g) => g.actions);
      expect(actions.map((a) => a.func)).toEqual(['orientedShoot']);
      const params = actions[0]?.params ?? {};
      expect(Number(params.gimbalPitchRotateAngle)).toBe(p.gimbalPitch);
      expect(Number(params.gimbalYawRotateAngle)).toBe(p.headingAngle);
      expect(Number(params.aircraftHeading)).toBe(p.headingAngle);
      expect(Number(params.focalLength)).toBe(Math.round((t?.zoom ?? 0) * 24));
      expect(params).toMatchObject({ orientedCameraType: '53', accurateFrameValid: '0' });
    });
  });

  it('turns, aims and takes a photo on an aircraft without oriented shots', () => {
    const route = inspectionRoute(targets, { speed: 8, now: NOW, aircraft: '0-77-1' });
    expect(route.mission).toMatchObject({ droneEnumValue: 77, payloadEnumValue: 67 });
    const first = route.paths[0]?.points[0];
    const funcs = first?.actionGroups.flatMap((g) => g.actions.map((a) => a.func));
    expect(funcs).toEqual(['rotateYaw', 'gimbalRotate', 'zoom', 'takePhoto']);
  });

  it('is flown by the simulator, which shoots one photo per target aimed as the file says', () => {
    const def = buildFleet({ drones: 1, seed: 1, center: DEFAULT_CENTER, prefix: 'IN' })[0];
    if (!def) throw new Error('no unit');
    const s = initialState(def, createRng(1));
    const flight = preparedFlight('f-inspect', '');
    const route = readKmzRoute(
      writeCheckedKmz(inspectionRoute(targets, { speed: 8, now: NOW })).bytes,
    ).route;
    loadRoute(flight, route);
    flight.status = 'in_progress';
    s.phase = 'patrol';
    flight.index = targets.length;
    stepActions(flight, s, 1);
    const points = route.paths[0]?.points ?? [];
    expect(flight.shots.map((shot) => [shot.yaw, shot.pitch])).toEqual(
      points.map((p) => [p.headingAngle, p.gimbalPitch]),
    );
    expect(flight.photoCount).toBe(3);
  });
});
