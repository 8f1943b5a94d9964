import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
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

async function usernameOf(deps: AppDeps, userId: number): Promise<string> {
  const row = await queryOne<{ username: string }>(
    deps.db,
    'select username from users where id = $1',
    [userId],
  );
  return row?.username ?? '';
}

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
    // Every session ends with the old password, access tokens included.
    await revokeUserTokens(tx, userId);
  });
  deps.events.changed({ kind: 'user', userId });
}

/**
 * Checks the caller's own password, throttled like sign-in: a stolen access token must not become a
 * password oracle. Change-password and the lock screen share one counter per user. Answers whether
 * the password was right, or throws 429 while locked (auditing the refusal as `action`).
 */
async function checkOwnPassword(
  deps: AppDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  check: { action: string; password: string },
): Promise<boolean> {
  const userId = callerOf(request).userId;
  const subject = { kind: 'ownPassword', userId } as const;
  const verdict = await deps.throttle.attempt(deps.db, subject);
  if (verdict.kind === 'locked') {
    const { action } = check;
    await audit(deps.db, request, {
      module: 'user',
      action,
      result: 'failure',
      detail: 'throttled',
    });
    void reply.header('retry-after', String(verdict.retryAfterS));
    throw new ApiError(429, 'auth.password_throttled', { seconds: verdict.retryAfterS });
  }
  if (verdict.delayMs > 0) await sleep(verdict.delayMs);
  const valid = await verifyPassword(await ownHash(deps, userId), check.password);
  if (valid) await deps.throttle.succeed(deps.db, subject);
  return valid;
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
        targetName: await usernameOf(deps, request.body.id),
      });
      return ok(request, null);
    },
  );

  const changeBody = z.object({ old_password: z.string().min(1).max(128), new_password: password });
  app.post(
    API.userChangePassword,
    { config: { access: 'signed-in' }, schema: { body: changeBody } },
    async (request, reply) => {
      const caller = callerOf(request);
      const password = request.body.old_password;
      const check = { action: 'changePassword', password };
      const valid = await checkOwnPassword(deps, request, reply, check);
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
        target: String(caller.userId),
        targetName: caller.username,
      });
      return ok(request, null);
    },
  );

  const checkBody = z.object({ password: z.string().min(1).max(128) });
  app.post(
    API.userCheckPassword,
    { config: { access: 'signed-in' }, schema: { body: checkBody } },
    async (request, reply) => {
      const { password } = request.body;
      if (await checkOwnPassword(deps, request, reply, { action: 'checkPassword', password }))
        return ok(request, true);
      throw new ApiError(400, 'auth.wrong_password');
    },
  );
}
