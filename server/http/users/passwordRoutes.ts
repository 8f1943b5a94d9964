import { z } from 'zod';
import { API } from '../../../protocol/http.ts';
import { hashPassword, verifyPassword } from '../../auth/passwords.ts';
import { revokeUserTokens } from '../../auth/refreshTokens.ts';
import { queryOne } from '../../db/Db.ts';
import { ApiError } from '../ApiError.ts';
import { audit } from '../audit.ts';
import type { AppDeps, ZodApp } from '../context.ts';
import { callerOf } from '../context.ts';
import { ok } from '../envelope.ts';
import { id, password } from '../schemas.ts';
import { scopedWorkspaceOf } from '../scope.ts';

async function ownHash(deps: AppDeps, userId: number): Promise<string> {
  const row = await queryOne<{ password_hash: string }>(
    deps.db,
    'select password_hash from users where id = $1',
    [userId],
  );
  return row?.password_hash ?? '';
}

async function setPassword(deps: AppDeps, userId: number, plain: string): Promise<void> {
  const hash = await hashPassword(plain);
  await deps.db.tx(async (tx) => {
    await tx.query(
      'update users set password_hash = $2, password_changed_at = now(), updated_at = now() where id = $1',
      [userId, hash],
    );
    // Sessions elsewhere end with the old password; the current access token lapses on its own.
    await revokeUserTokens(tx, userId);
  });
}

/** Reset (admin), change own, and check own password (the lock screen). */
export function registerPasswordRoutes(app: ZodApp, deps: AppDeps): void {
  const resetBody = z.object({ id, password });
  app.post(
    API.userResetPassword,
    { config: { access: 'user:reset' }, schema: { body: resetBody } },
    async (request) => {
      const caller = callerOf(request);
      await scopedWorkspaceOf(deps.db, caller, 'users', { column: 'id', value: request.body.id });
      await setPassword(deps, request.body.id, request.body.password);
      await audit(deps.db, request, {
        module: 'user',
        action: 'resetPassword',
        target: String(request.body.id),
      });
      return ok(request, null);
    },
  );

  const changeBody = z.object({ old_password: z.string().min(1).max(128), new_password: password });
  app.post(
    API.userChangePassword,
    { config: { access: 'signed-in' }, schema: { body: changeBody } },
    async (request) => {
      const caller = callerOf(request);
      const valid = await verifyPassword(
        await ownHash(deps, caller.userId),
        request.body.old_password,
      );
      if (!valid) {
        await audit(deps.db, request, {
          module: 'user',
          action: 'changePassword',
          result: 'failure',
          detail: 'wrong old password',
        });
        throw new ApiError(400, 'auth.wrong_password');
      }
      await setPassword(deps, caller.userId, request.body.new_password);
      await audit(deps.db, request, {
        module: 'user',
        action: 'changePassword',
        target: caller.username,
      });
      return ok(request, null);
    },
  );

  const checkBody = z.object({ password: z.string().min(1).max(128) });
  app.post(
    API.userCheckPassword,
    { config: { access: 'signed-in' }, schema: { body: checkBody } },
    async (request) => {
      const caller = callerOf(request);
      // The lock screen is a password oracle for whoever holds the token: throttle it like sign-in.
      const keys = [`check:${caller.userId}`];
      const verdict = deps.throttle.check(keys);
      if (verdict.kind === 'locked')
        throw new ApiError(429, 'auth.throttled', { seconds: verdict.retryAfterS });
      if (await verifyPassword(await ownHash(deps, caller.userId), request.body.password))
        return ok(request, true);
      deps.throttle.fail(keys);
      throw new ApiError(400, 'auth.wrong_password');
    },
  );
}
