import { z } from 'zod';
import { API } from '../../../protocol/http.ts';
import { ApiError } from '../ApiError.ts';
import { audit } from '../audit.ts';
import { runChange } from '../change.ts';
import type { AppDeps, ZodApp } from '../context.ts';
import { ok } from '../envelope.ts';
import { id } from '../schemas.ts';
import { scopedRole } from './roleQueries.ts';

/** Deleting a role, refused while users still hold it. */
export function registerRoleDeleteRoute(app: ZodApp, deps: AppDeps): void {
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
}
