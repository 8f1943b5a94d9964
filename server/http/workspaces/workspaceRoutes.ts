import { z } from 'zod';
import type { Page, WorkspaceNode } from '../../../protocol/http.ts';
import { API, MOLD_ORGANISATION, MOLD_PROJECT } from '../../../protocol/http.ts';
import type { Db } from '../../db/Db.ts';
import { queryOne } from '../../db/Db.ts';
import type { MessagePart } from '../ApiError.ts';
import { ApiError, notFound } from '../ApiError.ts';
import { audit } from '../audit.ts';
import { runChange } from '../change.ts';
import { subtreeIds } from '../../auth/permissions.ts';
import type { AppDeps, ZodApp } from '../context.ts';
import { callerOf } from '../context.ts';
import { ok } from '../envelope.ts';
import { id, name, offset, optionalId, optionalText, paging } from '../schemas.ts';
import { requireInScope } from '../scope.ts';
import { like, Where } from '../where.ts';
import type { WorkspaceRow } from './workspaceQueries.ts';
import {
  toWorkspace,
  WORKSPACE_SELECT,
  workspaceContents,
  workspaceTree,
} from './workspaceQueries.ts';

const mold = z.union([z.literal(MOLD_ORGANISATION), z.literal(MOLD_PROJECT)]);
const listQuery = z.object({
  ...paging,
  name: optionalText,
  mold_id: optionalId,
  parent_id: optionalId,
});
const addBody = z.object({
  parent_id: id,
  name: name(64),
  mold_id: mold.default(MOLD_PROJECT),
  description: z.string().trim().max(500).optional(),
});
const editBody = z.object({
  id,
  name: name(64).optional(),
  mold_id: mold.optional(),
  description: z.string().trim().max(500).optional(),
  parent_id: id.optional(),
});

/**
 * Whether another project under the same parent already has this name (case and surrounding space
 * ignored): the project switcher and every picker show projects by name alone, so two siblings of
 * one name could not be told apart.
 */
async function siblingNamed(
  db: Db,
  parentId: number | null,
  projectName: string,
  exceptId = 0,
): Promise<boolean> {
  const row = await queryOne<{ id: number }>(
    db,
    `select id from workspaces where parent_id is not distinct from $1
     and lower(trim(name)) = lower(trim($2)) and id <> $3 limit 1`,
    [parentId, projectName, exceptId],
  );
  return row !== undefined;
}

/** Workspace list, tree, info, add, edit and delete. */
export function registerWorkspaceRoutes(app: ZodApp, deps: AppDeps): void {
  const { db } = deps;
  const one = async (workspaceId: number) => {
    const row = await queryOne<WorkspaceRow>(db, `${WORKSPACE_SELECT} where w.id = $1`, [
      workspaceId,
    ]);
    if (!row) throw notFound('workspace');
    return toWorkspace(row);
  };

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
      return ok<WorkspaceNode>(request, await one(request.query.workspace_id));
    },
  );

  app.post(
    API.workspaceAdd,
    { config: { access: 'workspace:add' }, schema: { body: addBody } },
    async (request) => {
      const b = request.body;
      const label = { module: 'workspace', action: 'add', target: b.name };
      const workspaceId = await runChange(deps, request, label, async (tx, caller) => {
        await requireInScope(caller, b.parent_id, 'workspace');
        if (await siblingNamed(tx, b.parent_id, b.name))
          throw new ApiError(409, 'conflict.workspace_name', { value: b.name });
        const row = await queryOne<{ id: number }>(
          tx,
          'insert into workspaces (parent_id, name, mold_id, description) values ($1, $2, $3, $4) returning id',
          [b.parent_id, b.name, b.mold_id, b.description ?? ''],
        );
        if (!row) throw new Error('workspace insert returned no row');
        await audit(tx, request, { ...label, targetName: b.name });
        return row.id;
      });
      return ok<WorkspaceNode>(request, await one(workspaceId));
    },
  );

  app.post(
    API.workspaceEdit,
    { config: { access: 'workspace:edit' }, schema: { body: editBody } },
    async (request) => {
      const b = request.body;
      const label = { module: 'workspace', action: 'edit', target: String(b.id) };
      await runChange(deps, request, label, async (tx, caller) => {
        await requireInScope(caller, b.id, 'workspace');
        if (b.parent_id !== undefined) {
          await requireInScope(caller, b.parent_id, 'workspace');
          if (b.id === caller.workspaceId || (await subtreeIds(tx, b.id)).includes(b.parent_id))
            throw new ApiError(409, 'conflict.root_workspace');
        }
        const before = await queryOne<{ name: string; parent_id: number | null }>(
          tx,
          'select name, parent_id from workspaces where id = $1',
          [b.id],
        );
        const parent = b.parent_id ?? before?.parent_id ?? null;
        const newName = b.name ?? before?.name;
        if (newName !== undefined && (await siblingNamed(tx, parent, newName, b.id)))
          throw new ApiError(409, 'conflict.workspace_name', { value: newName });
        await tx.query(
          `update workspaces set name = coalesce($2, name), mold_id = coalesce($3, mold_id),
           description = coalesce($4, description), parent_id = coalesce($5, parent_id), updated_at = now()
           where id = $1`,
          [b.id, b.name ?? null, b.mold_id ?? null, b.description ?? null, b.parent_id ?? null],
        );
        await audit(tx, request, {
          ...label,
          targetName: before?.name ?? '',
          detail: JSON.stringify(b),
        });
      });
      // A move changes which users and devices sit under whom.
      if (b.parent_id !== undefined) deps.events.changed({ kind: 'workspace', workspaceId: b.id });
      return ok<WorkspaceNode>(request, await one(b.id));
    },
  );

  // Spec §7: the console sends `workspace_id` plus the node's other fields, which are ignored.
  const delBody = z.object({ workspace_id: id });
  app.post(
    API.workspaceDel,
    { config: { access: 'workspace:del' }, schema: { body: delBody } },
    async (request) => {
      const target = request.body.workspace_id;
      const label = { module: 'workspace', action: 'del', target: String(target) };
      await runChange(deps, request, label, async (tx, caller) => {
        await requireInScope(caller, target, 'workspace');
        if (target === caller.workspaceId) throw new ApiError(409, 'conflict.root_workspace');
        const left = await workspaceContents(tx, target);
        const parts: MessagePart[] = (
          ['children', 'users', 'devices', 'roles', 'waylines', 'tasks'] as const
        )
          .filter((what) => left[what] > 0)
          .map((what) => ({ key: `conflict.${what}`, params: { count: left[what] } }));
        if (parts.length > 0) throw new ApiError(409, 'conflict.workspace_not_empty', {}, parts);
        const row = await queryOne<{ name: string }>(
          tx,
          'delete from workspaces where id = $1 returning name',
          [target],
        );
        await audit(tx, request, { ...label, targetName: row?.name ?? '' });
      });
      deps.events.changed({ kind: 'workspace', workspaceId: target });
      return ok(request, null);
    },
  );
}
