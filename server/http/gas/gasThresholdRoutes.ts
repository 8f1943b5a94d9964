/**
 * Thresholds per gas per project: read with the page, saved with `gas:edit` (one transaction with its
 * audit row). Caution must be below warning, else 400 naming the offending entry.
 */
import type { GasThreshold } from '../../../protocol/gas.ts';
import { GAS_API } from '../../../protocol/gas.ts';
import { forgetThresholds, thresholdsOf } from '../../gas/gasThresholds.ts';
import { ApiError } from '../ApiError.ts';
import { audit } from '../audit.ts';
import { runChange } from '../change.ts';
import type { AppDeps, ZodApp } from '../context.ts';
import { callerOf } from '../context.ts';
import { ok } from '../envelope.ts';
import { requireInScope } from '../scope.ts';
import { thresholdsBody, thresholdsQuery } from './gasSchemas.ts';
import { EDIT_ACCESS, READ_ACCESS } from './gasScope.ts';

/** Registers the threshold routes. */
export function registerGasThresholdRoutes(app: ZodApp, deps: AppDeps): void {
  const { db } = deps;

  app.get(
    GAS_API.thresholds,
    { config: { access: READ_ACCESS }, schema: { querystring: thresholdsQuery } },
    async (request) => {
      const caller = callerOf(request);
      const workspaceId = request.query.workspace_id ?? caller.workspaceId;
      await requireInScope(caller, workspaceId, 'workspace');
      return ok<GasThreshold[]>(request, await thresholdsOf(db, workspaceId));
    },
  );

  app.post(
    GAS_API.thresholdsSave,
    { config: { access: EDIT_ACCESS }, schema: { body: thresholdsBody } },
    async (request) => {
      const b = request.body;
      const caller = callerOf(request);
      const workspaceId = b.workspace_id ?? caller.workspaceId;
      const label = { module: 'linxiu', action: 'edit', target: String(workspaceId) };
      await runChange(deps, request, label, async (tx, who) => {
        await requireInScope(who, workspaceId, 'workspace');
        b.thresholds.forEach((t, i) => {
          if (t.warning <= t.caution)
            throw new ApiError(400, 'validation.invalid', {
              field: `thresholds.${String(i)}.warning`,
            });
        });
        for (const t of b.thresholds)
          await tx.query(
            `insert into gas_thresholds (workspace_id, gas, caution, warning) values ($1, $2, $3, $4)
             on conflict (workspace_id, gas) do update set caution = $3, warning = $4, updated_at = now()`,
            [workspaceId, t.gas, t.caution, t.warning],
          );
        await audit(tx, request, {
          ...label,
          detail: b.thresholds
            .map((t) => `${t.gas} ${String(t.caution)}/${String(t.warning)}`)
            .join(', ')
            .slice(0, 500),
        });
      });
      forgetThresholds(deps.gas.thresholds, workspaceId);
      return ok<GasThreshold[]>(request, await thresholdsOf(db, workspaceId));
    },
  );
}
