/**
 * Changes to the registry: rename, enable or disable, and delete a model. Each change is one
 * transaction with its audit row; a refusal is audited as a failed attempt (runChange). Disabling a
 * model takes it off every device that runs it (undeployBatch.ts): a disabled model detects nothing.
 */
import { MODEL_API } from '../../../protocol/models.ts';
import type { Db } from '../../db/Db.ts';
import type { DeployLink } from '../../models/deployLink.ts';
import { markRemoving, sendUndeploys } from '../../models/undeployBatch.ts';
import { ApiError } from '../ApiError.ts';
import { audit } from '../audit.ts';
import { runChange } from '../change.ts';
import type { AppDeps, ZodApp } from '../context.ts';
import { ok } from '../envelope.ts';
import { DEL_ACCESS, delBody, EDIT_ACCESS, editBody } from './modelSchemas.ts';

/** The model `id` within `scope`, locked for update; 404 otherwise. */
export async function lockedModel(tx: Db, id: number, scope: readonly number[]) {
  const [model] = await tx.query<{
    id: number;
    name: string;
    workspace_id: number;
    enabled: boolean;
  }>(
    `select id, name, workspace_id, enabled from ai_models
     where id = $1 and workspace_id = any($2::int[]) for update`,
    [id, scope],
  );
  if (!model) throw new ApiError(404, 'not_found');
  return model;
}

export function registerModelWriteRoutes(
  app: ZodApp,
  deps: AppDeps,
  openLink: () => Promise<DeployLink>,
): void {
  app.post(
    MODEL_API.edit,
    { config: { access: EDIT_ACCESS }, schema: { body: editBody } },
    async (request) => {
      const b = request.body;
      const label = { module: 'model', action: 'edit', target: String(b.id) };
      const removing = await runChange(deps, request, label, async (tx, caller) => {
        const model = await lockedModel(tx, b.id, await caller.scope());
        if (b.name !== undefined && b.name !== model.name) {
          const [taken] = await tx.query(
            'select 1 from ai_models where workspace_id = $1 and name = $2 and id <> $3',
            [model.workspace_id, b.name, model.id],
          );
          if (taken) throw new ApiError(409, 'conflict.duplicate');
        }
        await tx.query(
          `update ai_models set name = coalesce($2, name), enabled = coalesce($3, enabled),
             updated_at = now() where id = $1`,
          [model.id, b.name ?? null, b.enabled ?? null],
        );
        const off = b.enabled === false ? await markRemoving(tx, model.id, null) : [];
        const changes = [
          b.name !== undefined && b.name !== model.name ? `name: ${model.name} → ${b.name}` : '',
          b.enabled !== undefined && b.enabled !== model.enabled
            ? b.enabled
              ? 'enabled'
              : 'disabled'
            : '',
          off.length > 0 ? `undeployed from ${off.map((r) => r.data.sn).join(', ')}` : '',
        ].filter((c) => c !== '');
        await audit(tx, request, {
          ...label,
          targetName: b.name ?? model.name,
          detail: (changes.join('; ') || 'no change').slice(0, 500),
        });
        return off;
      });
      void sendUndeploys(deps.db, openLink, removing).catch((error: unknown) => {
        request.log.warn(`model undeploy not sent: ${String(error)}`);
      });
      return ok(request, null);
    },
  );

  app.post(
    MODEL_API.del,
    { config: { access: DEL_ACCESS }, schema: { body: delBody } },
    async (request) => {
      const b = request.body;
      const label = { module: 'model', action: 'del', target: String(b.id) };
      const keys = await runChange(deps, request, label, async (tx, caller) => {
        const model = await lockedModel(tx, b.id, await caller.scope());
        // A model a device runs or is fetching stays: deleting it would leave the device running a
        // model nobody can see or replace from here.
        const [inUse] = await tx.query<{ n: number }>(
          `select count(distinct device_sn)::int as n from ai_model_deployments
           where model_id = $1 and state in ('pending', 'downloading', 'deployed', 'removing')`,
          [model.id],
        );
        if (inUse && inUse.n > 0) throw new ApiError(409, 'model.in_use', { count: inUse.n });
        const files = await tx.query<{ file_key: string }>(
          'select file_key from ai_model_versions where model_id = $1',
          [model.id],
        );
        await tx.query('delete from ai_models where id = $1', [model.id]);
        await audit(tx, request, {
          ...label,
          targetName: model.name,
          detail: `${String(files.length)} version(s)`,
        });
        return files.map((f) => f.file_key);
      });
      // The rows are gone for good; their files follow outside the transaction.
      for (const key of keys) await deps.storage.delete(key);
      return ok(request, null);
    },
  );
}
