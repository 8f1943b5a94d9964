/**
 * Areas imported from a GeoJSON or KML file's text: every polygon (and GeoJSON circle) becomes an
 * area of the chosen kind (a DJI flight area file keeps its own kinds). All or nothing: one shape a
 * dock could not use refuses the whole file with 400 naming where it is (`features.3.coordinates`,
 * `placemarks.0.coordinates.12`), and nothing is stored.
 */
import type { FastifyBaseLogger } from 'fastify';
import {
  AIRSPACE_ACCESS,
  AIRSPACE_API,
  AIRSPACE_IMPORT_MAX_AREAS,
} from '../../../protocol/airspace.ts';
import type { AirspaceArea } from '../../../protocol/airspace.ts';
import { insertArea } from '../../airspace/areaStore.ts';
import { readImportedAreas, type ImportResult } from '../../airspace/importAreas.ts';
import { InterchangeError } from '../../waylines/interchange/InterchangeError.ts';
import { WaylineFileError } from '../../waylines/WaylineFileError.ts';
import { ApiError } from '../ApiError.ts';
import { audit } from '../audit.ts';
import { runChange } from '../change.ts';
import type { AppDeps, ZodApp } from '../context.ts';
import { callerOf } from '../context.ts';
import { ok } from '../envelope.ts';
import { requireInScope } from '../scope.ts';
import { afterChange, checkedShape } from './airspaceRoutes.ts';
import { IMPORT_BODY_LIMIT, importBody } from './airspaceSchemas.ts';

/**
 * The areas of an imported file, or a 400 naming its problem: a hostile file refused by the scans
 * before parsing, and anything the parser itself gives up on read as unreadable, never a 500.
 */
function readOrRefuse(
  format: 'kml' | 'geojson',
  content: string,
  log: FastifyBaseLogger,
): ImportResult {
  try {
    return readImportedAreas(format, content);
  } catch (error) {
    if (error instanceof WaylineFileError || error instanceof InterchangeError)
      throw new ApiError(400, error.problem, { ...error.params, field: 'content' });
    log.warn({ err: error, format }, 'airspace import: the parser gave up on the file');
    throw new ApiError(400, 'airspace.import_unreadable', { field: 'content' });
  }
}

/** Registers the import route. */
export function registerAirspaceImportRoute(app: ZodApp, deps: AppDeps): void {
  app.post(
    AIRSPACE_API.import,
    {
      config: { access: AIRSPACE_ACCESS.add },
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: { body: importBody },
    },
    async (request) => {
      const b = request.body;
      const workspaceId = b.workspace_id ?? callerOf(request).workspaceId;
      const label = { module: 'airspace', action: 'import', target: String(workspaceId) };
      const added = await runChange(deps, request, label, async (tx, who) => {
        await requireInScope(who, workspaceId, 'workspace');
        const read = readOrRefuse(b.format, b.content, request.log);
        if ('failure' in read)
          throw new ApiError(400, read.failure, {
            field: 'content',
            max: AIRSPACE_IMPORT_MAX_AREAS,
          });
        if (read.areas.length === 0)
          throw new ApiError(400, 'airspace.import_empty', { field: 'content' });
        // Every shape is checked before the first is stored.
        const shapes = read.areas.map((a) => checkedShape(a.shape, a.field));
        const out: AirspaceArea[] = [];
        for (const [i, area] of read.areas.entries())
          out.push(
            await insertArea(tx, {
              workspaceId,
              name: area.name,
              kind: area.kind ?? b.kind,
              shape: shapes[i] ?? area.shape,
              enabled: area.enabled,
              by: who.username,
            }),
          );
        await audit(tx, request, { ...label, detail: `${String(out.length)} ${b.format}` });
        return out;
      });
      await afterChange(deps, request.log, workspaceId);
      return ok<AirspaceArea[]>(request, added);
    },
  );
}
