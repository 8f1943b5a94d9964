import type { UserInfo } from '../../../protocol/http.ts';
import { API } from '../../../protocol/http.ts';
import { hashPassword } from '../../auth/passwords.ts';
import { queryOne } from '../../db/Db.ts';
import { ApiError } from '../ApiError.ts';
import { audit } from '../audit.ts';
import { runChange } from '../change.ts';
import type { AppDeps, ZodApp } from '../context.ts';
import { ok } from '../envelope.ts';
import { requireInScope } from '../scope.ts';
import { requireAssignableRole } from './requireAssignableRole.ts';
import { userReply } from './userReply.ts';
import { addBody } from './userWriteSchemas.ts';

/** Adding a user, with a role and a workspace the caller may hand out. */
export function registerUserAddRoute(app: ZodApp, deps: AppDeps): void {
  app.post(
    API.userAdd,
    { config: { access: 'user:add' }, schema: { body: addBody } },
    async (request) => {
      const b = request.body;
      const label = { module: 'user', action: 'add', target: b.username };
      // argon2 is slow on purpose: hash before the transaction so it never holds it open.
      const hash = await hashPassword(b.password);
      const userId = await runChange(deps, request, label, async (tx, caller) => {
        await requireInScope(caller, b.workspace_id, 'workspace');
        await requireAssignableRole(tx, caller, b.role_id);
        // Usernames are unique across the organisation; the answer does not say where it is taken.
        if (await queryOne(tx, 'select 1 from users where username = $1', [b.username]))
          throw new ApiError(409, 'conflict.username', { value: b.username });
        const row = await queryOne<{ id: number }>(
          tx,
          `insert into users (username, password_hash, nickname, email, phone, role_id, workspace_id, enabled)
           values ($1, $2, $3, $4, $5, $6, $7, $8) returning id`,
          [
            b.username,
            hash,
            b.nickname ?? '',
            b.email ?? '',
            b.phone ?? '',
            b.role_id,
            b.workspace_id,
            b.enabled ?? true,
          ],
        );
        if (!row) throw new Error('user insert returned no row');
        await audit(tx, request, { ...label, targetName: b.username });
        return row.id;
      });
      return ok<UserInfo>(request, await userReply(deps, userId));
    },
  );
}
