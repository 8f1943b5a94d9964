/**
 * `POST /api/feature/wayline`: an inspection wayline through the chosen points, in a short order
 * (nearest neighbour from the start, then 2-opt), written by the wayline editor's writer, checked by
 * the importer and stored in the wayline library like any drawn route.
 */
import type { FeatureWaylineResult } from '../../../protocol/featurePoints.ts';
import { FEATURE_API } from '../../../protocol/featurePoints.ts';
import { inspectionOrder } from '../../featurePoints/inspectionOrder.ts';
import { inspectionRoute } from '../../featurePoints/inspectionRoute.ts';
import { WaylineFileError } from '../../waylines/WaylineFileError.ts';
import { writeCheckedKmz } from '../../waylines/writeChecked.ts';
import { ApiError } from '../ApiError.ts';
import { audit } from '../audit.ts';
import type { AppDeps, ZodApp } from '../context.ts';
import { callerOf } from '../context.ts';
import { ok } from '../envelope.ts';
import { requireInScope } from '../scope.ts';
import { storeWayline } from '../waylines/storeWayline.ts';
import { waylineBody } from './featureSchemas.ts';
import type { PointRow } from './pointQueries.ts';
import { POINT_SELECT } from './pointQueries.ts';

/** Making a wayline is what this does, so it takes the wayline library's permission. */
const WAYLINE_ACCESS = 'wayline:add';

export function registerFeatureWaylineRoute(app: ZodApp, deps: AppDeps): void {
  app.post(
    FEATURE_API.wayline,
    { config: { access: WAYLINE_ACCESS }, schema: { body: waylineBody } },
    async (request) => {
      const b = request.body;
      const caller = callerOf(request);
      await requireInScope(caller, b.workspace_id, 'workspace');
      const ids = [...new Set(b.ids)];
      const found = await deps.db.query<PointRow>(
        `${POINT_SELECT} where p.id = any($1::int[]) and p.workspace_id = $2`,
        [ids, b.workspace_id],
      );
      if (found.length !== ids.length) throw new ApiError(404, 'not_found');
      // In the order asked for: the start (without a dock) and "never worse than given" depend on it.
      const byId = new Map(found.map((p) => [p.id, p]));
      const points = ids.flatMap((id) => byId.get(id) ?? []);
      const start = b.start && { lng: b.start.longitude, lat: b.start.latitude };
      const { order, length } = inspectionOrder(
        points.map((p) => ({ lng: p.longitude, lat: p.latitude })),
        start,
      );
      const ordered = order.flatMap((i) => points[i] ?? []);
      const route = inspectionRoute(ordered, {
        speed: b.speed,
        standoff: b.standoff,
        now: Date.now(),
        author: caller.username,
      });
      let written;
      try {
        written = writeCheckedKmz(route);
      } catch (error) {
        if (error instanceof WaylineFileError) throw new ApiError(400, error.problem, error.params);
        throw error;
      }
      const wayline = await storeWayline(deps.db, deps.storage, caller, {
        workspaceId: b.workspace_id,
        name: b.name,
        bytes: written.bytes,
        facts: written.facts,
      });
      await audit(deps.db, request, {
        module: 'wayline',
        action: 'add',
        target: `${String(wayline.id)} ${wayline.name}`,
        detail: `inspection of ${String(ordered.length)} feature point(s): ${ordered
          .map((p) => p.id)
          .join(',')
          .slice(0, 300)}`,
      });
      return ok<FeatureWaylineResult>(request, {
        wayline_id: wayline.id,
        order: ordered.map((p) => p.id),
        length_m: Math.round(length * 10) / 10,
      });
    },
  );
}
