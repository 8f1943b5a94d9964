import type { UserInfo } from '../../../protocol/http.ts';
import type { Db } from '../../db/Db.ts';
import { queryOne } from '../../db/Db.ts';
import { splitCodes } from '../../auth/permissions.ts';

/** Columns and joins that produce a `UserInfo` row (without permissions); shared by the list. */
export const USER_SELECT = `
  select u.id, u.username, u.nickname, u.email, u.phone, u.role_id, r.name as role_name,
         u.workspace_id, w.name as workspace_name, w.mold_id as workspace_mold_id, u.enabled,
         u.last_login_at, u.created_at, r.all_access
  from users u join roles r on r.id = u.role_id join workspaces w on w.id = u.workspace_id`;

export interface UserRow {
  id: number;
  username: string;
  nickname: string;
  email: string;
  phone: string;
  role_id: number;
  role_name: string;
  workspace_id: number;
  workspace_name: string;
  workspace_mold_id: number;
  enabled: boolean;
  last_login_at: Date | null;
  created_at: Date;
  all_access: boolean;
}

/** A row of `USER_SELECT` as the wire shape. */
export function toUserInfo(row: UserRow, permissions: string[]): UserInfo {
  return {
    id: row.id,
    username: row.username,
    nickname: row.nickname,
    email: row.email,
    phone: row.phone,
    role_id: row.role_id,
    role_name: row.role_name,
    workspace_id: row.workspace_id,
    workspace: { id: row.workspace_id, name: row.workspace_name, mold_id: row.workspace_mold_id },
    enabled: row.enabled,
    last_login_at: row.last_login_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
    permissions,
  };
}

/** Button permission codes of a role; an all-access role holds every code in the menu table. */
export async function rolePermissions(
  db: Db,
  roleId: number,
  allAccess: boolean,
): Promise<string[]> {
  const rows = allAccess
    ? await db.query<{ perms: string }>(`select perms from menus where kind = 'button'`)
    : await db.query<{ perms: string }>(
        `select m.perms from role_menus rm join menus m on m.id = rm.menu_id
         where rm.role_id = $1 and m.kind = 'button'`,
        [roleId],
      );
  // The same splitting as every other permission check (`server/auth/permissions.ts`).
  return [...new Set(rows.flatMap((r) => splitCodes(r.perms)))].sort();
}

/** The full `UserInfo` of user `id`, or undefined. */
export async function loadUserInfo(db: Db, id: number): Promise<UserInfo | undefined> {
  const row = await queryOne<UserRow>(db, `${USER_SELECT} where u.id = $1`, [id]);
  if (!row) return undefined;
  return toUserInfo(row, await rolePermissions(db, row.role_id, row.all_access));
}
