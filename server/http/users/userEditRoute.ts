import type { UserInfo } from '../../../protocol/http.ts';
import { API } from '../../../protocol/http.ts';
import { revokeUserTokens } from '../../auth/refreshTokens.ts';
import { queryOne } from '../../db/Db.ts';
import { ApiError } from '../ApiError.ts';
import { audit } from '../audit.ts';
import { runChange } from '../change.ts';
import type { AppDeps, ZodApp } from '../context.ts';
import { ok } from '../envelope.ts';
import { requireInScope, scopedWorkspaceOf } from '../scope.ts';
import { requireAssignableRole } from './requireAssignableRole.ts';
import { userReply } from './userReply.ts';
import { editBody } from './userWriteSchemas.ts';

/**
 * Editing a user. Nobody disables themselves or changes their own role or workspace; disabling a
 * user also revokes their refresh tokens.
 */
export function registerUserEditRoute(app: ZodApp, deps: AppDeps): void {
  app.post(
    API.userEdit,
    { config: { access: 'user:edit' }, schema: { body: editBody } },
    async (request) => {
      const b = request.body;
      const label = { module: 'user', action: 'edit', target: String(b.id) };
      await runChange(deps, request, label, async (tx, caller) => {
        await scopedWorkspaceOf(tx, caller, 'users', { column: 'id', value: b.id });
        if (
          b.id === caller.userId &&
          (b.enabled === false || b.role_id !== undefined || b.workspace_id !== undefined)
        )
          throw new ApiError(409, 'conflict.self');
        if (b.workspace_id !== undefined) await requireInScope(caller, b.workspace_id, 'workspace');
        if (b.role_id !== undefined) await requireAssignableRole(tx, caller, b.role_id);
        const row = await queryOne<{ username: string }>(
          tx,
          `update users set nickname = coalesce($2, nickname), email = coalesce($3, email),
           phone = coalesce($4, phone), role_id = coalesce($5, role_id),
           workspace_id = coalesce($6, workspace_id), enabled = coalesce($7, enabled), updated_at = now()
           where id = $1 returning username`,
          [
            b.id,
            b.nickname ?? null,
            b.email ?? null,
            b.phone ?? null,
            b.role_id ?? null,
            b.workspace_id ?? null,
            b.enabled ?? null,
          ],
        );
        if (b.enabled === false) await revokeUserTokens(tx, b.id);
        await audit(tx, request, {
          ...label,
          targetName: row?.username ?? '',
          detail: JSON.stringify(b),
        });
      });
      deps.events.changed({ kind: 'user', userId: b.id });
      return ok<UserInfo>(request, await userReply(deps, b.id));
    },
  );
}
