import { z } from 'zod';
import { API } from '../../../protocol/http.ts';
import { queryOne } from '../../db/Db.ts';
import type { MessagePart } from '../ApiError.ts';
import { ApiError } from '../ApiError.ts';
import { audit } from '../audit.ts';
import { runChange } from '../change.ts';
import type { AppDeps, ZodApp } from '../context.ts';
import { ok } from '../envelope.ts';
import { id } from '../schemas.ts';
import { requireInScope } from '../scope.ts';
import { workspaceContents } from './workspaceQueries.ts';

/** Deleting a workspace: never the caller's own, and only once nothing is left in it. */
export function registerWorkspaceDeleteRoute(app: ZodApp, deps: AppDeps): void {
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
