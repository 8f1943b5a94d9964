/**
 * The airspace check when a run is sent: the areas may have changed since its task was created
 * (an area added, enabled or moved), so a run whose route now enters a no-fly area its task's
 * override did not accept is refused, naming the area and where. Operation areas are checked at
 * creation only: leaving one is a planning matter, entering a no-fly area is what a dock must not
 * be sent into.
 */
import type { Db } from '../db/Db.ts';
import { queryOne } from '../db/Db.ts';
import type { ObjectStore } from '../storage/ObjectStore.ts';
import type { Conflict } from '../tasks/conflicts.ts';
import { enabledAreasOf, storedRoute, waypointsOfRoute } from './planningCheck.ts';
import { checkRoute } from './routeCheck.ts';
import type { RouteCheck } from './routeCheck.ts';

/** Most waypoint numbers a refusal lists; a route through an area mostly touches a few. */
const MAX_LISTED = 8;

/** The waypoints (numbered from 1) where the route meets area `areaId`: inside, or legs' ends. */
function waypointsAt(check: RouteCheck, areaId: string): string {
  const numbers = new Set<number>();
  for (const w of check.waypointsInNoFly) if (w.area_id === areaId) numbers.add(w.index + 1);
  for (const l of check.legsCrossingNoFly)
    if (l.area_id === areaId) {
      numbers.add(l.from + 1);
      numbers.add(l.to + 1);
    }
  const sorted = [...numbers].sort((a, b) => a - b);
  const listed = sorted.slice(0, MAX_LISTED).join(', ');
  return sorted.length > MAX_LISTED ? `${listed}, …` : listed;
}

/**
 * Why task `taskId`'s run must not be sent: its route enters a no-fly area not accepted by the
 * task's override; null when it does not, or when the route cannot be read here (an engine without
 * storage, or a wayline gone, which the dock's own fetch then fails on).
 */
export async function airspaceConflict(
  db: Db,
  storage: ObjectStore | undefined,
  taskId: number,
): Promise<Conflict | null> {
  const task = await queryOne<{
    workspace_id: number;
    wayline_id: number;
    airspace_override: string[] | null;
  }>(db, 'select workspace_id, wayline_id, airspace_override from flight_tasks where id = $1', [
    taskId,
  ]);
  if (!task || !storage) return null;
  const noFly = (await enabledAreasOf(db, task.workspace_id)).filter((a) => a.kind === 'no_fly');
  if (noFly.length === 0) return null;
  const stored = await storedRoute(db, storage, task.wayline_id);
  if (!stored) return null;
  const check = checkRoute(waypointsOfRoute(stored.route), noFly);
  const accepted = new Set(task.airspace_override ?? []);
  const hit = [...check.waypointsInNoFly, ...check.legsCrossingNoFly].find(
    (f) => !accepted.has(f.area_id),
  );
  if (!hit) return null;
  return {
    reason: 'task.airspace_no_fly',
    params: { name: hit.name, waypoints: waypointsAt(check, hit.area_id) },
  };
}
