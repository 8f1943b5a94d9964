import type { WorkspaceNode } from '../../../protocol/http.ts';
import type { Db } from '../../db/Db.ts';
import { queryOne } from '../../db/Db.ts';
import { notFound } from '../ApiError.ts';
import type { WorkspaceRow } from './workspaceQueries.ts';
import { toWorkspace, WORKSPACE_SELECT } from './workspaceQueries.ts';

/** One workspace as the routes answer it; a missing one is a 404. */
export async function workspaceReply(db: Db, workspaceId: number): Promise<WorkspaceNode> {
  const row = await queryOne<WorkspaceRow>(db, `${WORKSPACE_SELECT} where w.id = $1`, [
    workspaceId,
  ]);
  if (!row) throw notFound('workspace');
  return toWorkspace(row);
}
