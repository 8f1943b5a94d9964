import type { WorkspaceNode } from '../../../protocol/http.ts';
import { API } from '../../../protocol/http.ts';
import { subtreeIds } from '../../auth/permissions.ts';
import { queryOne } from '../../db/Db.ts';
import { ApiError } from '../ApiError.ts';
import { audit } from '../audit.ts';
import { runChange } from '../change.ts';
import type { AppDeps, ZodApp } from '../context.ts';
import { ok } from '../envelope.ts';
import { requireInScope } from '../scope.ts';
import { siblingNamed } from './siblingNamed.ts';
import { workspaceReply } from './workspaceReply.ts';
import { addBody, editBody } from './workspaceSchemas.ts';

/** Adding a workspace and editing one (moving it under another parent included), each audited. */
export function registerWorkspaceWriteRoutes(app: ZodApp, deps: AppDeps): void {
  const { db } = deps;

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
      return ok<WorkspaceNode>(request, await workspaceReply(db, workspaceId));
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
      return ok<WorkspaceNode>(request, await workspaceReply(db, b.id));
    },
  );
}
