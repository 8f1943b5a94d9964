/**
 * The planning checks' entry points: a route against its project's airspace (see routeCheck.ts),
 * its findings in words, and a refusal for a task that would fly into a no-fly area. Small on
 * purpose: route save and task dispatch call one of these with what they already hold.
 */
import type { WaylineRoute } from '../../protocol/waylines.ts';
import type { Db } from '../db/Db.ts';
import { queryOne } from '../db/Db.ts';
import type { ObjectStore } from '../storage/ObjectStore.ts';
import { readKmzRoute } from '../waylines/readRoute.ts';
import { ApiError } from '../http/ApiError.ts';
import type { Lang } from '../http/messages.ts';
import { message } from '../http/messages.ts';
import { areasOf } from './areaStore.ts';
import { checkRoute } from './routeCheck.ts';
import type { RouteCheck, RouteWaypoint } from './routeCheck.ts';

/** Most findings put into words: a route crossing an area over and over says so a few times. */
const MAX_PROBLEMS = 5;

/** Every waypoint of a route's waylines, in flying order. */
export function waypointsOfRoute(route: Pick<WaylineRoute, 'paths'>): RouteWaypoint[] {
  return route.paths.flatMap((path) =>
    path.points.map((p) => ({ lng: p.lng, lat: p.lat, height: p.height })),
  );
}

/** `waypoints` against the enabled areas of project `workspaceId`. */
export async function airspaceRouteCheck(
  db: Db,
  workspaceId: number,
  waypoints: readonly RouteWaypoint[],
): Promise<RouteCheck> {
  return checkRoute(waypoints, await areasOf(db, workspaceId));
}

/** The findings of a check in `lang`, waypoints numbered from 1 as the console shows them. */
export function routeProblems(check: RouteCheck, lang: Lang): string[] {
  const out = [
    ...check.waypointsInNoFly.map((w) =>
      message('airspace.waypoint_in_no_fly', lang, { index: w.index + 1, name: w.name }),
    ),
    ...check.legsCrossingNoFly.map((l) =>
      message('airspace.leg_in_no_fly', lang, { from: l.from + 1, to: l.to + 1, name: l.name }),
    ),
    ...check.waypointsOutsideOperation.map((index) =>
      message('airspace.waypoint_outside_operation', lang, { index: index + 1 }),
    ),
    ...check.legsLeavingOperation.map((l) =>
      message('airspace.leg_outside_operation', lang, { from: l.from + 1, to: l.to + 1 }),
    ),
  ];
  return out.slice(0, MAX_PROBLEMS);
}

/**
 * Refuses (409, naming the first finding) a flight whose route enters a no-fly area or leaves the
 * operation areas of its project; returns quietly when the route is clear.
 */
export async function requireRouteClear(
  db: Db,
  workspaceId: number,
  route: Pick<WaylineRoute, 'paths'>,
): Promise<void> {
  const check = await airspaceRouteCheck(db, workspaceId, waypointsOfRoute(route));
  if (check.clear) return;
  const noFly = check.waypointsInNoFly[0] ?? check.legsCrossingNoFly[0];
  if (noFly)
    throw new ApiError(409, 'airspace.route_in_no_fly', {
      name: noFly.name,
      count: check.waypointsInNoFly.length + check.legsCrossingNoFly.length,
    });
  throw new ApiError(409, 'airspace.route_outside_operation', {
    count: check.waypointsOutsideOperation.length + check.legsLeavingOperation.length,
  });
}

/** The findings of a route against its project's airspace in `lang`; empty when it is clear. */
export async function routeAirspaceWarnings(
  db: Db,
  workspaceId: number,
  route: Pick<WaylineRoute, 'paths'>,
  lang: Lang,
): Promise<string[]> {
  return routeProblems(await airspaceRouteCheck(db, workspaceId, waypointsOfRoute(route)), lang);
}

/**
 * A stored wayline (its KMZ read from storage) against its project's airspace: for a task created
 * or dispatched with it. Refuses like {@link requireRouteClear}; a wayline that is gone is left to
 * the caller's own checks.
 */
export async function requireWaylineClear(
  db: Db,
  storage: ObjectStore,
  waylineId: number,
): Promise<void> {
  const row = await queryOne<{ workspace_id: number; object_key: string }>(
    db,
    'select workspace_id, object_key from waylines where id = $1',
    [waylineId],
  );
  const object = row ? await storage.get(row.object_key) : undefined;
  if (!row || !object) return;
  await requireRouteClear(db, row.workspace_id, readKmzRoute(object.body).route);
}
