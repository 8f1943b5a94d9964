import type { FlightTask } from '../../../protocol/tasks.ts';
import { TASK_API } from '../../../protocol/tasks.ts';
import { queryOne } from '../../db/Db.ts';
import { FLYING_STATES, sqlList } from '../../tasks/executionStates.ts';
import { taskEngineOf } from '../../tasks/engineRegistry.ts';
import { ApiError, notFound } from '../ApiError.ts';
import { audit } from '../audit.ts';
import { runChange } from '../change.ts';
import type { AppDeps, ZodApp } from '../context.ts';
import { ok } from '../envelope.ts';
import { requireInScope } from '../scope.ts';
import { scopedWayline } from '../waylines/waylineQueries.ts';
import { firstRun, refuseOverlap } from './taskPlan.ts';
import { scopedTask, TASK_SELECT, toTask } from './taskQueries.ts';
import type { TaskRow } from './taskQueries.ts';
import { byId, taskBody } from './taskSchemas.ts';

/** Device domain of a dock (protocol §1.2). */
const DOCK_DOMAIN = 3;

/** Create, cancel and delete; every change audited, refusals included. */
export function registerTaskWriteRoutes(app: ZodApp, deps: AppDeps): void {
  const { db } = deps;

  app.post(
    TASK_API.add,
    { config: { access: 'task:add' }, schema: { body: taskBody } },
    async (request) => {
      const b = request.body;
      const label = { module: 'task', action: 'add', target: b.name };
      const created = await runChange(deps, request, label, async (tx, caller) => {
        await requireInScope(caller, b.workspace_id, 'workspace');
        const wayline = await scopedWayline(tx, caller, b.wayline_id);
        if (wayline.workspace_id !== b.workspace_id) throw new ApiError(404, 'not_found.wayline');
        const dock = await queryOne<{ workspace_id: number }>(
          tx,
          'select workspace_id from devices where device_sn = $1 and domain = $2',
          [b.dock_sn, DOCK_DOMAIN],
        );
        if (dock?.workspace_id !== b.workspace_id) throw notFound('device');
        const first = firstRun(b.schedule, Date.now());
        await refuseOverlap(tx, b.dock_sn, b.schedule, first, wayline.duration_s);
        const [row] = await tx.query<{ id: number }>(
          `insert into flight_tasks (workspace_id, name, wayline_id, dock_sn, schedule_kind, schedule,
             rth_altitude, out_of_control_action, exit_wayline_when_rc_lost, wayline_precision_type,
             next_run_at, creator_id, creator_name)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) returning id`,
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
          ],
        );
        const taskId = row?.id ?? 0;
        await audit(tx, request, {
          ...label,
          target: String(taskId),
          targetName: b.name,
          detail: `${b.schedule.kind} on ${b.dock_sn}, wayline ${String(b.wayline_id)}`,
        });
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
      const undo = await runChange(deps, request, label, async (tx, caller) => {
        const task = await scopedTask(tx, caller, request.body.id);
        await tx.query(
          `update flight_tasks set state = 'canceled', next_run_at = null, updated_at = now()
           where id = $1`,
          [task.id],
        );
        // Runs not yet sent end here; ones the dock holds but has not started get `flighttask_undo`.
        const ended = await tx.query<{ id: number; state: string }>(
          `update flight_task_executions x set state = 'canceled', ended_at = now()
           from (select id, state from flight_task_executions where task_id = $1
                 and state in ('pending', 'prepared') for update) old
           where x.id = old.id returning x.id, old.state`,
          [task.id],
        );
        await audit(tx, request, {
          ...label,
          targetName: task.name,
          detail: `${String(ended.length)} run(s) canceled`,
        });
        return ended.filter((e) => e.state === 'prepared').map((e) => e.id);
      });
      const engine = taskEngineOf(db);
      const actor = {
        userId: request.caller?.userId ?? null,
        username: request.caller?.username ?? '',
      };
      for (const executionId of undo) await engine?.control(executionId, 'flighttask_undo', actor);
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
