import { NO_REPLY } from './DeviceLink.ts';
import type { ServiceReply } from './DeviceLink.ts';
import { EXECUTION_SELECT } from './EngineContext.ts';
import type { EngineContext, ExecutionRow } from './EngineContext.ts';
import { creatorOf, endExecution, sendUndo } from './runSteps.ts';
import type { StepActor } from './taskLog.ts';

/**
 * Takes back a run the dock holds but has not started: `flighttask_undo`, and the run ends
 * `canceled` once the dock answered. While the undo is out no execute is sent for the run. When the
 * dock refuses or stays silent the run still ends `canceled` — the engine never executes it, and
 * without an execute a dock does not fly a prepared task — but with the dock's answer as its reason,
 * so the page shows what the dock still holds. Null when the run is no longer one to withdraw (its
 * execute went out meanwhile, or it ended).
 */
export async function withdraw(
  ctx: EngineContext,
  executionId: number,
  actor?: StepActor,
): Promise<ServiceReply | null> {
  const locked = await ctx.db.query<{ id: number }>(
    `update flight_task_executions set undo_sent_at = $2
     where id = $1 and state = 'prepared' and execute_sent_at is null and undo_sent_at is null
     returning id`,
    [executionId, new Date(ctx.now())],
  );
  if (locked.length === 0) return null;
  const rows = await ctx.db.query<ExecutionRow>(`${EXECUTION_SELECT} where e.id = $1`, [
    executionId,
  ]);
  const run = rows[0];
  if (!run) return null;
  const reply = await sendUndo(ctx, run, actor ?? creatorOf(run));
  await endExecution(ctx, run.id, {
    state: 'canceled',
    reason:
      reply.result === 0
        ? ''
        : reply.result === NO_REPLY
          ? 'task.undo_no_reply'
          : 'task.undo_refused',
    resultCode: reply.result === NO_REPLY ? 0 : reply.result,
  });
  return reply;
}
