import type { Db } from '../db/Db.ts';
import { dispatchConflict } from './conflicts.ts';
import { NO_REPLY } from './DeviceLink.ts';
import type { ServiceReply } from './DeviceLink.ts';
import { EXECUTION_SELECT } from './EngineContext.ts';
import type { EngineContext, ExecutionRow } from './EngineContext.ts';
import { auditStep, recordEvent } from './taskLog.ts';

/**
 * Takes up to `limit` pending executions for this server, marking them `dispatching` and claimed by
 * `instanceId` (the instance that then follows the flight).
 */
export async function claimPending(
  db: Db,
  nowMs: number,
  limit = 10,
  instanceId: string | null = null,
): Promise<ExecutionRow[]> {
  const ids = await db.tx((tx) =>
    tx.query<{ id: number }>(
      `update flight_task_executions set state = 'dispatching', last_seen_at = $1, claimed_by = $2
       where id in (select id from flight_task_executions where state = 'pending'
                    order by planned_at, id limit ${String(limit)} for update skip locked)
       returning id`,
      [new Date(nowMs), instanceId],
    ),
  );
  if (ids.length === 0) return [];
  return db.query<ExecutionRow>(`${EXECUTION_SELECT} where e.id = any($1::int[])`, [
    ids.map((r) => r.id),
  ]);
}

/** Ends an execution with `state` and `reason` unless the dock already ended it. */
export async function endExecution(
  ctx: EngineContext,
  id: number,
  end: { state: string; reason: string; resultCode?: number },
): Promise<void> {
  await ctx.db.query(
    `update flight_task_executions set state = $2, reason = $3, result_code = $4, ended_at = $5
     where id = $1`,
    [id, end.state, end.reason, end.resultCode ?? 0, new Date(ctx.now())],
  );
}

const TASK_TYPE = { immediate: 0, timed: 1, recurring: 1, conditional: 2 } as const;

function prepareData(ctx: EngineContext, e: ExecutionRow): Record<string, unknown> {
  const kind = e.schedule.kind as keyof typeof TASK_TYPE;
  const data: Record<string, unknown> = {
    flight_id: e.flight_id,
    // Immediate: the dock refuses a time 30 s off its own clock, so it is the moment of sending.
    execute_time: kind === 'immediate' ? ctx.now() : e.planned_at.getTime(),
    task_type: TASK_TYPE[kind],
    wayline_type: 0,
    file: { url: ctx.fileUrl(e.flight_id), fingerprint: e.md5 },
    rth_altitude: e.rth_altitude,
    rth_mode: 1,
    out_of_control_action: e.out_of_control_action,
    exit_wayline_when_rc_lost: e.exit_wayline_when_rc_lost,
    wayline_precision_type: e.wayline_precision_type,
  };
  if (kind === 'conditional')
    data.ready_conditions = {
      battery_capacity: e.schedule.battery,
      begin_time: e.schedule.begin,
      end_time: e.schedule.end,
    };
  return data;
}

/** Sends one service for an execution, recording it on the timeline and in the audit log. */
export async function callService(
  ctx: EngineContext,
  e: ExecutionRow,
  method: string,
  data: object,
  actor = { userId: e.creator_id, username: e.creator_name },
): Promise<ServiceReply> {
  const reply = await ctx.link.call(e.dock_sn, method, data);
  await recordEvent(
    ctx.db,
    e.id,
    'service',
    {
      method,
      result: reply.result,
      latency_ms: reply.latencyMs,
      username: actor.username,
    },
    ctx.now(),
  );
  await auditStep(ctx.db, actor, {
    action: method,
    flightId: e.flight_id,
    taskName: e.task_name,
    ok: reply.result === 0,
    detail: `reply ${String(reply.result)}, ${String(reply.latencyMs)} ms`,
  });
  if (reply.result === 0)
    await ctx.db.query('update flight_task_executions set last_seen_at = $2 where id = $1', [
      e.id,
      new Date(ctx.now()),
    ]);
  return reply;
}

/** The state an unanswered or refused service leaves the execution in. */
async function failed(ctx: EngineContext, e: ExecutionRow, reply: ServiceReply): Promise<void> {
  const timeout = reply.result === NO_REPLY;
  await endExecution(ctx, e.id, {
    state: timeout ? 'timeout' : 'rejected',
    reason: timeout ? 'task.no_reply' : 'task.device_error',
    resultCode: reply.result,
  });
}

/**
 * Sends one claimed execution: conflicts first (refused with the reason stored), then
 * `flighttask_prepare` and, except for conditional tasks (which wait for `flighttask_ready`),
 * `flighttask_execute`.
 */
export async function dispatch(ctx: EngineContext, e: ExecutionRow): Promise<void> {
  const conflict = await dispatchConflict(ctx.db, e.dock_sn, e.id, ctx.minBattery, ctx.now());
  if (conflict) {
    await endExecution(ctx, e.id, { state: 'refused', reason: conflict.reason });
    await recordEvent(ctx.db, e.id, 'refused', { ...conflict }, ctx.now());
    await auditStep(
      ctx.db,
      { userId: e.creator_id, username: e.creator_name },
      {
        action: 'dispatch',
        flightId: e.flight_id,
        taskName: e.task_name,
        ok: false,
        detail: conflict.reason,
      },
    );
    return;
  }
  const prepared = await callService(ctx, e, 'flighttask_prepare', prepareData(ctx, e));
  if (prepared.result !== 0) return failed(ctx, e, prepared);
  await ctx.db.query(`update flight_task_executions set state = 'prepared' where id = $1`, [e.id]);
  if (e.schedule.kind === 'conditional') return;
  // Prepared ahead of its time: `executeDue` sends the execute when the planned time comes.
  if (e.planned_at.getTime() > ctx.now()) return;
  await ctx.db.query('update flight_task_executions set execute_sent_at = $2 where id = $1', [
    e.id,
    new Date(ctx.now()),
  ]);
  await execute(ctx, e);
}

/**
 * Sends `flighttask_execute` for runs prepared ahead whose planned time has come. Picking a run and
 * marking it sent is one statement, so of several instances exactly one sends it.
 */
export async function executeDue(ctx: EngineContext): Promise<void> {
  const now = new Date(ctx.now());
  const due = await ctx.db.query<{ id: number }>(
    `update flight_task_executions e set execute_sent_at = $1, claimed_by = $2
     from flight_tasks t
     where t.id = e.task_id and e.state = 'prepared' and e.execute_sent_at is null
       and t.schedule_kind <> 'conditional' and e.planned_at <= $1
     returning e.id`,
    [now, ctx.instanceId],
  );
  if (due.length === 0) return;
  const rows = await ctx.db.query<ExecutionRow>(`${EXECUTION_SELECT} where e.id = any($1::int[])`, [
    due.map((r) => r.id),
  ]);
  for (const row of rows) await execute(ctx, row);
}

/** `flighttask_execute` for a prepared execution. */
export async function execute(ctx: EngineContext, e: ExecutionRow): Promise<void> {
  const executed = await callService(ctx, e, 'flighttask_execute', { flight_id: e.flight_id });
  if (executed.result !== 0) return failed(ctx, e, executed);
  // Progress may already have moved it on; only a `prepared` row becomes `executing`.
  await ctx.db.query(
    `update flight_task_executions set state = 'executing' where id = $1 and state = 'prepared'`,
    [e.id],
  );
}
