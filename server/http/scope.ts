import type { Db } from '../db/Db.ts';
import { queryOne } from '../db/Db.ts';
import { notFound } from './ApiError.ts';
import type { Caller } from './caller.ts';
import { subtreeIds } from './caller.ts';

type Thing = 'user' | 'role' | 'workspace' | 'device';

/** Throws 404 (never 403: no hint that it exists) unless `workspaceId` is in the caller's subtree. */
export async function requireInScope(
  caller: Caller,
  workspaceId: number,
  what: Thing,
): Promise<void> {
  if (!(await caller.scope()).includes(workspaceId)) throw notFound(what);
}

/** The workspace of a row in `table`, when that row exists and is in the caller's scope; else 404. */
export async function scopedWorkspaceOf(
  db: Db,
  caller: Caller,
  table: 'users' | 'roles' | 'devices',
  where: { column: 'id' | 'device_sn'; value: number | string },
): Promise<number> {
  const what: Thing = table === 'users' ? 'user' : table === 'roles' ? 'role' : 'device';
  const row = await queryOne<{ workspace_id: number }>(
    db,
    `select workspace_id from ${table} where ${where.column} = $1`,
    [where.value],
  );
  if (!row) throw notFound(what);
  await requireInScope(caller, row.workspace_id, what);
  return row.workspace_id;
}

/**
 * The workspaces a list answer may cover: the caller's whole scope, or the asked workspace's subtree
 * when it is in that scope (else 404).
 */
export async function answerWorkspaces(
  db: Db,
  caller: Caller,
  workspaceId: number | undefined,
): Promise<number[]> {
  if (workspaceId === undefined) return caller.scope();
  await requireInScope(caller, workspaceId, 'workspace');
  return subtreeIds(db, workspaceId);
}
