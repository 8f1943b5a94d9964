import type { FlighttaskReadyConditions } from '../../protocol/mqtt/flighttask.ts';
import { airspaceConflict } from '../airspace/dispatchCheck.ts';
import type { Db } from '../db/Db.ts';
import { queryOne } from '../db/Db.ts';
import { batteryFloor, dispatchConflict } from './conflicts.ts';
import { EXECUTION_SELECT } from './EngineContext.ts';
import type { EngineContext, ExecutionRow } from './EngineContext.ts';
import { executeDue } from './execute.ts';
import { callService, failed, refuseRun } from './runSteps.ts';
import { announce } from './runAnnounce.ts';
import { withdraw } from './withdraw.ts';

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
  if (kind === 'conditional') {
    const conditions: FlighttaskReadyConditions = {
      battery_capacity: e.schedule.battery ?? 0,
      begin_time: e.schedule.begin ?? 0,
      end_time: e.schedule.end ?? 0,
    };
    data.ready_conditions = conditions;
  }
  return data;
}

/**
 * Sends one claimed execution: conflicts first (refused with the reason stored), then
 * `flighttask_prepare`. A run due now is executed at once; one prepared ahead waits for its time,
 * a conditional one for its dock's `flighttask_ready` (see `executeDue`).
 */
export async function dispatch(ctx: EngineContext, e: ExecutionRow): Promise<void> {
  // Claimed as `dispatching` (claimPending): the first state a console sees the engine take.
  await announce(ctx, [e.id]);
  const fliesNow = e.schedule.kind !== 'conditional' && e.planned_at.getTime() <= ctx.now();
  const conflict = await dispatchConflict(
    ctx.db,
    {
      dockSn: e.dock_sn,
      executionId: e.id,
      floor: batteryFloor(e.schedule, ctx.minBattery),
      fliesNow,
      routeModel: e.drone_model_key,
    },
    ctx.now(),
  );
  // The project's airspace may have changed since the task was created.
  const refusal = conflict ?? (await airspaceConflict(ctx.db, ctx.storage, e.task_id));
  if (refusal) return refuseRun(ctx, e, refusal, 'dispatch');
  const prepared = await callService(ctx, e, 'flighttask_prepare', prepareData(ctx, e));
  if (prepared.result !== 0) return failed(ctx, e, prepared);
  await ctx.db.query(
    `update flight_task_executions set state = 'prepared' where id = $1 and state = 'dispatching'`,
    [e.id],
  );
  await announce(ctx, [e.id]);
  // Canceled while the prepare was out: the dock must not keep it.
  const task = await queryOne<{ state: string }>(
    ctx.db,
    'select state from flight_tasks where id = $1',
    [e.task_id],
  );
  if (task?.state === 'canceled') {
    await withdraw(ctx, e.id);
    return;
  }
  // Due now, or a conditional run whose `flighttask_ready` overtook the prepare's reply.
  await executeDue(ctx, [e.id]);
}
