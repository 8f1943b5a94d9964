/**
 * The engine's rounds end runs nobody will finish: conditional runs whose window closed before their
 * dock was ready, and runs whose dock went silent. A run the dock may still hold (prepared, not
 * started) is then withdrawn with `flighttask_undo`, recorded like every other service.
 */
import { EXECUTION_SELECT } from './EngineContext.ts';
import type { EngineContext, ExecutionRow } from './EngineContext.ts';
import { LIVE_STATES, sqlList } from './executionStates.ts';
import { announce } from './runAnnounce.ts';
import { creatorOf, sendUndo } from './runSteps.ts';
import { auditStep, recordEvent } from './taskLog.ts';

async function rowsOf(ctx: EngineContext, ids: number[]): Promise<ExecutionRow[]> {
  if (ids.length === 0) return [];
  return ctx.db.query<ExecutionRow>(`${EXECUTION_SELECT} where e.id = any($1::int[])`, [ids]);
}

/**
 * Ends conditional runs still waiting when their window closed (`timeout`, condition not met) and
 * withdraws them from the dock.
 */
export async function expireUnready(ctx: EngineContext): Promise<void> {
  const now = ctx.now();
  const ended = await ctx.db.query<{ id: number }>(
    `update flight_task_executions e
     set state = 'timeout', reason = 'task.condition_unmet', ended_at = $2
     from flight_tasks t
     where t.id = e.task_id and t.schedule_kind = 'conditional' and e.state = 'prepared'
       and e.execute_sent_at is null and e.undo_sent_at is null
       and (t.schedule->>'end')::bigint < $1
     returning e.id`,
    [now, new Date(now)],
  );
  await announce(
    ctx,
    ended.map((r) => r.id),
  );
  for (const e of await rowsOf(
    ctx,
    ended.map((r) => r.id),
  )) {
    await recordEvent(ctx.db, e.id, 'expired', { end: e.schedule.end ?? null }, now);
    await auditStep(ctx.db, creatorOf(e), {
      action: 'expire',
      flightId: e.flight_id,
      taskName: e.task_name,
      ok: false,
      detail: 'task.condition_unmet',
    });
    await sendUndo(ctx, e);
  }
}

/**
 * Fails live flights whose dock stopped answering. A run prepared ahead of its time or a conditional
 * one inside its window is waiting, not silent. One the dock held without starting is withdrawn.
 */
export async function sweepSilent(ctx: EngineContext, silenceMs: number): Promise<void> {
  const now = ctx.now();
  const ended = await ctx.db.query<{ id: number; state: string }>(
    `update flight_task_executions e
     set state = 'timeout', reason = 'task.dock_silent', ended_at = $2
     from (select x.id, x.state from flight_task_executions x
           join flight_tasks t on t.id = x.task_id
           where x.state in (${sqlList(LIVE_STATES)}) and x.last_seen_at < $1
             and not (x.state = 'prepared' and x.planned_at > $2)
             and not (x.state = 'prepared' and t.schedule_kind = 'conditional'
                      and (t.schedule->>'end')::bigint > $3)
           for update of x) old
     where e.id = old.id
     returning e.id, old.state`,
    [new Date(now - silenceMs), new Date(now), now],
  );
  await announce(
    ctx,
    ended.map((r) => r.id),
  );
  const held = new Set(ended.filter((r) => r.state === 'prepared').map((r) => r.id));
  for (const e of await rowsOf(
    ctx,
    ended.map((r) => r.id),
  )) {
    await recordEvent(ctx.db, e.id, 'timeout', { silent_ms: silenceMs }, now);
    await auditStep(ctx.db, creatorOf(e), {
      action: 'timeout',
      flightId: e.flight_id,
      taskName: e.task_name,
      ok: false,
      detail: 'task.dock_silent',
    });
    if (held.has(e.id)) await sendUndo(ctx, e);
  }
}
