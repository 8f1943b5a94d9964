import { TASK_API } from '../../../protocol/tasks.ts';
import { queryOne } from '../../db/Db.ts';
import { FLYING_STATES, sqlList } from '../../tasks/executionStates.ts';
import { ApiError } from '../ApiError.ts';
import { audit } from '../audit.ts';
import { runChange } from '../change.ts';
import type { AppDeps, ZodApp } from '../context.ts';
import { ok } from '../envelope.ts';
import { scopedTask } from './taskQueries.ts';
import { byId } from './taskSchemas.ts';

/** Deleting a task, refused while one of its runs is on its way or in the air. */
export function registerTaskDeleteRoute(app: ZodApp, deps: AppDeps): void {
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
