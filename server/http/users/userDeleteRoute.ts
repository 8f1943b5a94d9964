import { z } from 'zod';
import { API } from '../../../protocol/http.ts';
import { queryOne } from '../../db/Db.ts';
import { ApiError } from '../ApiError.ts';
import { audit } from '../audit.ts';
import { runChange } from '../change.ts';
import type { AppDeps, ZodApp } from '../context.ts';
import { ok } from '../envelope.ts';
import { id } from '../schemas.ts';
import { scopedWorkspaceOf } from '../scope.ts';

/** Deleting a user in the caller's scope; nobody deletes themselves. */
export function registerUserDeleteRoute(app: ZodApp, deps: AppDeps): void {
  app.post(
    API.userDel,
    { config: { access: 'user:del' }, schema: { body: z.object({ id }) } },
    async (request) => {
      const userId = request.body.id;
      const label = { module: 'user', action: 'del', target: String(userId) };
      await runChange(deps, request, label, async (tx, caller) => {
        await scopedWorkspaceOf(tx, caller, 'users', { column: 'id', value: userId });
        if (userId === caller.userId) throw new ApiError(409, 'conflict.self');
        const row = await queryOne<{ username: string }>(
          tx,
          'delete from users where id = $1 returning username',
          [userId],
        );
        await audit(tx, request, { ...label, targetName: row?.username ?? '' });
      });
      deps.events.changed({ kind: 'user', userId });
      return ok(request, null);
    },
  );
}
