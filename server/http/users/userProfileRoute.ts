import { z } from 'zod';
import type { UserInfo } from '../../../protocol/http.ts';
import { API } from '../../../protocol/http.ts';
import { audit } from '../audit.ts';
import type { AppDeps, ZodApp } from '../context.ts';
import { callerOf } from '../context.ts';
import { ok } from '../envelope.ts';
import { userReply } from './userReply.ts';
import { contact } from './userWriteSchemas.ts';

/** Editing one's own profile: the contact fields only, open to every signed-in user. */
export function registerUserProfileRoute(app: ZodApp, deps: AppDeps): void {
  app.post(
    API.userProfile,
    { config: { access: 'signed-in' }, schema: { body: z.object(contact) } },
    async (request) => {
      const caller = callerOf(request);
      const b = request.body;
      await deps.db.tx(async (tx) => {
        await tx.query(
          `update users set nickname = coalesce($2, nickname), email = coalesce($3, email),
           phone = coalesce($4, phone), updated_at = now() where id = $1`,
          [caller.userId, b.nickname ?? null, b.email ?? null, b.phone ?? null],
        );
        await audit(tx, request, {
          module: 'user',
          action: 'profile',
          target: caller.username,
          targetName: caller.username,
        });
      });
      return ok<UserInfo>(request, await userReply(deps, caller.userId));
    },
  );
}
