import { z } from 'zod';
import type { MenuNode, Page, Role } from '../../../protocol/http.ts';
import { API } from '../../../protocol/http.ts';
import { queryOne } from '../../db/Db.ts';
import { ApiError, notFound } from '../ApiError.ts';
import { audit } from '../audit.ts';
import type { AppDeps, ZodApp } from '../context.ts';
import { callerOf } from '../context.ts';
import { ok } from '../envelope.ts';
import { roleMenus } from '../menus/menuTree.ts';
import { id, name, offset, optionalId, optionalText, paging } from '../schemas.ts';
import { requireInScope } from '../scope.ts';
import { like, Where } from '../where.ts';
import type { RoleRow } from './roleQueries.ts';
import {
  requireGrantableMenus,
  ROLE_SELECT,
  scopedRole,
  setRoleMenus,
  toRole,
} from './roleQueries.ts';

const listQuery = z.object({ ...paging, name: optionalText, workspace_id: optionalId });
const menuIds = z.array(id).max(1000);
const addBody = z.object({
  workspace_id: id,
  name: name(32),
  description: z.string().trim().max(200).optional(),
  menu_ids: menuIds.optional(),
});
const updateBody = z.object({
  id,
  name: name(32).optional(),
  description: z.string().trim().max(200).optional(),
  menu_ids: menuIds.optional(),
});

/** Role list, add, update, delete, and the role ↔ menu routes. */
export function registerRoleRoutes(app: ZodApp, deps: AppDeps): void {
  const { db } = deps;
  const reply = async (roleId: number) => {
    const row = await queryOne<RoleRow>(db, `${ROLE_SELECT} where r.id = $1`, [roleId]);
    if (!row) throw notFound('role');
    return toRole(db, row);
  };
  const nameTaken = async (workspaceId: number, roleName: string, except = 0) =>
    queryOne(db, 'select 1 from roles where workspace_id = $1 and name = $2 and id <> $3', [
      workspaceId,
      roleName,
      except,
    ]);

  app.get(
    API.rolesList,
    { config: { access: 'role' }, schema: { querystring: listQuery } },
    async (request) => {
      const q = request.query;
      const where = new Where([await callerOf(request).scope()])
        .raw('r.workspace_id = any($1::int[])')
        .add('r.name ilike ?', like(q.name))
        .add('r.workspace_id = ?', q.workspace_id);
      const total = await db.query<{ n: number }>(
        `select count(*)::int as n from roles r ${where.toString()}`,
        where.params,
      );
      const rows = await db.query<RoleRow>(
        `${ROLE_SELECT} ${where.toString()} order by r.id limit ${where.next(q.size)} offset ${where.next(offset(q))}`,
        where.params,
      );
      const data = await Promise.all(rows.map((row) => toRole(db, row)));
      return ok<Page<Role>>(request, { data, total: total[0]?.n ?? 0 });
    },
  );

  app.post(
    API.rolesAdd,
    { config: { access: 'role:add' }, schema: { body: addBody } },
    async (request) => {
      const caller = callerOf(request);
      const b = request.body;
      await requireInScope(caller, b.workspace_id, 'workspace');
      await requireGrantableMenus(db, caller, b.menu_ids ?? []);
      if (await nameTaken(b.workspace_id, b.name))
        throw new ApiError(409, 'conflict.role_name', { value: b.name });
      const row = await queryOne<{ id: number }>(
        db,
        'insert into roles (workspace_id, name, description) values ($1, $2, $3) returning id',
        [b.workspace_id, b.name, b.description ?? ''],
      );
      if (!row) throw new Error('role insert returned no row');
      await setRoleMenus(db, row.id, b.menu_ids ?? []);
      await audit(db, request, { module: 'role', action: 'add', target: b.name });
      return ok<Role>(request, await reply(row.id));
    },
  );

  app.post(
    API.rolesUpdate,
    { config: { access: 'role:edit' }, schema: { body: updateBody } },
    async (request) => {
      const caller = callerOf(request);
      const b = request.body;
      const role = await scopedRole(db, caller, b.id);
      if (b.name !== undefined && (await nameTaken(role.workspace_id, b.name, role.id)))
        throw new ApiError(409, 'conflict.role_name', { value: b.name });
      await db.query(
        'update roles set name = coalesce($2, name), description = coalesce($3, description), updated_at = now() where id = $1',
        [b.id, b.name ?? null, b.description ?? null],
      );
      if (b.menu_ids) {
        await requireGrantableMenus(db, caller, b.menu_ids);
        await setRoleMenus(db, b.id, b.menu_ids);
      }
      await audit(db, request, {
        module: 'role',
        action: 'update',
        target: role.name,
        detail: JSON.stringify(b),
      });
      return ok<Role>(request, await reply(b.id));
    },
  );

  // Spec §7: the console sends `workspace_id` along with the role's fields.
  const delBody = z.object({ id, workspace_id: id.optional() });
  app.post(
    API.rolesDel,
    { config: { access: 'role:del' }, schema: { body: delBody } },
    async (request) => {
      const role = await scopedRole(db, callerOf(request), request.body.id);
      if (role.user_count > 0)
        throw new ApiError(409, 'conflict.role_in_use', { count: role.user_count });
      await db.query('delete from roles where id = $1', [role.id]);
      await audit(db, request, { module: 'role', action: 'del', target: role.name });
      return ok(request, null);
    },
  );

  const roleMenuQuery = z.object({ role_id: id });
  app.get(
    API.roleMenuList,
    { config: { access: 'signed-in' }, schema: { querystring: roleMenuQuery } },
    async (request) => {
      const caller = callerOf(request);
      const roleId = request.query.role_id;
      if (roleId !== caller.roleId && !caller.can('role')) throw new ApiError(403, 'forbidden');
      const row = await queryOne<{ workspace_id: number; all_access: boolean }>(
        db,
        'select workspace_id, all_access from roles where id = $1',
        [roleId],
      );
      if (!row) throw notFound('role');
      if (roleId !== caller.roleId) await requireInScope(caller, row.workspace_id, 'role');
      return ok<MenuNode[]>(request, await roleMenus(db, roleId, row.all_access));
    },
  );

  const roleMenuBody = z.object({ role_id: id, menu_ids: menuIds });
  app.post(
    API.roleMenuUpdate,
    { config: { access: 'role:edit' }, schema: { body: roleMenuBody } },
    async (request) => {
      const caller = callerOf(request);
      const role = await scopedRole(db, caller, request.body.role_id);
      await requireGrantableMenus(db, caller, request.body.menu_ids);
      await setRoleMenus(db, role.id, request.body.menu_ids);
      await audit(db, request, {
        module: 'role',
        action: 'menus',
        target: role.name,
        detail: request.body.menu_ids.join(','),
      });
      return ok<Role>(request, await reply(role.id));
    },
  );
}
