/** Pure edits of an {@link EditorRoute}: each returns a new route and leaves its input untouched. */
import type { EditorRoute, RouteGlobals, RoutePoint } from './routeModel.ts';
import { newPoint } from './routeModel.ts';

/** Appends a waypoint at a position. */
export function appendPoint(route: EditorRoute, lng: number, lat: number): EditorRoute {
  return { ...route, points: [...route.points, newPoint(route.globals, lng, lat)] };
}

/**
 * Inserts a waypoint before position `index` (1 … length-1 puts it between two points). It takes
 * the average height and the speed of its neighbours, so an insert does not bend the profile.
 */
export function insertPoint(
  route: EditorRoute,
  index: number,
  lng: number,
  lat: number,
): EditorRoute {
  const before = route.points[index - 1];
  const after = route.points[index];
  const point = newPoint(route.globals, lng, lat);
  if (before && after) {
    point.height = Math.round(((before.height + after.height) / 2) * 10) / 10;
    point.speed = before.speed;
  }
  const points = [...route.points];
  points.splice(Math.max(0, Math.min(index, points.length)), 0, point);
  return { ...route, points };
}

/** Moves a waypoint. */
export function movePoint(route: EditorRoute, id: string, lng: number, lat: number): EditorRoute {
  return updatePoint(route, id, { lng, lat });
}

/** Removes a waypoint. */
export function removePoint(route: EditorRoute, id: string): EditorRoute {
  return { ...route, points: route.points.filter((p) => p.id !== id) };
}

/** Changes some settings of one waypoint. */
export function updatePoint(
  route: EditorRoute,
  id: string,
  change: Partial<Omit<RoutePoint, 'id'>>,
): EditorRoute {
  return {
    ...route,
    points: route.points.map((p) => (p.id === id ? { ...p, ...change } : p)),
  };
}

/** Changes some globals; `applyToPoints` also sets every point's height or speed to the new value. */
export function updateGlobals(
  route: EditorRoute,
  change: Partial<RouteGlobals>,
  applyToPoints = false,
): EditorRoute {
  const globals = { ...route.globals, ...change };
  if (!applyToPoints) return { ...route, globals };
  const points = route.points.map((p) => ({
    ...p,
    ...(change.globalHeight !== undefined && { height: change.globalHeight }),
    ...(change.autoFlightSpeed !== undefined && { speed: change.autoFlightSpeed }),
  }));
  return { globals, points };
}
