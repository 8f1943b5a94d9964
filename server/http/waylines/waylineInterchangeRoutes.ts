import { z } from 'zod';
import {
  INTERCHANGE_MAX_BYTES,
  WAYLINE_INTERCHANGE_API,
  type InterchangeImported,
  type InterchangePreview,
} from '../../../protocol/waylineInterchange.ts';
import type { AppDeps, ZodApp } from '../context.ts';
import { callerOf } from '../context.ts';
import { ok } from '../envelope.ts';
import { acceptRawBody } from '../rawBody.ts';
import { id } from '../schemas.ts';
import { requireInScope } from '../scope.ts';
import { candidate, interchangeQuery, planOrRefuse, storeAll } from './waylineInterchangeImport.ts';
import { sendRouteKml } from './waylineKmlExport.ts';

const byId = z.object({ id });

/**
 * Routes from other tools' files and out to Google Earth. A KML, KMZ or GeoJSON file's areas and
 * lines are previewed and imported as routes (raw bytes like the KMZ upload, with its permission,
 * project check and audit); any stored route is exported as KML (with the KMZ download's).
 */
export function registerWaylineInterchangeRoutes(app: ZodApp, deps: AppDeps): void {
  void app.register((scoped: ZodApp, _options, done) => {
    // Only these routes read raw bytes; everywhere else an octet-stream body stays unsupported.
    acceptRawBody(scoped, 'application/octet-stream', INTERCHANGE_MAX_BYTES);
    const options = {
      config: { access: 'wayline:add' },
      bodyLimit: INTERCHANGE_MAX_BYTES,
      schema: { querystring: interchangeQuery },
    };

    scoped.post(WAYLINE_INTERCHANGE_API.preview, options, async (request) => {
      const q = request.query;
      await requireInScope(callerOf(request), q.workspace_id, 'workspace');
      const plan = await planOrRefuse(deps, request, q, false);
      return ok<InterchangePreview>(request, {
        format: plan.format,
        routes: plan.routes.map(candidate),
      });
    });

    scoped.post(WAYLINE_INTERCHANGE_API.import, options, async (request) => {
      const q = request.query;
      await requireInScope(callerOf(request), q.workspace_id, 'workspace');
      const plan = await planOrRefuse(deps, request, q, true);
      const waylines = await storeAll(deps, request, q, plan);
      return ok<InterchangeImported>(request, { format: plan.format, waylines });
    });
    done();
  });

  app.get(
    WAYLINE_INTERCHANGE_API.exportKml,
    { config: { access: 'wayline' }, schema: { querystring: byId } },
    (request, reply) => sendRouteKml(deps, request, reply, request.query.id),
  );
}
