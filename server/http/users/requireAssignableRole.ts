import type { Db } from '../../db/Db.ts';
import { queryOne } from '../../db/Db.ts';
import { ApiError, notFound } from '../ApiError.ts';
import type { Caller } from '../caller.ts';
import { requireInScope } from '../scope.ts';

/** A role the caller may hand out: in scope, and all-access only from an all-access caller. */
export async function requireAssignableRole(db: Db, caller: Caller, roleId: number): Promise<void> {
  const role = await queryOne<{ workspace_id: number; all_access: boolean }>(
    db,
    'select workspace_id, all_access from roles where id = $1',
    [roleId],
  );
  if (!role) throw notFound('role');
  await requireInScope(caller, role.workspace_id, 'role');
  if (role.all_access && !caller.allAccess) throw new ApiError(403, 'forbidden');
}
