import type { Db } from '../../db/Db.ts';

/** Names of the flight tasks with runs ahead or in flight that use a wayline; it cannot be deleted. */
export async function pendingTasksUsing(db: Db, waylineId: number): Promise<string[]> {
  const rows = await db.query<{ name: string }>(
    `select distinct t.name from flight_tasks t
     where t.wayline_id = $1 and (t.state = 'active' or exists (
       select 1 from flight_task_executions x where x.task_id = t.id
       and x.state in ('pending', 'dispatching', 'prepared', 'executing', 'sent', 'in_progress', 'paused')))
     order by t.name`,
    [waylineId],
  );
  return rows.map((r) => r.name);
}
