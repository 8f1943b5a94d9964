import { z } from 'zod';
import type { UserInfo } from '../../../protocol/http.ts';
import { API } from '../../../protocol/http.ts';
import { hashPassword } from '../../auth/passwords.ts';
import { revokeUserTokens } from '../../auth/refreshTokens.ts';
import type { Db } from '../../db/Db.ts';
import { queryOne } from '../../db/Db.ts';
import { ApiError, notFound } from '../ApiError.ts';
import { audit } from '../audit.ts';
import { runChange } from '../change.ts';
import type { Caller } from '../caller.ts';
import type { AppDeps, ZodApp } from '../context.ts';
import { callerOf } from '../context.ts';
import { ok } from '../envelope.ts';
import { id, name, password } from '../schemas.ts';
import { requireInScope, scopedWorkspaceOf } from '../scope.ts';
import { loadUserInfo } from './userInfo.ts';

const contact = {
  nickname: z.string().trim().max(64).optional(),
  email: z.union([z.literal(''), z.email().max(128)]).optional(),
  phone: z
    .string()
    .trim()
    .max(32)
    .regex(/^[\d+\-() ]*$/)
    .optional(),
};
const addBody = z.object({
  username: name(32).regex(/^[\w.@-]+$/),
  password,
  ...contact,
  role_id: id,
  workspace_id: id,
  enabled: z.boolean().optional(),
});
const editBody = z.object({
  id,
  ...contact,
  role_id: id.optional(),
  workspace_id: id.optional(),
  enabled: z.boolean().optional(),
});

/** A role the caller may hand out: in scope, and all-access only from an all-access caller. */
async function requireAssignableRole(db: Db, caller: Caller, roleId: number): Promise<void> {
  const role = await queryOne<{ workspace_id: number; all_access: boolean }>(
    db,
    'select workspace_id, all_access from roles where id = $1',
    [roleId],
  );
  if (!role) throw notFound('role');
  await requireInScope(caller, role.workspace_id, 'role');
  if (role.all_access && !caller.allAccess) throw new ApiError(403, 'forbidden');
}

async function reply(deps: AppDeps, userId: number): Promise<UserInfo> {
  const user = await loadUserInfo(deps.db, userId);
  if (!user) throw notFound('user');
  return user;
}

/** Add, edit, delete users and edit one's own profile. */
export function registerUserWriteRoutes(app: ZodApp, deps: AppDeps): void {
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
      return ok<UserInfo>(request, await reply(deps, userId));
    },
  );

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
      return ok<UserInfo>(request, await reply(deps, b.id));
    },
  );

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
      return ok<UserInfo>(request, await reply(deps, caller.userId));
    },
  );
}
