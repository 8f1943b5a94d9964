import { randomUUID } from 'node:crypto';
import type { TaskInfo } from '../../protocol/mqtt/payloads.ts';
import { thingTopic } from '../../protocol/mqtt/topics.ts';
import { int, num, obj, str } from '../mqtt/decode.ts';
import type { Fields } from '../mqtt/decode.ts';
import { executeDue } from './execute.ts';
import { EXECUTION_SELECT } from './EngineContext.ts';
import type { EngineContext, ExecutionRow } from './EngineContext.ts';
import { holdsClaim } from './claims.ts';
import { isFinal, isProgressStatus } from './executionStates.ts';
import { storeVerdict } from './runFacts.ts';
import { announce } from './runAnnounce.ts';
import { recordEvent } from './taskLog.ts';

/** One `flighttask_progress` as we read it; undefined fields were missing or malformed. */
function readProgress(data: Fields) {
  const output = obj(data.output) ?? {};
  const progress = obj(output.progress) ?? {};
  const ext = obj(output.ext) ?? {};
  const percent = num(progress.percent);
  return {
    result: int(data.result) ?? 0,
    status: str(output.status) ?? '',
    flightId: str(ext.flight_id) ?? '',
    percent: percent === undefined ? undefined : Math.round(Math.min(100, Math.max(0, percent))),
    step: int(progress.current_step),
    waypoint: int(ext.current_waypoint_index),
    // Undefined when the dock did not say: a run is not judged short of photos on a missing count.
    mediaCount: int(ext.media_count),
    breakPoint: obj(ext.break_point),
  };
}

/** Our `taskInfo` for the console: progress, state, current waypoint and the expected end. */
function taskInfo(row: ExecutionRow, p: ReturnType<typeof readProgress>, nowMs: number): TaskInfo {
  const started = row.started_at?.getTime() ?? null;
  const percent = p.percent ?? row.percent;
  let eta: number | null = null;
  if (started !== null)
    eta =
      percent > 0
        ? started + Math.round(((nowMs - started) * 100) / percent)
        : started + row.duration_s * 1000;
  return {
    flight_id: row.flight_id,
    task_name: row.task_name,
    status: p.status,
    percent,
    current_waypoint_index: p.waypoint ?? row.current_waypoint,
    total_waypoints: row.waypoint_count,
    media_count: p.mediaCount ?? 0,
    started_at: started,
    eta,
  };
}

/**
 * Applies a dock's `flighttask_progress` to its execution: state, percent, step, waypoint and break
 * point are stored; a change of state, step or waypoint goes on the timeline (not every 1 Hz report);
 * the console hears it all on `taskInfo`. Reports for another dock's flight are ignored.
 */
export async function applyProgress(
  ctx: EngineContext,
  dockSn: string,
  data: Fields,
): Promise<void> {
  const p = readProgress(data);
  if (!p.flightId || !isProgressStatus(p.status)) return;
  const rows = await ctx.db.query<ExecutionRow>(
    `${EXECUTION_SELECT} where e.flight_id = $1 and e.dock_sn = $2`,
    [p.flightId, dockSn],
  );
  const row = rows[0];
  // A flight we ended ourselves (refused, canceled) stays ended; a timed-out one comes back to life.
  if (!row || (isFinal(row.state) && row.state !== 'timeout')) return;
  // Every instance hears the dock; only the one following the flight acts on it.
  if (!(await holdsClaim(ctx, row))) return;
  const now = new Date(ctx.now());
  const ending = isFinal(p.status);
  const startedAt = row.started_at ?? (p.status === 'in_progress' ? now : null);
  // A run that flew is judged by what the aircraft did, not only by the dock's last status. It is
  // judged before its final state is stored, so whoever reads the run ended reads its verdict too
  // (a page stops asking once the run has ended); the waypoints it counted the route's are kept.
  if (ending && p.status !== row.state && startedAt)
    await storeVerdict(ctx, { ...row, started_at: startedAt }, p).catch((error: unknown) => {
      ctx.log.error(`judging run ${row.flight_id} failed: ${String(error)}`);
    });
  await ctx.db.query(
    `update flight_task_executions set state = $2, percent = coalesce($3, percent),
       current_step = coalesce($4, current_step), current_waypoint = coalesce($5, current_waypoint),
       break_point = coalesce($6, break_point), result_code = $7, started_at = $8,
       ended_at = $9, last_seen_at = $10,
       total_waypoints = case when verdict is null then $11 else total_waypoints end,
       reason = case when $7 <> 0 then 'task.device_error' else reason end
     where id = $1`,
    [
      row.id,
      p.status,
      p.percent ?? null,
      p.step ?? null,
      p.waypoint ?? null,
      p.breakPoint ? JSON.stringify(p.breakPoint) : null,
      p.result,
      startedAt,
      ending ? now : null,
      now,
      row.waypoint_count,
    ],
  );
  if (ending && p.status !== row.state)
    ctx.notifier.notify({
      kind: 'task_failed',
      deviceSn: dockSn,
      executionId: row.id,
      state: p.status,
      taskName: row.task_name,
      at: ctx.now(),
    });
  if (p.status !== row.state || p.waypoint !== row.current_waypoint || p.step !== row.current_step)
    await recordEvent(
      ctx.db,
      row.id,
      'progress',
      {
        status: p.status,
        percent: p.percent,
        current_step: p.step,
        current_waypoint: p.waypoint,
        media_count: p.mediaCount,
        result: p.result,
        ...(p.breakPoint ? { break_point: p.breakPoint } : {}),
      },
      ctx.now(),
    );
  await announce(ctx, [row.id], new Map([[row.id, { mediaCount: p.mediaCount }]]));
  const info = taskInfo({ ...row, started_at: startedAt }, p, ctx.now());
  ctx.link.publish(thingTopic(dockSn, 'taskInfo'), {
    tid: randomUUID(),
    bid: randomUUID(),
    timestamp: ctx.now(),
    data: info,
  });
}

/**
 * `flighttask_ready`: the conditional flights named may fly now. Readiness is stored (once, so the
 * timeline says it once however often the dock repeats it) even for a run whose prepare reply is
 * still on its way; the run is executed as soon as it is prepared.
 */
export async function applyReady(ctx: EngineContext, dockSn: string, data: Fields): Promise<void> {
  const ids = Array.isArray(data.flight_ids)
    ? data.flight_ids.filter((x) => typeof x === 'string')
    : [];
  if (ids.length === 0) return;
  const fresh = await ctx.db.query<{ id: number }>(
    `update flight_task_executions x set ready_at = $3
     from flight_tasks t
     where t.id = x.task_id and t.schedule_kind = 'conditional' and x.flight_id = any($1::text[])
       and x.dock_sn = $2 and x.state in ('dispatching', 'prepared') and x.ready_at is null
     returning x.id`,
    [ids, dockSn, new Date(ctx.now())],
  );
  for (const row of fresh) await recordEvent(ctx.db, row.id, 'ready', {}, ctx.now());
  const named = await ctx.db.query<{ id: number }>(
    'select id from flight_task_executions where flight_id = any($1::text[]) and dock_sn = $2',
    [ids, dockSn],
  );
  await executeDue(
    ctx,
    named.map((r) => r.id),
  );
}
