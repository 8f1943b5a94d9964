/**
 * The planning checks' entry points: a route against its project's airspace (see routeCheck.ts),
 * its findings as catalogue messages (for refusals), as wayline warnings (for a saved route, which
 * is kept), and a refusal for a flight into a no-fly area. Small on purpose: route save, task
 * creation and dispatch call one of these with what they already hold.
 */
import { AIRSPACE_MAX_FINDINGS } from '../../protocol/airspace.ts';
import type { WaylineRoute, WaylineWarningCode } from '../../protocol/waylines.ts';
import type { Db } from '../db/Db.ts';
import { queryOne } from '../db/Db.ts';
import type { ObjectStore } from '../storage/ObjectStore.ts';
import { readKmzOffThread } from '../waylines/readOffThread.ts';
import type { WaylineNote } from '../waylines/readNotes.ts';
import { ApiError } from '../http/ApiError.ts';
import type { MessagePart } from '../http/ApiError.ts';
import type { Lang, MessageKey } from '../http/messages.ts';
import { message } from '../http/messages.ts';
import { areasOf } from './areaStore.ts';
import { checkRoute } from './routeCheck.ts';
import type { CheckArea, RouteCheck, RouteWaypoint } from './routeCheck.ts';

/** Most findings put into words in one message: a route crossing an area often says so a few times. */
const MAX_PROBLEMS = 5;

type AirspaceCode = Extract<WaylineWarningCode, `airspace_${string}`>;

/** The message of each airspace warning; its params are the message's. */
export const AIRSPACE_WARNING_KEYS: Readonly<Record<AirspaceCode, MessageKey>> = {
  airspace_waypoint_no_fly: 'airspace.waypoint_in_no_fly',
  airspace_leg_no_fly: 'airspace.leg_in_no_fly',
  airspace_waypoint_outside: 'airspace.waypoint_outside_operation',
  airspace_leg_outside: 'airspace.leg_outside_operation',
};

interface Finding {
  code: AirspaceCode;
  params: Record<string, string | number>;
}

type Paths = Pick<WaylineRoute, 'paths'>;

/** Every waypoint of a route's waylines, in flying order. */
export function waypointsOfRoute(route: Paths): RouteWaypoint[] {
  return route.paths.flatMap((path) =>
    path.points.map((p) => ({ lng: p.lng, lat: p.lat, height: p.height })),
  );
}

/** The enabled areas of project `workspaceId`: only those are in the docks' file. */
export async function enabledAreasOf(db: Db, workspaceId: number): Promise<CheckArea[]> {
  return (await areasOf(db, workspaceId)).filter((a) => a.enabled);
}

/** `waypoints` against the enabled areas of project `workspaceId`. */
export async function airspaceRouteCheck(
  db: Db,
  workspaceId: number,
  waypoints: readonly RouteWaypoint[],
): Promise<RouteCheck> {
  return checkRoute(waypoints, await enabledAreasOf(db, workspaceId));
}

/** Every finding of a check, waypoints numbered from 1 as the console shows them. */
function findingsOf(check: RouteCheck): Finding[] {
  return [
    ...check.waypointsInNoFly.map((w): Finding => ({
      code: 'airspace_waypoint_no_fly',
      params: { index: w.index + 1, name: w.name, area_id: w.area_id },
    })),
    ...check.legsCrossingNoFly.map((l): Finding => ({
      code: 'airspace_leg_no_fly',
      params: { from: l.from + 1, to: l.to + 1, name: l.name, area_id: l.area_id },
    })),
    ...check.waypointsOutsideOperation.map((index): Finding => ({
      code: 'airspace_waypoint_outside',
      params: { index: index + 1 },
    })),
    ...check.legsLeavingOperation.map((l): Finding => ({
      code: 'airspace_leg_outside',
      params: { from: l.from + 1, to: l.to + 1 },
    })),
  ];
}

/** The first findings of a check as catalogue messages, for a refusal's `{what}`. */
export function routeProblemParts(check: RouteCheck): MessagePart[] {
  return findingsOf(check)
    .slice(0, MAX_PROBLEMS)
    .map((f) => ({ key: AIRSPACE_WARNING_KEYS[f.code], params: f.params }));
}

/** The findings of a check in `lang` (the first few). */
export function routeProblems(check: RouteCheck, lang: Lang): string[] {
  return routeProblemParts(check).map((p) => message(p.key, lang, p.params));
}

/**
 * `route` against `areas` as wayline warnings: the first `AIRSPACE_MAX_FINDINGS` findings, and how
 * many there are in all.
 */
export function airspaceNotes(
  areas: readonly CheckArea[],
  route: Paths,
): { notes: WaylineNote[]; count: number } {
  if (areas.length === 0) return { notes: [], count: 0 };
  const findings = findingsOf(checkRoute(waypointsOfRoute(route), areas));
  return { notes: findings.slice(0, AIRSPACE_MAX_FINDINGS), count: findings.length };
}

/** A stored wayline's route, read from storage; undefined when the row or its file is gone. */
export async function storedRoute(
  db: Db,
  storage: ObjectStore,
  waylineId: number,
): Promise<{ workspaceId: number; route: WaylineRoute } | undefined> {
  const row = await queryOne<{ workspace_id: number; object_key: string }>(
    db,
    'select workspace_id, object_key from waylines where id = $1',
    [waylineId],
  );
  const object = row ? await storage.get(row.object_key) : undefined;
  if (!row || !object) return undefined;
  const { route } = await readKmzOffThread(object.body, 'route');
  return { workspaceId: row.workspace_id, route };
}

/**
 * Refuses (409, naming the first finding) a flight whose route enters a no-fly area or leaves the
 * operation areas of its project; returns quietly when the route is clear.
 */
export async function requireRouteClear(db: Db, workspaceId: number, route: Paths): Promise<void> {
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

/**
 * A stored wayline (its KMZ read from storage) against its project's airspace. Refuses like
 * {@link requireRouteClear}; a wayline that is gone is left to the caller's own checks.
 */
export async function requireWaylineClear(
  db: Db,
  storage: ObjectStore,
  waylineId: number,
): Promise<void> {
  const stored = await storedRoute(db, storage, waylineId);
  if (stored) await requireRouteClear(db, stored.workspaceId, stored.route);
}
