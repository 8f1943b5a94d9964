import { z } from 'zod';
import type { MenuNode, Page, Role } from '../../../protocol/http.ts';
import { API } from '../../../protocol/http.ts';
import type { Db } from '../../db/Db.ts';
import { queryOne } from '../../db/Db.ts';
import { ApiError, notFound } from '../ApiError.ts';
import { audit } from '../audit.ts';
import { runChange } from '../change.ts';
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
  const nameTaken = async (tx: Db, workspaceId: number, roleName: string, except = 0) =>
    queryOne(tx, 'select 1 from roles where workspace_id = $1 and name = $2 and id <> $3', [
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
      const b = request.body;
      const label = { module: 'role', action: 'add', target: b.name };
      const roleId = await runChange(deps, request, label, async (tx, caller) => {
        await requireInScope(caller, b.workspace_id, 'workspace');
        await requireGrantableMenus(tx, caller, b.menu_ids ?? []);
        if (await nameTaken(tx, b.workspace_id, b.name))
          throw new ApiError(409, 'conflict.role_name', { value: b.name });
        const row = await queryOne<{ id: number }>(
          tx,
          'insert into roles (workspace_id, name, description) values ($1, $2, $3) returning id',
          [b.workspace_id, b.name, b.description ?? ''],
        );
        if (!row) throw new Error('role insert returned no row');
        await setRoleMenus(tx, row.id, b.menu_ids ?? []);
        await audit(tx, request, { ...label, targetName: b.name });
        return row.id;
      });
      return ok<Role>(request, await reply(roleId));
    },
  );

  app.post(
    API.rolesUpdate,
    { config: { access: 'role:edit' }, schema: { body: updateBody } },
    async (request) => {
      const b = request.body;
      const label = { module: 'role', action: 'update', target: String(b.id) };
      await runChange(deps, request, label, async (tx, caller) => {
        const role = await scopedRole(tx, caller, b.id);
        if (b.name !== undefined && (await nameTaken(tx, role.workspace_id, b.name, role.id)))
          throw new ApiError(409, 'conflict.role_name', { value: b.name });
        if (b.menu_ids) await requireGrantableMenus(tx, caller, b.menu_ids);
        await tx.query(
          'update roles set name = coalesce($2, name), description = coalesce($3, description), updated_at = now() where id = $1',
          [b.id, b.name ?? null, b.description ?? null],
        );
        if (b.menu_ids) await setRoleMenus(tx, b.id, b.menu_ids);
        await audit(tx, request, {
          ...label,
          target: role.name,
          targetName: role.name,
          detail: JSON.stringify(b),
        });
      });
      if (b.menu_ids) deps.events.changed({ kind: 'role', roleId: b.id });
      return ok<Role>(request, await reply(b.id));
    },
  );

  // Spec §7: the console sends `workspace_id` along with the role's fields.
  const delBody = z.object({ id, workspace_id: id.optional() });
  app.post(
    API.rolesDel,
    { config: { access: 'role:del' }, schema: { body: delBody } },
    async (request) => {
      const label = { module: 'role', action: 'del', target: String(request.body.id) };
      await runChange(deps, request, label, async (tx, caller) => {
        const role = await scopedRole(tx, caller, request.body.id);
        if (role.user_count > 0)
          throw new ApiError(409, 'conflict.role_in_use', { count: role.user_count });
        await tx.query('delete from roles where id = $1', [role.id]);
        await audit(tx, request, { ...label, target: role.name, targetName: role.name });
      });
      deps.events.changed({ kind: 'role', roleId: request.body.id });
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
      const b = request.body;
      const label = { module: 'role', action: 'menus', target: String(b.role_id) };
      await runChange(deps, request, label, async (tx, caller) => {
        const role = await scopedRole(tx, caller, b.role_id);
        await requireGrantableMenus(tx, caller, b.menu_ids);
        await setRoleMenus(tx, role.id, b.menu_ids);
        await audit(tx, request, {
          ...label,
          target: role.name,
          targetName: role.name,
          detail: b.menu_ids.join(','),
        });
      });
      deps.events.changed({ kind: 'role', roleId: b.role_id });
      return ok<Role>(request, await reply(b.role_id));
    },
  );
}
