import type { Role } from '../../../protocol/http.ts';
import type { Db } from '../../db/Db.ts';
import { queryOne } from '../../db/Db.ts';
import { notFound } from '../ApiError.ts';
import type { RoleRow } from './roleQueries.ts';
import { ROLE_SELECT, toRole } from './roleQueries.ts';

/** The role as the routes answer it once a change is done; a missing role is a 404. */
export async function roleReply(db: Db, roleId: number): Promise<Role> {
  const row = await queryOne<RoleRow>(db, `${ROLE_SELECT} where r.id = $1`, [roleId]);
  if (!row) throw notFound('role');
  return toRole(db, row);
}
