/**
 * `POST /api/model/deploy`: sends one version to chosen aircraft and docks of the model's workspace
 * with our own `ai_model_deploy` service. The rows are written (pending) and audited first; the
 * services then go out in the background and each device's reply and progress events move its row
 * (models/deployStates.ts), which the console polls.
 */
import type { DeployResult } from '../../../protocol/models.ts';
import { MODEL_API, MODEL_DEPLOY_METHOD } from '../../../protocol/models.ts';
import { createDeployments, sendDeployments, versionForDeploy } from '../../models/deployBatch.ts';
import type { DeployLink } from '../../models/deployLink.ts';
import { ApiError, notFound } from '../ApiError.ts';
import { audit } from '../audit.ts';
import { runChange } from '../change.ts';
import type { AppDeps, ZodApp } from '../context.ts';
import { ok } from '../envelope.ts';
import { deploymentsById } from './modelQueries.ts';
import { deployBody, EDIT_ACCESS } from './modelSchemas.ts';

export function registerModelDeployRoute(
  app: ZodApp,
  deps: AppDeps,
  openLink: () => Promise<DeployLink>,
): void {
  app.post(
    MODEL_API.deploy,
    { config: { access: EDIT_ACCESS }, schema: { body: deployBody } },
    async (request) => {
      const b = request.body;
      const sns = [...new Set(b.device_sns)];
      const label = {
        module: 'model',
        action: MODEL_DEPLOY_METHOD,
        target: `v${String(b.version_id)}`,
      };
      const batch = await runChange(deps, request, label, async (tx, caller) => {
        const v = await versionForDeploy(tx, b.version_id, await caller.scope());
        if (!v) throw new ApiError(404, 'not_found');
        if (!v.enabled) throw new ApiError(409, 'model.disabled');
        const devices = await tx.query<{ device_sn: string; gateway_sn: string | null }>(
          `select device_sn, gateway_sn from devices
           where device_sn = any($1::text[]) and workspace_id = $2 and domain in (0, 3)`,
          [sns, v.workspace_id],
        );
        // Devices of other workspaces answer as missing, like every cross-workspace read.
        if (devices.length !== sns.length) throw notFound('device');
        const out = await createDeployments(tx, v, devices, caller.username);
        await audit(tx, request, {
          ...label,
          targetName: `${v.model_name} ${v.version}`,
          detail: `to ${sns.join(', ')}`.slice(0, 500),
        });
        return out;
      });
      void sendDeployments(deps.db, deps.tokenSecret, openLink, batch).catch((error: unknown) => {
        request.log.warn(`model deploy not sent: ${String(error)}`);
      });
      return ok<DeployResult>(request, {
        deployments: await deploymentsById(
          deps.db,
          batch.map((s) => s.id),
        ),
      });
    },
  );
}
