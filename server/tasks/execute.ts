/**
 * `flighttask_execute` for prepared runs: timed ones when their planned time comes, conditional ones
 * once their dock said `flighttask_ready`, immediate ones right after their prepare. Picking a run and
 * marking its execute sent is one statement, so of several instances (or of the round and an event
 * arriving at once) exactly one sends it.
 */
import { executeConflict } from './conflicts.ts';
import { EXECUTION_SELECT } from './EngineContext.ts';
import type { EngineContext, ExecutionRow } from './EngineContext.ts';
import { NO_REPLY } from './DeviceLink.ts';
import { announce } from './runAnnounce.ts';
import { callService, failed, refuseRun, sendUndo } from './runSteps.ts';

/** Most runs one call executes; the rest wait for the next round. */
const LIMIT = 200;

/**
 * A prepared run that may execute now: not being withdrawn, its task not canceled, and its time come
 * (conditional runs: their conditions met).
 */
const DUE = `e.state = 'prepared' and e.execute_sent_at is null and e.undo_sent_at is null
  and t.state <> 'canceled'
  and ((t.schedule_kind <> 'conditional' and e.planned_at <= $1)
    or (t.schedule_kind = 'conditional' and e.ready_at is not null))`;

/** Claims the next due run (of `only`, when given) for this instance; null when none is left. */
async function claimNext(ctx: EngineContext, only: number[] | null): Promise<ExecutionRow | null> {
  const claimed = await ctx.db.query<{ id: number }>(
    `update flight_task_executions set execute_sent_at = $1, claimed_by = $2
     where id = (select e.id from flight_task_executions e join flight_tasks t on t.id = e.task_id
                 where ${DUE} and ($3::int[] is null or e.id = any($3::int[]))
                 order by e.planned_at, e.id limit 1 for update of e skip locked)
     returning id`,
    [new Date(ctx.now()), ctx.instanceId, only],
  );
  const id = claimed[0]?.id;
  if (id === undefined) return null;
  const rows = await ctx.db.query<ExecutionRow>(`${EXECUTION_SELECT} where e.id = $1`, [id]);
  return rows[0] ?? null;
}

/**
 * Executes the due runs (only those of `only`, when given), one at a time so that of two runs of one
 * dock due together the second sees the first going and is refused as busy.
 */
export async function executeDue(ctx: EngineContext, only?: readonly number[]): Promise<void> {
  if (only?.length === 0) return;
  for (let i = 0; i < LIMIT; i++) {
    const run = await claimNext(ctx, only ? [...only] : null);
    if (!run) return;
    await execute(ctx, run);
  }
}

/**
 * `flighttask_execute` for one claimed run, unless a pilot now holds the aircraft or another flight
 * of the dock is going: then the run is refused with that reason and withdrawn from the dock. A dock
 * that refuses the execute is asked to drop the task too.
 */
async function execute(ctx: EngineContext, e: ExecutionRow): Promise<void> {
  const conflict = await executeConflict(ctx.db, e.dock_sn, e.id, ctx.now());
  if (conflict) {
    await refuseRun(ctx, e, conflict, 'execute');
    await sendUndo(ctx, e);
    return;
  }
  const executed = await callService(ctx, e, 'flighttask_execute', { flight_id: e.flight_id });
  if (executed.result !== 0) {
    await failed(ctx, e, executed);
    // Unanswered, the dock may yet be flying it (its progress would revive the run): leave it be.
    if (executed.result !== NO_REPLY) await sendUndo(ctx, e);
    return;
  }
  // Progress may already have moved it on; only a `prepared` row becomes `executing`.
  await ctx.db.query(
    `update flight_task_executions set state = 'executing' where id = $1 and state = 'prepared'`,
    [e.id],
  );
  await announce(ctx, [e.id]);
}
