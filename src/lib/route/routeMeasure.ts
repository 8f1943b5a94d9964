/** Length, flight time and height profile of an editor route, measured with turf. */
import { distance, midpoint, point } from '@turf/turf';
import type { EditorRoute, RoutePoint } from './routeModel.ts';
import { activePoints } from './routeModel.ts';

/** Horizontal distance between two waypoints, m (turf's great-circle distance). */
export function segmentLength(a: RoutePoint, b: RoutePoint): number {
  return distance(point([a.lng, a.lat]), point([b.lng, b.lat]), { units: 'meters' });
}

/** Seconds a waypoint's hover actions add. */
function hoverSeconds(p: RoutePoint): number {
  return p.actions.reduce((s, a) => s + (a.kind === 'hover' ? a.seconds : 0), 0);
}

export interface RouteMeasure {
  /** Horizontal length, m. */
  length: number;
  /** Time along the route, s: each leg at the speed of the point it leaves, climbing included, plus hovers. */
  seconds: number;
}

/** Length and flight time of one wayline's points at their speeds (`fallback` for a speed of 0). */
function measurePoints(points: readonly RoutePoint[], fallback: number): RouteMeasure {
  let length = 0;
  let seconds = 0;
  points.forEach((p, i) => {
    seconds += hoverSeconds(p);
    const next = points[i + 1];
    if (!next) return;
    const flat = segmentLength(p, next);
    length += flat;
    const speed = p.speed > 0 ? p.speed : fallback;
    seconds += Math.hypot(flat, next.height - p.height) / Math.max(speed, 0.1);
  });
  return { length, seconds };
}

/**
 * Length and flight time of every wayline, counted as the server's facts count them, so the
 * editor's live numbers match the list after saving (turf's sphere and the server's ellipsoid differ
 * by under 0.5 %). The flight to the first point, between waylines and home again is not included.
 */
export function measureRoute(route: EditorRoute): RouteMeasure {
  const parts = route.waylines.map((w) => measurePoints(w.points, route.globals.autoFlightSpeed));
  return {
    length: parts.reduce((n, m) => n + m.length, 0),
    seconds: parts.reduce((n, m) => n + m.seconds, 0),
  };
}

/** One sample of the height profile. */
export interface ProfileSample {
  /** Waypoint number, 1-based. */
  n: number;
  /** Distance along the route, m. */
  distance: number;
  height: number;
}

/** Height at every waypoint of the edited wayline against the distance flown to it. */
export function heightProfile(route: EditorRoute): ProfileSample[] {
  let along = 0;
  const points = activePoints(route);
  return points.map((p, i) => {
    const previous = points[i - 1];
    if (previous) along += segmentLength(previous, p);
    return { n: i + 1, distance: Math.round(along * 10) / 10, height: p.height };
  });
}

/** Positions halfway along each leg of the edited wayline, where the map offers to insert a point. */
export function midpoints(route: EditorRoute): { index: number; lng: number; lat: number }[] {
  const points = activePoints(route);
  return points.slice(1).map((b, i) => {
    const a = points[i] ?? b;
    const [lng = a.lng, lat = a.lat] = midpoint([a.lng, a.lat], [b.lng, b.lat]).geometry
      .coordinates;
    return { index: i + 1, lng, lat };
  });
}
