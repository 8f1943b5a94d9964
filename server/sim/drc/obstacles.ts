/**
 * A few obstacles (masts, trees, a building corner) around each dock, so the cockpit's obstacle ring
 * has something to show near home, and the `hsi_info_push` distances the aircraft would sense.
 */
import type { SimUnitDef } from '../fleet.ts';
import { delta, headingDiff, headingOf, offset } from '../../physics/geodesy.ts';
import type { LatLng } from '../../physics/geodesy.ts';
import type { UnitState } from '../unitState.ts';

export interface Obstacle {
  pos: LatLng;
  /** m. */
  radius: number;
  /** Height above the dock's ground, m: an aircraft above it sees nothing there. */
  height: number;
}

/** "Nothing at this bearing", mm (protocol §5.3). */
export const NOTHING_MM = 60_000;
/** How far the vision sensors see, m. */
const SENSE_M = 40;

/** Three obstacles at 30–90 m from the dock, placed by the unit's index (deterministic). */
export function obstaclesNear(def: SimUnitDef): Obstacle[] {
  const spots = [
    { bearing: 40, dist: 30, radius: 4, height: 35 },
    { bearing: 160, dist: 55, radius: 8, height: 50 },
    { bearing: 280, dist: 90, radius: 6, height: 70 },
  ];
  return spots.map((o) => {
    const a = ((o.bearing + def.index * 17) * Math.PI) / 180;
    return {
      pos: offset(def.home, o.dist * Math.sin(a), o.dist * Math.cos(a)),
      radius: o.radius,
      height: o.height,
    };
  });
}

/** The `hsi_info_push` data of the aircraft among `obstacles`. */
export function hsiData(s: UnitState, obstacles: readonly Obstacle[]): Record<string, unknown> {
  const around = new Array<number>(360).fill(NOTHING_MM);
  const airborne = s.elevation > 0.5;
  if (airborne)
    for (const o of obstacles) {
      if (s.elevation > o.height) continue;
      const d = delta(s.pos, o.pos);
      const centre = Math.hypot(d.east, d.north);
      const gap = Math.max(0, centre - o.radius);
      if (gap > SENSE_M) continue;
      const bearing = headingDiff(s.heading, headingOf(d.east, d.north));
      const half = centre > o.radius ? (Math.asin(o.radius / centre) * 180) / Math.PI : 90;
      for (let b = Math.floor(bearing - half); b <= Math.ceil(bearing + half); b++) {
        const i = ((b % 360) + 360) % 360;
        around[i] = Math.min(around[i] ?? NOTHING_MM, Math.round(gap * 1000));
      }
    }
  return {
    up_distance: NOTHING_MM,
    down_distance: airborne ? Math.min(NOTHING_MM, Math.round(s.elevation * 1000)) : 0,
    around_distances: around,
    up_enable: true,
    up_work: airborne,
    down_enable: true,
    down_work: airborne,
    left_enable: true,
    left_work: airborne,
    right_enable: true,
    right_work: airborne,
    front_enable: true,
    front_work: airborne,
    back_enable: true,
    back_work: airborne,
    vertical_enable: true,
    vertical_work: airborne,
    horizontal_enable: true,
    horizontal_work: airborne,
  };
}
