/**
 * Adding, editing and deleting feature points. Every change is one transaction with its audit row;
 * a refusal is audited as a failed attempt (runChange). Points of another workspace answer 404.
 */
import type { FeaturePoint } from '../../../protocol/featurePoints.ts';
import { FEATURE_API } from '../../../protocol/featurePoints.ts';
import { audit } from '../audit.ts';
import { runChange } from '../change.ts';
import type { AppDeps, ZodApp } from '../context.ts';
import { ok } from '../envelope.ts';
import { requireInScope } from '../scope.ts';
import { ApiError } from '../ApiError.ts';
import { ADD_ACCESS, DEL_ACCESS, EDIT_ACCESS } from './featureScope.ts';
import { addBody, delBody, editBody } from './featureSchemas.ts';
import { pointPlaceholders, pointValues, POINT_COLUMNS } from './pointValues.ts';
import { scopedPoint, toPoint } from './pointQueries.ts';

/** Registers add, edit and delete. */
export function registerFeatureWriteRoutes(app: ZodApp, deps: AppDeps): void {
  app.post(
    FEATURE_API.add,
    { config: { access: ADD_ACCESS }, schema: { body: addBody } },
    async (request) => {
      const { workspace_id: workspaceId, ...point } = request.body;
      const label = { module: 'feature', action: 'add', target: point.name };
      const row = await runChange(deps, request, label, async (tx, caller) => {
        await requireInScope(caller, workspaceId, 'workspace');
        const [added] = await tx.query<{ id: number }>(
          `insert into feature_points (workspace_id, creator_id, creator_name, ${POINT_COLUMNS})
           values ($1, $2, $3, ${pointPlaceholders(4)}) returning id`,
          [workspaceId, caller.userId, caller.username, ...pointValues(point)],
        );
        const id = added?.id ?? 0;
        await audit(tx, request, {
          ...label,
          target: String(id),
          targetName: point.name,
          detail: `${point.longitude.toFixed(6)},${point.latitude.toFixed(6)} h ${String(point.height)} m`,
        });
        return scopedPoint(tx, [workspaceId], id);
      });
      return ok<FeaturePoint>(request, toPoint(row, deps.tokenSecret));
    },
  );

  app.post(
    FEATURE_API.edit,
    { config: { access: EDIT_ACCESS }, schema: { body: editBody } },
    async (request) => {
      const { id, ...point } = request.body;
      const label = { module: 'feature', action: 'edit', target: String(id) };
      const row = await runChange(deps, request, label, async (tx, caller) => {
        const scope = await caller.scope();
        const before = await scopedPoint(tx, scope, id);
        await tx.query(
          `update feature_points set (${POINT_COLUMNS}, updated_at) = (${pointPlaceholders(2)}, now())
           where id = $1`,
          [id, ...pointValues(point)],
        );
        const moved =
          before.longitude !== point.longitude || before.latitude !== point.latitude
            ? `moved ${before.longitude.toFixed(6)},${before.latitude.toFixed(6)} → ${point.longitude.toFixed(6)},${point.latitude.toFixed(6)}`
            : 'edited';
        await audit(tx, request, { ...label, targetName: point.name, detail: moved });
        return scopedPoint(tx, scope, id);
      });
      return ok<FeaturePoint>(request, toPoint(row, deps.tokenSecret));
    },
  );

  app.post(
    FEATURE_API.del,
    { config: { access: DEL_ACCESS }, schema: { body: delBody } },
    async (request) => {
      const ids = [...new Set(request.body.ids)];
      const label = { module: 'feature', action: 'del', target: ids.join(',').slice(0, 200) };
      const keys = await runChange(deps, request, label, async (tx, caller) => {
        const found = await tx.query<{ id: number; name: string }>(
          `select id, name from feature_points
           where id = any($1::int[]) and workspace_id = any($2::int[]) for update`,
          [ids, await caller.scope()],
        );
        // All or nothing: one point out of reach refuses the whole request.
        if (found.length !== ids.length) throw new ApiError(404, 'not_found');
        const photos = await tx.query<{ object_key: string; thumb_key: string }>(
          `select object_key, thumb_key from feature_point_photos where point_id = any($1::int[])`,
          [ids],
        );
        await tx.query('delete from feature_points where id = any($1::int[])', [ids]);
        await audit(tx, request, {
          ...label,
          targetName: found
            .map((f) => f.name)
            .join(', ')
            .slice(0, 200),
          detail: `${String(found.length)} point(s), ${String(photos.length)} photo(s)`,
        });
        return photos.flatMap((p) => [p.object_key, p.thumb_key]);
      });
      // The rows are gone for good; their photos follow outside the transaction.
      for (const key of keys) await deps.storage.delete(key);
      return ok(request, null);
    },
  );
}
