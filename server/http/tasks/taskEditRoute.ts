import type { FlightTask, TaskSchedule } from '../../../protocol/tasks.ts';
import { TASK_API } from '../../../protocol/tasks.ts';
import { FLYING_STATES, LIVE_STATES, sqlList } from '../../tasks/executionStates.ts';
import { ApiError } from '../ApiError.ts';
import { audit } from '../audit.ts';
import { runChange } from '../change.ts';
import type { AppDeps, ZodApp } from '../context.ts';
import { ok } from '../envelope.ts';
import { auditOverrides, checkTaskFit } from './taskFit.ts';
import { firstRun, refuseOverlap } from './taskPlan.ts';
import { scopedTask, TASK_SELECT, toTask } from './taskQueries.ts';
import type { TaskRow } from './taskQueries.ts';
import { taskEditBody } from './taskSchemas.ts';
import { taskTargets } from './taskTargets.ts';

const FLYING: ReadonlySet<string> = new Set(FLYING_STATES);

/** What changed, for the audit row: the fields whose value differs, by name. */
function changes(task: TaskRow, next: Record<string, unknown>): string {
  const before: Record<string, unknown> = {
    name: task.name,
    wayline_id: task.wayline_id,
    dock_sn: task.dock_sn,
    schedule: task.schedule,
    rth_altitude: task.rth_altitude,
    out_of_control_action: task.out_of_control_action,
    exit_wayline_when_rc_lost: task.exit_wayline_when_rc_lost,
    wayline_precision_type: task.wayline_precision_type,
  };
  const changed = Object.keys(before).filter(
    (key) => JSON.stringify(before[key]) !== JSON.stringify(next[key]),
  );
  return changed.length === 0 ? 'no change' : `changed ${changed.join(', ')}`;
}

/**
 * `edit`: changes a task while none of its runs is under way (sent to its dock or flying: the dock
 * flies what it was sent), checks the new plan against the dock's other tasks as `add` does, and
 * plans its runs again from now — an edited task is active again, whatever it was.
 */
export function registerTaskEditRoute(app: ZodApp, deps: AppDeps): void {
  app.post(
    TASK_API.edit,
    { config: { access: 'task:edit' }, schema: { body: taskEditBody } },
    async (request) => {
      const b = request.body;
      const label = { module: 'task', action: 'edit', target: String(b.id) };
      const saved = await runChange(deps, request, label, async (tx, caller) => {
        const task = await scopedTask(tx, caller, b.id);
        await tx.query('select id from flight_tasks where id = $1 for update', [task.id]);
        const runs = await tx.query<{ state: string }>(
          `select state from flight_task_executions
           where task_id = $1 and state in ('pending', ${sqlList(LIVE_STATES)}) for update`,
          [task.id],
        );
        const underway = runs.find((r) => r.state !== 'pending');
        if (underway)
          throw new ApiError(
            409,
            FLYING.has(underway.state) ? 'conflict.task_edit_flying' : 'conflict.task_edit_sent',
          );
        const targets = await taskTargets(tx, caller, task.workspace_id, b.wayline_id, b.dock_sn);
        const schedule: TaskSchedule = b.schedule;
        const nowMs = Date.now();
        const first = firstRun(schedule, nowMs);
        const fit = await checkTaskFit(tx, deps.storage, caller, targets, {
          confirmUnknownModel: b.confirm_unknown_model,
          fliesNow: schedule.kind !== 'conditional' && first <= nowMs,
          nowMs,
          exceptTaskId: task.id,
          overrideAirspace: b.override_airspace,
        });
        await refuseOverlap(tx, b.dock_sn, schedule, first, targets.durationS, task.id);
        // A run claimed from the old plan but not sent yet goes with it.
        await tx.query(
          `delete from flight_task_executions where task_id = $1 and state = 'pending'`,
          [task.id],
        );
        await tx.query(
          `update flight_tasks set name = $2, wayline_id = $3, dock_sn = $4, schedule_kind = $5,
             schedule = $6, rth_altitude = $7, out_of_control_action = $8,
             exit_wayline_when_rc_lost = $9, wayline_precision_type = $10, state = 'active',
             next_run_at = $11, airspace_override = $12, updated_at = now()
           where id = $1`,
          [
            task.id,
            b.name,
            b.wayline_id,
            b.dock_sn,
            schedule.kind,
            JSON.stringify(schedule),
            b.rth_altitude,
            b.out_of_control_action,
            b.exit_wayline_when_rc_lost,
            b.wayline_precision_type,
            new Date(first),
            fit.airspace && JSON.stringify(fit.airspace.areaIds),
          ],
        );
        await audit(tx, request, {
          ...label,
          targetName: b.name,
          detail: `${changes(task, b)}; next run ${new Date(first).toISOString()}`,
        });
        await auditOverrides(tx, request, { id: task.id, name: b.name }, fit);
        return (await tx.query<TaskRow>(`${TASK_SELECT} where t.id = $1`, [task.id]))[0];
      });
      if (!saved) throw new ApiError(404, 'not_found.task');
      return ok<FlightTask>(request, toTask(request, saved));
    },
  );
}
