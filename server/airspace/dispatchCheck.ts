/**
 * The airspace check when a run is sent: the areas may have changed since its task was created or
 * changed (an area added, enabled, moved or shrunk), so the route is judged again exactly as it was
 * then (`judgeWayline`, one judgement for both): a run whose route now enters a no-fly area or
 * leaves an operation area that its task's override did not accept is refused, naming the area and
 * where.
 */
import type { Db } from '../db/Db.ts';
import { queryOne } from '../db/Db.ts';
import type { ObjectStore } from '../storage/ObjectStore.ts';
import type { Conflict } from '../tasks/conflicts.ts';
import { judgeWayline } from './airspaceJudgement.ts';
import type { AreaBreach } from './airspaceJudgement.ts';

/** Most waypoint numbers a refusal lists; a route through an area mostly touches a few. */
const MAX_LISTED = 8;

/** The waypoint numbers of a breach as words: the first few, then an ellipsis. */
function waypointWords(breach: AreaBreach): string {
  const listed = breach.waypoints.slice(0, MAX_LISTED).join(', ');
  return breach.waypoints.length > MAX_LISTED ? `${listed}, …` : listed;
}

/**
 * Why task `taskId`'s run must not be sent: its route breaks an area (no-fly areas first) not
 * accepted by the task's override; null when it does not, or when the route cannot be read here
 * (an engine without storage, or a wayline gone, which the dock's own fetch then fails on).
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
  const judged = await judgeWayline(
    db,
    storage,
    task.wayline_id,
    task.workspace_id,
    task.airspace_override ?? [],
  );
  const first = judged?.open[0];
  if (!first) return null;
  return {
    reason: first.kind === 'no_fly' ? 'task.airspace_no_fly' : 'task.airspace_outside_operation',
    params: { name: first.name, waypoints: waypointWords(first) },
  };
}
