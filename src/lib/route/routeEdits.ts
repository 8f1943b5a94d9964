/**
 * Pure edits of an {@link EditorRoute}: each returns a new route and leaves its input untouched.
 * Point edits apply to the wayline being edited.
 */
import type { EditorRoute, RouteGlobals, RoutePoint } from './routeModel.ts';
import { activePoints, newPoint, withActivePoints } from './routeModel.ts';

/** Appends a waypoint at a position. */
export function appendPoint(route: EditorRoute, lng: number, lat: number): EditorRoute {
  return withActivePoints(route, (points) => [...points, newPoint(route.globals, lng, lat)]);
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
  const current = activePoints(route);
  const before = current[index - 1];
  const after = current[index];
  const point = newPoint(route.globals, lng, lat);
  if (before && after) {
    point.height = Math.round(((before.height + after.height) / 2) * 10) / 10;
    point.speed = before.speed;
  }
  return withActivePoints(route, (points) => {
    const next = [...points];
    next.splice(Math.max(0, Math.min(index, next.length)), 0, point);
    return next;
  });
}

/** Moves a waypoint. */
export function movePoint(route: EditorRoute, id: string, lng: number, lat: number): EditorRoute {
  return updatePoint(route, id, { lng, lat });
}

/** Removes a waypoint. */
export function removePoint(route: EditorRoute, id: string): EditorRoute {
  return withActivePoints(route, (points) => points.filter((p) => p.id !== id));
}

/** Changes some settings of one waypoint. */
export function updatePoint(
  route: EditorRoute,
  id: string,
  change: Partial<Omit<RoutePoint, 'id'>>,
): EditorRoute {
  return withActivePoints(route, (points) =>
    points.map((p) => (p.id === id ? { ...p, ...change } : p)),
  );
}

/**
 * Changes some globals; `applyToPoints` also sets every point's height or speed to the new value,
 * on every wayline.
 */
export function updateGlobals(
  route: EditorRoute,
  change: Partial<RouteGlobals>,
  applyToPoints = false,
): EditorRoute {
  const globals = { ...route.globals, ...change };
  if (!applyToPoints) return { ...route, globals };
  const waylines = route.waylines.map((w) => ({
    ...w,
    points: w.points.map((p) => ({
      ...p,
      ...(change.globalHeight !== undefined && { height: change.globalHeight }),
      ...(change.autoFlightSpeed !== undefined && { speed: change.autoFlightSpeed }),
    })),
  }));
  return { ...route, globals, waylines };
}

/** Picks the wayline the map edits. */
export function selectWayline(route: EditorRoute, index: number): EditorRoute {
  if (index < 0 || index >= route.waylines.length || index === route.active) return route;
  return { ...route, active: index };
}

/** Adds an empty wayline after the others, with the next free id, and edits it. */
export function addWayline(route: EditorRoute): EditorRoute {
  const waylineId = Math.max(-1, ...route.waylines.map((w) => w.waylineId)) + 1;
  const waylines = [...route.waylines, { waylineId, points: [] }];
  return { ...route, waylines, active: waylines.length - 1 };
}

/** Removes the edited wayline (the last one stays, emptied). */
export function removeWayline(route: EditorRoute): EditorRoute {
  if (route.waylines.length <= 1) return withActivePoints(route, () => []);
  const waylines = route.waylines.filter((_, i) => i !== route.active);
  return { ...route, waylines, active: Math.min(route.active, waylines.length - 1) };
}
