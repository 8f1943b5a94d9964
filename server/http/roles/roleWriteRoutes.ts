import type { Role } from '../../../protocol/http.ts';
import { API } from '../../../protocol/http.ts';
import { queryOne } from '../../db/Db.ts';
import { ApiError } from '../ApiError.ts';
import { audit } from '../audit.ts';
import { runChange } from '../change.ts';
import type { AppDeps, ZodApp } from '../context.ts';
import { ok } from '../envelope.ts';
import { requireInScope } from '../scope.ts';
import { requireGrantableMenus, scopedRole, setRoleMenus } from './roleQueries.ts';
import { roleNameTaken } from './roleNameTaken.ts';
import { roleReply } from './roleReply.ts';
import { addBody, updateBody } from './roleSchemas.ts';

/** Adding a role and editing one (name, description and, optionally, its menus), each audited. */
export function registerRoleWriteRoutes(app: ZodApp, deps: AppDeps): void {
  const { db } = deps;

  app.post(
    API.rolesAdd,
    { config: { access: 'role:add' }, schema: { body: addBody } },
    async (request) => {
      const b = request.body;
      const label = { module: 'role', action: 'add', target: b.name };
      const roleId = await runChange(deps, request, label, async (tx, caller) => {
        await requireInScope(caller, b.workspace_id, 'workspace');
        await requireGrantableMenus(tx, caller, b.menu_ids ?? []);
        if (await roleNameTaken(tx, b.workspace_id, b.name))
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
      return ok<Role>(request, await roleReply(db, roleId));
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
        if (b.name !== undefined && (await roleNameTaken(tx, role.workspace_id, b.name, role.id)))
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
      return ok<Role>(request, await roleReply(db, b.id));
    },
  );
}
