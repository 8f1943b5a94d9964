/**
 * `POST /api/model/undeploy`: takes a model off devices (all that run it, or the ones named) with
 * our own `ai_model_undeploy` service. The rows move to `removing` and the change is audited first;
 * the services go out in the background and each reply moves its row to `removed`
 * (models/undeployBatch.ts), which the console polls.
 */
import type { DeployResult } from '../../../protocol/models.ts';
import { MODEL_API, MODEL_UNDEPLOY_METHOD } from '../../../protocol/models.ts';
import type { DeployLink } from '../../models/deployLink.ts';
import { markRemoving, sendUndeploys } from '../../models/undeployBatch.ts';
import { audit } from '../audit.ts';
import { runChange } from '../change.ts';
import type { AppDeps, ZodApp } from '../context.ts';
import { ok } from '../envelope.ts';
import { deploymentsById } from './modelQueries.ts';
import { EDIT_ACCESS, undeployBody } from './modelSchemas.ts';
import { lockedModel } from './modelWriteRoutes.ts';

export function registerModelUndeployRoute(
  app: ZodApp,
  deps: AppDeps,
  openLink: () => Promise<DeployLink>,
): void {
  app.post(
    MODEL_API.undeploy,
    { config: { access: EDIT_ACCESS }, schema: { body: undeployBody } },
    async (request) => {
      const b = request.body;
      const sns = b.device_sns ? [...new Set(b.device_sns)] : null;
      const label = { module: 'model', action: MODEL_UNDEPLOY_METHOD, target: String(b.model_id) };
      const batch = await runChange(deps, request, label, async (tx, caller) => {
        const model = await lockedModel(tx, b.model_id, await caller.scope());
        const out = await markRemoving(tx, model.id, sns);
        await audit(tx, request, {
          ...label,
          targetName: model.name,
          detail: out.length
            ? `from ${out.map((r) => r.data.sn).join(', ')}`.slice(0, 500)
            : 'no device runs it',
        });
        return out;
      });
      void sendUndeploys(deps.db, openLink, batch).catch((error: unknown) => {
        request.log.warn(`model undeploy not sent: ${String(error)}`);
      });
      return ok<DeployResult>(request, {
        deployments: await deploymentsById(
          deps.db,
          batch.map((r) => r.id),
        ),
      });
    },
  );
}
