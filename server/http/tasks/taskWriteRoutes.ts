import type { FlightTask } from '../../../protocol/tasks.ts';
import { TASK_API } from '../../../protocol/tasks.ts';
import { queryOne } from '../../db/Db.ts';
import { NO_REPLY } from '../../tasks/DeviceLink.ts';
import { FLYING_STATES, sqlList } from '../../tasks/executionStates.ts';
import { ApiError } from '../ApiError.ts';
import type { MessagePart } from '../ApiError.ts';
import { audit } from '../audit.ts';
import { runChange } from '../change.ts';
import type { AppDeps, ZodApp } from '../context.ts';
import { callerOf } from '../context.ts';
import { ok } from '../envelope.ts';
import { requireInScope } from '../scope.ts';
import { auditOverrides, checkTaskFit } from './taskFit.ts';
import { firstRun, refuseOverlap } from './taskPlan.ts';
import { scopedTask, TASK_SELECT, toTask } from './taskQueries.ts';
import type { TaskRow } from './taskQueries.ts';
import { byId, taskBody } from './taskSchemas.ts';
import { taskTargets } from './taskTargets.ts';

/** Create, cancel and delete; every change audited, refusals included. */
export function registerTaskWriteRoutes(app: ZodApp, deps: AppDeps): void {
  app.post(
    TASK_API.add,
    { config: { access: 'task:add' }, schema: { body: taskBody } },
    async (request) => {
      const b = request.body;
      const label = { module: 'task', action: 'add', target: b.name };
      const created = await runChange(deps, request, label, async (tx, caller) => {
        await requireInScope(caller, b.workspace_id, 'workspace');
        const targets = await taskTargets(tx, caller, b.workspace_id, b.wayline_id, b.dock_sn);
        const nowMs = Date.now();
        const first = firstRun(b.schedule, nowMs);
        const fit = await checkTaskFit(tx, deps.storage, caller, targets, {
          confirmUnknownModel: b.confirm_unknown_model,
          fliesNow: b.schedule.kind !== 'conditional' && first <= nowMs,
          nowMs,
          overrideAirspace: b.override_airspace,
        });
        await refuseOverlap(tx, b.dock_sn, b.schedule, first, targets.durationS);
        const [row] = await tx.query<{ id: number }>(
          `insert into flight_tasks (workspace_id, name, wayline_id, dock_sn, schedule_kind, schedule,
             rth_altitude, out_of_control_action, exit_wayline_when_rc_lost, wayline_precision_type,
             next_run_at, creator_id, creator_name, airspace_override)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) returning id`,
          [
            b.workspace_id,
            b.name,
            b.wayline_id,
            b.dock_sn,
            b.schedule.kind,
            JSON.stringify(b.schedule),
            b.rth_altitude,
            b.out_of_control_action,
            b.exit_wayline_when_rc_lost,
            b.wayline_precision_type,
            new Date(first),
            caller.userId,
            caller.username,
            fit.airspace && JSON.stringify(fit.airspace.areaIds),
          ],
        );
        const taskId = row?.id ?? 0;
        await audit(tx, request, {
          ...label,
          target: String(taskId),
          targetName: b.name,
          detail: `${b.schedule.kind} on ${b.dock_sn}, wayline ${String(b.wayline_id)}`,
        });
        await auditOverrides(tx, request, { id: taskId, name: b.name }, fit);
        return (await tx.query<TaskRow>(`${TASK_SELECT} where t.id = $1`, [taskId]))[0];
      });
      if (!created) throw new ApiError(404, 'not_found.task');
      return ok<FlightTask>(request, toTask(request, created));
    },
  );

  app.post(
    TASK_API.cancel,
    { config: { access: 'task:edit' }, schema: { body: byId } },
    async (request) => {
      const label = { module: 'task', action: 'cancel', target: String(request.body.id) };
      const caller = callerOf(request);
      const engine = deps.tasks.get();
      const { held, dropped } = await runChange(deps, request, label, async (tx, scoped) => {
        const task = await scopedTask(tx, scoped, request.body.id);
        // Taking back what a dock holds needs the engine: refused before anything changes.
        const prepared = await tx.query<{ id: number }>(
          `select id from flight_task_executions where task_id = $1 and state = 'prepared'
           and execute_sent_at is null`,
          [task.id],
        );
        if (prepared.length > 0 && !engine) throw new ApiError(409, 'task.engine_offline');
        await tx.query(
          `update flight_tasks set state = 'canceled', next_run_at = null, updated_at = now()
           where id = $1`,
          [task.id],
        );
        // Runs never sent end here; ones the dock holds end once it answers `flighttask_undo`.
        const dropped = await tx.query<{ id: number }>(
          `update flight_task_executions set state = 'canceled', ended_at = now()
           where task_id = $1 and state = 'pending' returning id`,
          [task.id],
        );
        await audit(tx, request, {
          ...label,
          targetName: task.name,
          detail: `${String(dropped.length)} run(s) dropped, ${String(prepared.length)} to withdraw`,
        });
        return { held: prepared.map((r) => r.id), dropped: dropped.map((r) => r.id) };
      });
      await engine?.announce(dropped);
      const actor = { userId: caller.userId, username: caller.username };
      const failures: MessagePart[] = [];
      for (const executionId of held) {
        const reply = await engine?.withdraw(executionId, actor);
        if (!reply || reply.result === 0) continue;
        failures.push(
          reply.result === NO_REPLY
            ? { key: 'task.undo_no_reply' }
            : { key: 'task.undo_refused', params: { code: reply.result } },
        );
      }
      // The service and the dock's answer are on the run's timeline and in the audit log already.
      if (failures.length > 0)
        throw new ApiError(409, 'task.canceled_undo_failed', {}, failures.slice(0, 1));
      return ok(request, null);
    },
  );

  app.post(
    TASK_API.del,
    { config: { access: 'task:del' }, schema: { body: byId } },
    async (request) => {
      const label = { module: 'task', action: 'del', target: String(request.body.id) };
      await runChange(deps, request, label, async (tx, caller) => {
        const task = await scopedTask(tx, caller, request.body.id);
        const flying = await queryOne<{ id: number }>(
          tx,
          `select id from flight_task_executions where task_id = $1
           and state in ('dispatching', 'prepared', ${sqlList(FLYING_STATES)}) limit 1`,
          [task.id],
        );
        if (flying) throw new ApiError(409, 'conflict.task_flying');
        await tx.query('delete from flight_tasks where id = $1', [task.id]);
        await audit(tx, request, { ...label, targetName: task.name, detail: task.dock_sn });
      });
      return ok(request, null);
    },
  );
}
