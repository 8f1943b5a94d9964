import { z } from 'zod';
import type { Page, UserInfo } from '../../../protocol/http.ts';
import { API } from '../../../protocol/http.ts';
import { ApiError, notFound } from '../ApiError.ts';
import type { AppDeps, ZodApp } from '../context.ts';
import { callerOf } from '../context.ts';
import { ok } from '../envelope.ts';
import {
  id,
  offset,
  optionalFlag,
  optionalId,
  optionalText,
  optionalTime,
  paging,
} from '../schemas.ts';
import { requireInScope } from '../scope.ts';
import { like, Where } from '../where.ts';
import type { UserRow } from './userInfo.ts';
import { loadUserInfo, rolePermissions, toUserInfo, USER_SELECT } from './userInfo.ts';

const listQuery = z.object({
  ...paging,
  username: optionalText,
  nickname: optionalText,
  role_id: optionalId,
  workspace_id: optionalId,
  enabled: optionalFlag,
  created_from: optionalTime,
  created_to: optionalTime,
});

/** `GET /api/userinfo` and `GET /api/user/list`. */
export function registerUserRoutes(app: ZodApp, deps: AppDeps): void {
  const infoQuery = z.object({ id });
  app.get(
    API.userInfo,
    { config: { access: 'signed-in' }, schema: { querystring: infoQuery } },
    async (request) => {
      const caller = callerOf(request);
      const wanted = request.query.id;
      if (wanted !== caller.userId && !caller.can('user:edit'))
        throw new ApiError(403, 'forbidden');
      const user = await loadUserInfo(deps.db, wanted);
      if (!user) throw notFound('user');
      if (wanted !== caller.userId) await requireInScope(caller, user.workspace_id, 'user');
      return ok<UserInfo>(request, user);
    },
  );

  app.get(
    API.userList,
    { config: { access: 'users' }, schema: { querystring: listQuery } },
    async (request) => {
      const q = request.query;
      const where = new Where([await callerOf(request).scope()])
        .raw('u.workspace_id = any($1::int[])')
        .add(`u.username ilike ?`, like(q.username))
        .add(`u.nickname ilike ?`, like(q.nickname))
        .add('u.role_id = ?', q.role_id)
        .add('u.workspace_id = ?', q.workspace_id)
        .add('u.enabled = ?', q.enabled)
        .add('u.created_at >= ?', q.created_from)
        .add('u.created_at <= ?', q.created_to);
      const total = await deps.db.query<{ n: number }>(
        `select count(*)::int as n from users u ${where.toString()}`,
        where.params,
      );
      const rows = await deps.db.query<UserRow>(
        `${USER_SELECT} ${where.toString()} order by u.id limit ${where.next(q.size)} offset ${where.next(offset(q))}`,
        where.params,
      );
      const data = await Promise.all(
        rows.map(async (row) =>
          toUserInfo(row, await rolePermissions(deps.db, row.role_id, row.all_access)),
        ),
      );
      return ok<Page<UserInfo>>(request, { data, total: total[0]?.n ?? 0 });
    },
  );
}
