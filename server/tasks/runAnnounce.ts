/**
 * Pushes runs' state and progress to the consoles: every change the engine stores is announced as a
 * `RunUpdate` on the server-owned topic of the run's workspace and of each workspace above it
 * (protocol/tasks.ts `runTopic`), so the pages follow a run without asking the server again.
 */
import type { RunUpdate } from '../../protocol/tasks.ts';
import { runTopic } from '../../protocol/tasks.ts';
import type { Db } from '../db/Db.ts';
import type { EngineContext, RunPublish } from './EngineContext.ts';

/** What only the dock's report knows, by run id: the media count it gave. */
export type RunExtras = ReadonlyMap<number, { mediaCount: number | undefined }>;

/** A run as read for its update: the update's own fields, with the database's dates. */
type RunRow = Omit<RunUpdate, 'media_count' | 'started_at' | 'ended_at' | 'eta' | 'at'> & {
  started_at: Date | null;
  ended_at: Date | null;
  duration_s: number | null;
};

/** Expected end: elapsed time scaled by the percent flown, or the route's duration before any. */
function etaOf(row: RunRow, nowMs: number): number | null {
  if (row.started_at === null || row.ended_at !== null) return null;
  const started = row.started_at.getTime();
  if (row.percent > 0) return started + Math.round(((nowMs - started) * 100) / row.percent);
  return row.duration_s === null ? null : started + row.duration_s * 1000;
}

/** Reads runs `ids` as stored now and publishes each on its workspaces' topics. */
export async function announceRuns(
  db: Db,
  publish: RunPublish,
  ids: readonly number[],
  nowMs: number,
  extras?: RunExtras,
): Promise<void> {
  if (ids.length === 0) return;
  // One read: the runs, and for each the topics it goes to (its workspace and every one above).
  const rows = await db.query<RunRow & { topics: number[] }>(
    `with recursive runs as (
       select x.id, x.task_id, t.workspace_id, x.flight_id, x.dock_sn, x.state, x.percent,
         x.current_waypoint, x.total_waypoints, x.result_code, x.started_at, x.ended_at,
         w.duration_s
       from flight_task_executions x
       join flight_tasks t on t.id = x.task_id
       left join waylines w on w.id = t.wayline_id
       where x.id = any($1::int[])),
     chain(origin, id) as (
       select distinct workspace_id, workspace_id from runs
       union all
       select c.origin, p.parent_id from chain c join workspaces p on p.id = c.id
       where p.parent_id is not null)
     select r.*, array(select c.id from chain c where c.origin = r.workspace_id) as topics
     from runs r`,
    [[...ids]],
  );
  for (const row of rows) {
    const update: RunUpdate = {
      id: row.id,
      task_id: row.task_id,
      workspace_id: row.workspace_id,
      flight_id: row.flight_id,
      dock_sn: row.dock_sn,
      state: row.state,
      percent: row.percent,
      current_waypoint: row.current_waypoint,
      total_waypoints: row.total_waypoints,
      media_count: extras?.get(row.id)?.mediaCount ?? null,
      result_code: row.result_code,
      started_at: row.started_at?.toISOString() ?? null,
      ended_at: row.ended_at?.toISOString() ?? null,
      eta: etaOf(row, nowMs),
      at: nowMs,
    };
    for (const workspaceId of row.topics) publish(runTopic(workspaceId), update);
  }
}

/**
 * The engine's announcement of runs it just changed; nothing without a channel (the engine's own
 * tests). A failed read is logged, never thrown: the change itself is stored.
 */
export async function announce(
  ctx: EngineContext,
  ids: readonly number[],
  extras?: RunExtras,
): Promise<void> {
  const publish = ctx.publishRun;
  if (!publish) return;
  await announceRuns(ctx.db, publish, ids, ctx.now(), extras).catch((error: unknown) => {
    ctx.log.error(`announcing runs ${ids.join(', ')} failed: ${String(error)}`);
  });
}
