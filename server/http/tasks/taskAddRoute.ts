import type { FlightTask } from '../../../protocol/tasks.ts';
import { TASK_API } from '../../../protocol/tasks.ts';
import { ApiError } from '../ApiError.ts';
import { audit } from '../audit.ts';
import { runChange } from '../change.ts';
import type { AppDeps, ZodApp } from '../context.ts';
import { ok } from '../envelope.ts';
import { requireInScope } from '../scope.ts';
import { auditOverrides, checkTaskFit } from './taskFit.ts';
import { firstRun, refuseOverlap } from './taskPlan.ts';
import { TASK_SELECT, toTask } from './taskQueries.ts';
import type { TaskRow } from './taskQueries.ts';
import { taskBody } from './taskSchemas.ts';
import { taskTargets } from './taskTargets.ts';

/** Creating a task, checked against its dock, aircraft, airspace and the dock's other tasks first. */
export function registerTaskAddRoute(app: ZodApp, deps: AppDeps): void {
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
}
