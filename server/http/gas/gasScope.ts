import type { Db } from '../../db/Db.ts';
import { queryOne } from '../../db/Db.ts';
import { ApiError } from '../ApiError.ts';

/** Reading smell data needs its page; thresholds need the page's button. */
export const READ_ACCESS = 'linxiu';
export const EDIT_ACCESS = 'gas:edit';

/** 404 unless the flight exists and belongs to a workspace of `scope`. */
export async function requireFlightInScope(
  db: Db,
  scope: readonly number[],
  executionId: number,
): Promise<void> {
  const row = await queryOne<{ workspace_id: number }>(
    db,
    `select t.workspace_id from flight_task_executions e join flight_tasks t on t.id = e.task_id
     where e.id = $1`,
    [executionId],
  );
  if (!row || !scope.includes(row.workspace_id)) throw new ApiError(404, 'not_found');
}
