import { z } from 'zod';
import type { Page } from '../../../protocol/http.ts';
import type { FlightTask, FlightTaskDetail } from '../../../protocol/tasks.ts';
import { TASK_API } from '../../../protocol/tasks.ts';
import type { AppDeps, ZodApp } from '../context.ts';
import { callerOf } from '../context.ts';
import { ok } from '../envelope.ts';
import { offset, optionalId, optionalText, paging } from '../schemas.ts';
import { requireInScope } from '../scope.ts';
import { like, Where } from '../where.ts';
import { byId } from './taskSchemas.ts';
import type { ExecutionRow, TaskRow } from './taskQueries.ts';
import { EXECUTION_COLUMNS, scopedTask, TASK_SELECT, toExecution, toTask } from './taskQueries.ts';

const listQuery = z.object({
  ...paging,
  workspace_id: optionalId,
  name: optionalText,
  dock_sn: optionalText,
  state: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(['active', 'finished', 'canceled']).optional(),
  ),
});

/** Task reads for holders of the task page: the list and one task with its runs (one run: `subtaskRoutes.ts`). */
export function registerTaskReadRoutes(app: ZodApp, deps: AppDeps): void {
  const { db } = deps;

  app.get(
    TASK_API.list,
    { config: { access: 'task' }, schema: { querystring: listQuery } },
    async (request) => {
      const caller = callerOf(request);
      const q = request.query;
      if (q.workspace_id !== undefined) await requireInScope(caller, q.workspace_id, 'workspace');
      const where = new Where([await caller.scope()])
        .raw('t.workspace_id = any($1::int[])')
        .add('t.workspace_id = ?', q.workspace_id)
        .add('t.name ilike ?', like(q.name))
        .add('t.dock_sn = ?', q.dock_sn)
        .add('t.state = ?', q.state);
      const total = await db.query<{ n: number }>(
        `select count(*)::int as n from flight_tasks t ${where.toString()}`,
        where.params,
      );
      const rows = await db.query<TaskRow>(
        `${TASK_SELECT} ${where.toString()} order by t.created_at desc, t.id desc
         limit ${where.next(q.size)} offset ${where.next(offset(q))}`,
        where.params,
      );
      const data = rows.map((r) => toTask(request, r));
      return ok<Page<FlightTask>>(request, { data, total: total[0]?.n ?? 0 });
    },
  );

  app.get(
    TASK_API.info,
    { config: { access: 'task' }, schema: { querystring: byId } },
    async (request) => {
      const task = await scopedTask(db, callerOf(request), request.query.id);
      const runs = await db.query<ExecutionRow>(
        `select ${EXECUTION_COLUMNS} from flight_task_executions x where x.task_id = $1
         order by x.planned_at desc, x.id desc`,
        [task.id],
      );
      const executions = runs.map((r) => toExecution(request, r));
      return ok<FlightTaskDetail>(request, { ...toTask(request, task), executions });
    },
  );
}
