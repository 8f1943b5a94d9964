import { z } from 'zod';
import type { Page, WorkspaceNode } from '../../../protocol/http.ts';
import { API } from '../../../protocol/http.ts';
import type { AppDeps, ZodApp } from '../context.ts';
import { callerOf } from '../context.ts';
import { ok } from '../envelope.ts';
import { id, offset } from '../schemas.ts';
import { requireInScope } from '../scope.ts';
import { like, Where } from '../where.ts';
import type { WorkspaceRow } from './workspaceQueries.ts';
import { toWorkspace, WORKSPACE_SELECT, workspaceTree } from './workspaceQueries.ts';
import { workspaceReply } from './workspaceReply.ts';
import { listQuery } from './workspaceSchemas.ts';

/** The workspace list, the tree the console picks its project from, and one workspace's info. */
export function registerWorkspaceReadRoutes(app: ZodApp, deps: AppDeps): void {
  const { db } = deps;

  app.get(
    API.workspaceList,
    { config: { access: 'workspace' }, schema: { querystring: listQuery } },
    async (request) => {
      const q = request.query;
      const where = new Where([await callerOf(request).scope()])
        .raw('w.id = any($1::int[])')
        .add('w.name ilike ?', like(q.name))
        .add('w.mold_id = ?', q.mold_id)
        .add('w.parent_id = ?', q.parent_id);
      const total = await db.query<{ n: number }>(
        `select count(*)::int as n from workspaces w ${where.toString()}`,
        where.params,
      );
      const rows = await db.query<WorkspaceRow>(
        `${WORKSPACE_SELECT} ${where.toString()} order by w.id limit ${where.next(q.size)} offset ${where.next(offset(q))}`,
        where.params,
      );
      return ok<Page<WorkspaceNode>>(request, {
        data: rows.map(toWorkspace),
        total: total[0]?.n ?? 0,
      });
    },
  );

  // Every signed-in user needs the tree: the console picks the current project from it.
  app.get(API.workspaceTree, { config: { access: 'signed-in' } }, async (request) => {
    const caller = callerOf(request);
    return ok<WorkspaceNode[]>(
      request,
      await workspaceTree(db, await caller.scope(), caller.workspaceId),
    );
  });

  const infoQuery = z.object({ workspace_id: id });
  app.get(
    API.workspaceInfo,
    { config: { access: 'signed-in' }, schema: { querystring: infoQuery } },
    async (request) => {
      await requireInScope(callerOf(request), request.query.workspace_id, 'workspace');
      return ok<WorkspaceNode>(request, await workspaceReply(db, request.query.workspace_id));
    },
  );
}
