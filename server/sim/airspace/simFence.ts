/**
 * A simulated aircraft keeping to its dock's custom flight areas. A step that would take it into a
 * no-fly area, or out of the operation areas, ends at the boundary instead and it hovers there:
 * a wayline task is paused with 321528 ("touched the custom flight area boundary, task paused",
 * DJI error codes), a fly-to ends with 337546 ("touched the custom flight area boundary"), a patrol
 * of its own turns for home. A fly-to whose target is inside a no-fly area is refused with 336513
 * ("target point is in a no-fly zone"). The way home is not held back: a real aircraft plans its
 * return around the areas, which the simulator does not model. In the air it reports its distance
 * to every area's boundary once a second (`flight_areas_drone_location`), and its osd says when it is
 * near one (`is_near_area_limit`).
 */
import { randomUUID } from 'node:crypto';
import { thingTopic } from '../../../protocol/mqtt/topics.ts';
import type { LngLat } from '../../../protocol/airspace.ts';
import { distanceToBoundary, freeUntil, insideArea, along } from '../../airspace/areaGeometry.ts';
import type { FileArea } from '../../airspace/flightAreaFile.ts';
import { distance } from '../../physics/geodesy.ts';
import type { LatLng } from '../../physics/geodesy.ts';
import { brake } from '../drc/manualStep.ts';
import type { SimUnitDef } from '../fleet.ts';
import { enterPhase } from '../unitStep.ts';
import type { UnitState } from '../unitState.ts';

/** Error codes of DJI's list the simulated dock answers with (see the header). */
export const AIRSPACE_CODES = {
  waylinePaused: 321528,
  flyToStopped: 337546,
  targetInNoFly: 336513,
} as const;
/** Distances are reported this often, s (wall clock). */
const REPORT_EVERY_S = 1;
/**
 * Within this of a boundary, on the allowed side, the aircraft says it is near the limit
 * (`is_near_area_limit` in its osd), m. DJI does not publish its own distance; this is the
 * console's default warning distance, so the two agree out of the box.
 */
export const NEAR_AREA_LIMIT_M = 100;

export interface SimFenceDeps {
  def: SimUnitDef;
  state: () => UnitState;
  now: () => number;
  publish: (topic: string, payload: string) => void;
  /** The enabled areas the dock holds. */
  areas: () => readonly FileArea[];
}

const lngLat = (p: LatLng): LngLat => [p.lng, p.lat];

/** Whether the aircraft flies under the fence now: in the air, on a leg of its own or the pilot's. */
const fenced = (s: UnitState): boolean => s.phase === 'patrol';

/** The fence of one simulated aircraft. */
export function simFence(deps: SimFenceDeps) {
  const dockSn = deps.def.dock.sn;
  let sinceReport = 0;

  /** Whether `p` is somewhere the aircraft may not be. */
  function blocked(p: LngLat): boolean {
    const areas = deps.areas();
    const operation = areas.filter((a) => a.kind === 'operation');
    if (areas.some((a) => a.kind === 'no_fly' && insideArea(a.shape, p))) return true;
    return operation.length > 0 && !operation.some((a) => insideArea(a.shape, p));
  }

  function event(method: string, data: object): void {
    deps.publish(
      thingTopic(dockSn, 'events'),
      JSON.stringify({
        tid: randomUUID(),
        bid: randomUUID(),
        timestamp: deps.now(),
        gateway: dockSn,
        method,
        need_reply: 0,
        data,
      }),
    );
  }

  /** What the aircraft was doing stops at the boundary: the task pauses, the fly-to ends. */
  function stopAtBoundary(s: UnitState): void {
    s.horizontalSpeed = 0;
    if (s.flight?.status === 'in_progress') {
      s.flight.status = 'paused';
      s.flight.result = AIRSPACE_CODES.waylinePaused;
    } else if (s.manual) {
      const target = s.manual.target;
      brake(s.manual);
      if (target)
        event(target.kind === 'takeoff' ? 'takeoff_to_point_progress' : 'fly_to_point_progress', {
          result: AIRSPACE_CODES.flyToStopped,
          output: {
            ...(target.kind === 'takeoff' ? { flight_id: target.id } : { fly_to_id: target.id }),
            status: 'wayline_failed',
            remaining_distance: Math.round(distance(s.pos, target.pos)),
            remaining_time: 0,
          },
        });
    } else if (!s.flight) enterPhase(s, 'returning');
  }

  return {
    /**
     * After a step from `before`: when the step went where the aircraft may not be, puts it back
     * on the boundary, on the allowed side, and stops what it was doing. True when it did.
     */
    enforce(before: LatLng): boolean {
      const s = deps.state();
      // Resumed after a stop at the boundary: the code of the stop no longer describes the flight.
      if (s.flight?.status === 'in_progress' && s.flight.result === AIRSPACE_CODES.waylinePaused)
        s.flight.result = 0;
      if (!fenced(s) || deps.areas().length === 0) return false;
      const a = lngLat(before);
      const b = lngLat(s.pos);
      // Already where it may not be (the areas changed under it): let it fly out.
      if (blocked(a)) return false;
      const free = freeUntil(a, b, distance(before, s.pos), blocked);
      if (free === null) return false;
      const [lng, lat] = along(a, b, free);
      s.pos = { lat, lng };
      stopAtBoundary(s);
      return true;
    },
    /** 336513 for a fly-to or take-off whose target is inside a no-fly area; null otherwise. */
    refuse(method: string, data: unknown): number | null {
      const d = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
      const first = Array.isArray(d.points)
        ? (d.points[0] as Record<string, unknown> | undefined)
        : undefined;
      const takeoff = method === 'takeoff_to_point';
      if (!takeoff && method !== 'fly_to_point' && method !== 'fly_to_point_update') return null;
      const lat = takeoff ? d.target_latitude : first?.latitude;
      const lng = takeoff ? d.target_longitude : first?.longitude;
      if (typeof lat !== 'number' || typeof lng !== 'number') return null;
      const inside = deps
        .areas()
        .some((area) => area.kind === 'no_fly' && insideArea(area.shape, [lng, lat]));
      return inside ? AIRSPACE_CODES.targetInNoFly : null;
    },
    /** Counts wall-clock time; in the air, reports the distances once a second. */
    report(dt: number): void {
      const s = deps.state();
      const airborne = s.phase !== 'docked' && s.phase !== 'preparing' && s.phase !== 'closing';
      const areas = deps.areas();
      sinceReport += dt;
      if (!airborne || areas.length === 0) s.nearAreaLimit = false;
      if (!airborne || areas.length === 0 || sinceReport + 1e-6 < REPORT_EVERY_S) return;
      sinceReport = 0;
      const at = lngLat(s.pos);
      const locations = areas.map((area) => ({
        area_distance: Math.round(distanceToBoundary(area.shape, at) * 100) / 100,
        area_id: area.area_id,
        is_in_area: insideArea(area.shape, at),
      }));
      // Near the limit: close to a no-fly area from outside, or to an operation area's edge inside.
      s.nearAreaLimit = locations.some(
        (l, i) =>
          l.area_distance <= NEAR_AREA_LIMIT_M && l.is_in_area === (areas[i]?.kind === 'operation'),
      );
      event('flight_areas_drone_location', { drone_locations: locations });
    },
  };
}

export type SimFence = ReturnType<typeof simFence>;
