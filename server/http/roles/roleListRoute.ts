import type { Page, Role } from '../../../protocol/http.ts';
import { API } from '../../../protocol/http.ts';
import type { AppDeps, ZodApp } from '../context.ts';
import { callerOf } from '../context.ts';
import { ok } from '../envelope.ts';
import { offset } from '../schemas.ts';
import { like, Where } from '../where.ts';
import type { RoleRow } from './roleQueries.ts';
import { ROLE_SELECT, toRole } from './roleQueries.ts';
import { listQuery } from './roleSchemas.ts';

/** The role list: one page of the roles in the caller's scope, filtered by name and workspace. */
export function registerRoleListRoute(app: ZodApp, deps: AppDeps): void {
  const { db } = deps;
  app.get(
    API.rolesList,
    { config: { access: 'role' }, schema: { querystring: listQuery } },
    async (request) => {
      const q = request.query;
      const where = new Where([await callerOf(request).scope()])
        .raw('r.workspace_id = any($1::int[])')
        .add('r.name ilike ?', like(q.name))
        .add('r.workspace_id = ?', q.workspace_id);
      const total = await db.query<{ n: number }>(
        `select count(*)::int as n from roles r ${where.toString()}`,
        where.params,
      );
      const rows = await db.query<RoleRow>(
        `${ROLE_SELECT} ${where.toString()} order by r.id limit ${where.next(q.size)} offset ${where.next(offset(q))}`,
        where.params,
      );
      const data = await Promise.all(rows.map((row) => toRole(db, row)));
      return ok<Page<Role>>(request, { data, total: total[0]?.n ?? 0 });
    },
  );
}
