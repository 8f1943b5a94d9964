import type { Role } from '../../../protocol/http.ts';
import type { Db } from '../../db/Db.ts';
import { queryOne } from '../../db/Db.ts';
import { menuCodes } from '../../auth/permissions.ts';
import { ApiError, notFound } from '../ApiError.ts';
import type { Caller } from '../caller.ts';
import { requireInScope } from '../scope.ts';

/** Select producing a `Role` row (menu ids aggregated, user count). */
export const ROLE_SELECT = `
  select r.id, r.workspace_id, r.name, r.description, r.created_at, r.all_access,
    (select count(*)::int from users u where u.role_id = r.id) as user_count,
    coalesce((select array_agg(rm.menu_id order by rm.menu_id) from role_menus rm where rm.role_id = r.id),
             '{}'::int[]) as menu_ids
  from roles r`;

export interface RoleRow {
  id: number;
  workspace_id: number;
  name: string;
  description: string;
  created_at: Date;
  all_access: boolean;
  user_count: number;
  menu_ids: number[];
}

/** The wire shape; an all-access role lists every menu id. */
export async function toRole(db: Db, row: RoleRow): Promise<Role> {
  const menuIds = row.all_access
    ? (await db.query<{ id: number }>('select id from menus order by id')).map((m) => m.id)
    : row.menu_ids;
  return {
    id: row.id,
    workspace_id: row.workspace_id,
    name: row.name,
    description: row.description,
    user_count: row.user_count,
    menu_ids: menuIds,
    created_at: row.created_at.toISOString(),
  };
}

/** A role in the caller's scope (404 otherwise); editing an all-access role needs an all-access caller. */
export async function scopedRole(db: Db, caller: Caller, roleId: number): Promise<RoleRow> {
  const row = await queryOne<RoleRow>(db, `${ROLE_SELECT} where r.id = $1`, [roleId]);
  if (!row) throw notFound('role');
  await requireInScope(caller, row.workspace_id, 'role');
  if (row.all_access && !caller.allAccess) throw new ApiError(403, 'forbidden');
  return row;
}

/** Checks menu ids exist and that the caller holds each one (no granting more than one has). */
export async function requireGrantableMenus(
  db: Db,
  caller: Caller,
  menuIds: readonly number[],
): Promise<void> {
  if (menuIds.length === 0) return;
  const rows = await db.query<{ kind: string; name: string; perms: string }>(
    'select kind, name, perms from menus where id = any($1::int[])',
    [menuIds],
  );
  if (rows.length !== new Set(menuIds).size) throw notFound('menu');
  if (!rows.every((row) => menuCodes(row).every((code) => caller.can(code))))
    throw new ApiError(403, 'forbidden');
}

/** Replaces the menus of a role. */
export async function setRoleMenus(
  db: Db,
  roleId: number,
  menuIds: readonly number[],
): Promise<void> {
  await db.tx(async (tx) => {
    await tx.query('delete from role_menus where role_id = $1', [roleId]);
    await tx.query(
      'insert into role_menus (role_id, menu_id) select $1, unnest($2::int[]) on conflict do nothing',
      [roleId, [...new Set(menuIds)]],
    );
  });
}
