/** Reading feature points: the list with its filters, one point with its photos, what was seen near it, and the export. */
import type {
  FeatureExportFile,
  FeatureNearby,
  FeaturePoint,
  FeaturePointDetail,
} from '../../../protocol/featurePoints.ts';
import { FEATURE_API } from '../../../protocol/featurePoints.ts';
import type { Page } from '../../../protocol/http.ts';
import { writeCsv, writeGeoJson } from '../../featurePoints/pointFile.ts';
import type { AppDeps, ZodApp } from '../context.ts';
import { callerOf } from '../context.ts';
import { ok } from '../envelope.ts';
import { READ_ACCESS } from './featureScope.ts';
import { answerWorkspaces } from '../scope.ts';
import { byIdQuery, exportQuery, listQuery } from './featureSchemas.ts';
import { nearby } from './nearbyQueries.ts';
import { listPoints, photosOf, scopedPoint, toPoint } from './pointQueries.ts';

/** Points in one export at most; an import takes as many. */
const EXPORT_LIMIT = 5000;

/** Registers the read routes. */
export function registerFeatureReadRoutes(app: ZodApp, deps: AppDeps): void {
  const { db, tokenSecret } = deps;
  const access = { access: READ_ACCESS };

  app.get(
    FEATURE_API.list,
    { config: access, schema: { querystring: listQuery } },
    async (request) => {
      const q = request.query;
      const scope = await answerWorkspaces(deps.db, callerOf(request), q.workspace_id);
      const { rows, total } = await listPoints(db, scope, q);
      return ok<Page<FeaturePoint>>(request, {
        data: rows.map((r) => toPoint(r, tokenSecret)),
        total,
      });
    },
  );

  app.get(
    FEATURE_API.info,
    { config: access, schema: { querystring: byIdQuery } },
    async (request) => {
      const row = await scopedPoint(db, await callerOf(request).scope(), request.query.id);
      const detail: FeaturePointDetail = {
        ...toPoint(row, tokenSecret),
        photos: await photosOf(db, row.id, tokenSecret),
      };
      return ok(request, detail);
    },
  );

  app.get(
    FEATURE_API.nearby,
    { config: access, schema: { querystring: byIdQuery } },
    async (request) => {
      const row = await scopedPoint(db, await callerOf(request).scope(), request.query.id);
      return ok<FeatureNearby>(request, await nearby(db, row, tokenSecret));
    },
  );

  app.get(
    FEATURE_API.export,
    { config: access, schema: { querystring: exportQuery } },
    async (request) => {
      const q = request.query;
      const scope = await answerWorkspaces(deps.db, callerOf(request), q.workspace_id);
      const { rows } = await listPoints(db, scope, { ...q, current: 1, size: EXPORT_LIMIT });
      // Oldest first, so an export imported again keeps the original order.
      const points = rows.map((r) => toPoint(r, tokenSecret)).reverse();
      const file: FeatureExportFile =
        q.format === 'csv'
          ? { file_name: 'feature-points.csv', content_type: 'text/csv', text: writeCsv(points) }
          : {
              file_name: 'feature-points.geojson',
              content_type: 'application/geo+json',
              text: writeGeoJson(points),
            };
      return ok(request, file);
    },
  );
}
