/**
 * The steps every part of the engine takes on a run: send a service (recorded on the run's timeline
 * and in the audit log with the dock's reply code and latency), end a run with a reason, refuse one.
 */
import { failureDetail } from '../../protocol/auditFailures.ts';
import { DOCK_TASK_BUSY } from '../../protocol/mqtt/flighttask.ts';
import type { Conflict } from './conflicts.ts';
import { NO_REPLY } from './DeviceLink.ts';
import type { ServiceReply } from './DeviceLink.ts';
import type { EngineContext, ExecutionRow } from './EngineContext.ts';
import { announce } from './runAnnounce.ts';
import { auditStep, recordEvent } from './taskLog.ts';
import type { StepActor } from './taskLog.ts';

/** Who the engine's own steps are recorded for: the task's creator. */
export const creatorOf = (e: ExecutionRow): StepActor => ({
  userId: e.creator_id,
  username: e.creator_name,
});

/** Ends an execution with `state` and `reason` (a message key, with `params`). */
export async function endExecution(
  ctx: EngineContext,
  id: number,
  end: { state: string; reason: string; resultCode?: number; params?: Conflict['params'] },
): Promise<void> {
  await ctx.db.query(
    `update flight_task_executions set state = $2, reason = $3, result_code = $4, ended_at = $5,
       reason_params = $6
     where id = $1`,
    [
      id,
      end.state,
      end.reason,
      end.resultCode ?? 0,
      new Date(ctx.now()),
      end.params ? JSON.stringify(end.params) : null,
    ],
  );
  await announce(ctx, [id]);
}

/** Sends one service for an execution, recording it on the timeline and in the audit log. */
export async function callService(
  ctx: EngineContext,
  e: ExecutionRow,
  method: string,
  data: object,
  actor: StepActor = creatorOf(e),
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

/** `flighttask_undo` for one run the dock may still hold (protocol §6.6: only not-yet-running ones). */
export function sendUndo(
  ctx: EngineContext,
  e: ExecutionRow,
  actor: StepActor = creatorOf(e),
): Promise<ServiceReply> {
  return callService(ctx, e, 'flighttask_undo', { flight_ids: [e.flight_id] }, actor);
}

/** The state an unanswered or refused service leaves the execution in. */
export async function failed(ctx: EngineContext, e: ExecutionRow, reply: ServiceReply) {
  const timeout = reply.result === NO_REPLY;
  await endExecution(ctx, e.id, {
    state: timeout ? 'timeout' : 'rejected',
    reason: timeout
      ? 'task.no_reply'
      : reply.result === DOCK_TASK_BUSY
        ? 'task.dock_busy'
        : 'task.device_error',
    resultCode: reply.result,
  });
}

/** Ends a run the engine will not send (or not execute), with the reason kept and audited. */
export async function refuseRun(
  ctx: EngineContext,
  e: ExecutionRow,
  conflict: Conflict,
  action: 'dispatch' | 'execute',
): Promise<void> {
  await endExecution(ctx, e.id, {
    state: 'refused',
    reason: conflict.reason,
    ...(conflict.params ? { params: conflict.params } : {}),
  });
  await recordEvent(
    ctx.db,
    e.id,
    'refused',
    { reason: conflict.reason, ...(conflict.params ? { params: conflict.params } : {}) },
    ctx.now(),
  );
  await auditStep(ctx.db, creatorOf(e), {
    action,
    flightId: e.flight_id,
    taskName: e.task_name,
    ok: false,
    detail: failureDetail(conflict.reason, conflict.params),
  });
}
