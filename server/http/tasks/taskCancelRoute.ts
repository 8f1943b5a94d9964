import { TASK_API } from '../../../protocol/tasks.ts';
import { NO_REPLY } from '../../tasks/DeviceLink.ts';
import { ApiError } from '../ApiError.ts';
import type { MessagePart } from '../ApiError.ts';
import { audit } from '../audit.ts';
import { runChange } from '../change.ts';
import type { AppDeps, ZodApp } from '../context.ts';
import { callerOf } from '../context.ts';
import { ok } from '../envelope.ts';
import { scopedTask } from './taskQueries.ts';
import { byId } from './taskSchemas.ts';

/**
 * Cancelling a task: its runs never sent end at once, and the ones a dock already holds are taken
 * back through the engine; a dock that refuses (or never answers) is reported after the fact.
 */
export function registerTaskCancelRoute(app: ZodApp, deps: AppDeps): void {
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
}
