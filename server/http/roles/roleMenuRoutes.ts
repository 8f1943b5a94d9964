import { z } from 'zod';
import type { MenuNode, Role } from '../../../protocol/http.ts';
import { API } from '../../../protocol/http.ts';
import { queryOne } from '../../db/Db.ts';
import { ApiError, notFound } from '../ApiError.ts';
import { audit } from '../audit.ts';
import { runChange } from '../change.ts';
import type { AppDeps, ZodApp } from '../context.ts';
import { callerOf } from '../context.ts';
import { ok } from '../envelope.ts';
import { roleMenus } from '../menus/menuTree.ts';
import { id } from '../schemas.ts';
import { requireInScope } from '../scope.ts';
import { requireGrantableMenus, scopedRole, setRoleMenus } from './roleQueries.ts';
import { roleReply } from './roleReply.ts';
import { menuIds } from './roleSchemas.ts';

/** The role ↔ menu routes: reading a role's menus (anyone may read their own) and setting them. */
export function registerRoleMenuRoutes(app: ZodApp, deps: AppDeps): void {
  const { db } = deps;

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
      return ok<Role>(request, await roleReply(db, b.role_id));
    },
  );
}
