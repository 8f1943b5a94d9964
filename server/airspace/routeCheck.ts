/**
 * A planned route against the project's airspace, for the planning checks (route save, task
 * dispatch): the waypoints inside a no-fly area, the legs that touch one, and — when the project has
 * operation areas — the waypoints outside all of them and the legs that leave them. Only enabled
 * areas count, as only those are in the docks' file. Heights are carried through for the caller's
 * messages; the areas themselves have no floor or ceiling (DJI's custom flight areas are columns).
 * Pure: no database, no I/O.
 */
import type { AirspaceKind, AirspaceShape, LngLat } from '../../protocol/airspace.ts';
import { insideArea, legTouches, legWithin } from './areaGeometry.ts';

/** One waypoint: WGS-84 degrees and the height it is flown at, m. */
export interface RouteWaypoint {
  lng: number;
  lat: number;
  height: number;
}

/** What the check needs of an area. */
export interface CheckArea {
  area_id: string;
  name: string;
  kind: AirspaceKind;
  shape: AirspaceShape;
  enabled: boolean;
}

/** A waypoint (by index in the route) inside a no-fly area. */
export interface WaypointInArea {
  index: number;
  area_id: string;
  name: string;
}

/** A leg, from waypoint `from` to `from + 1`, that touches a no-fly area. */
export interface LegInArea {
  from: number;
  to: number;
  area_id: string;
  name: string;
}

export interface RouteCheck {
  /** True when nothing below is found. */
  clear: boolean;
  waypointsInNoFly: WaypointInArea[];
  legsCrossingNoFly: LegInArea[];
  /** Waypoints outside every operation area (empty when the project has none). */
  waypointsOutsideOperation: number[];
  /** Legs not wholly inside one operation area (empty when the project has none). */
  legsLeavingOperation: { from: number; to: number }[];
}

const at = (w: RouteWaypoint): LngLat => [w.lng, w.lat];

/** Checks `waypoints`, in flying order, against `areas`. */
export function checkRoute(
  waypoints: readonly RouteWaypoint[],
  areas: readonly CheckArea[],
): RouteCheck {
  const enabled = areas.filter((a) => a.enabled);
  const noFly = enabled.filter((a) => a.kind === 'no_fly');
  const operation = enabled.filter((a) => a.kind === 'operation');
  const result: RouteCheck = {
    clear: true,
    waypointsInNoFly: [],
    legsCrossingNoFly: [],
    waypointsOutsideOperation: [],
    legsLeavingOperation: [],
  };
  waypoints.forEach((w, index) => {
    for (const area of noFly)
      if (insideArea(area.shape, at(w)))
        result.waypointsInNoFly.push({ index, area_id: area.area_id, name: area.name });
    if (operation.length > 0 && !operation.some((area) => insideArea(area.shape, at(w))))
      result.waypointsOutsideOperation.push(index);
  });
  for (let from = 0; from + 1 < waypoints.length; from++) {
    const a = waypoints[from];
    const b = waypoints[from + 1];
    if (!a || !b) continue;
    const to = from + 1;
    for (const area of noFly)
      if (legTouches(area.shape, at(a), at(b)))
        result.legsCrossingNoFly.push({ from, to, area_id: area.area_id, name: area.name });
    if (operation.length > 0 && !operation.some((area) => legWithin(area.shape, at(a), at(b))))
      result.legsLeavingOperation.push({ from, to });
  }
  result.clear =
    result.waypointsInNoFly.length === 0 &&
    result.legsCrossingNoFly.length === 0 &&
    result.waypointsOutsideOperation.length === 0 &&
    result.legsLeavingOperation.length === 0;
  return result;
}
