import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Wayline, WaylineFacts, WaylineRoute } from '../../../protocol/waylines.ts';
import { failureDetail } from '../../../protocol/auditFailures.ts';
import { WAYLINE_API, WAYLINE_MAX_UPLOAD_BYTES } from '../../../protocol/waylines.ts';
import { enabledAreasOf } from '../../airspace/planningCheck.ts';
import { readKmzOffThread } from '../../waylines/readOffThread.ts';
import type { WaylineNote } from '../../waylines/readNotes.ts';
import { WaylineFileError } from '../../waylines/WaylineFileError.ts';
import { ApiError } from '../ApiError.ts';
import { audit } from '../audit.ts';
import type { AppDeps, ZodApp } from '../context.ts';
import { callerOf } from '../context.ts';
import { ok } from '../envelope.ts';
import { id } from '../schemas.ts';
import { requireInScope } from '../scope.ts';
import { storeWayline } from './storeWayline.ts';
import { waylineName } from './waylineName.ts';
import { airspaceWarnings } from './airspaceWarnings.ts';
import { describeWarnings, langOf } from './waylineWarnings.ts';
import { acceptRawBody } from '../rawBody.ts';

const uploadQuery = z.object({ workspace_id: id, name: waylineName });

/**
 * The KMZ's facts and warnings, or a 400 naming what is wrong with the file (audited as a refused
 * import). Only what is malformed or unsafe is refused: a route another planning tool wrote, for an
 * aircraft this console does not know or without optional elements, is kept with warnings.
 */
async function readOrRefuse(
  deps: AppDeps,
  request: FastifyRequest,
  bytes: Uint8Array,
  name: string,
  withRoute: boolean,
): Promise<{ facts: WaylineFacts; warnings: WaylineNote[]; route?: WaylineRoute }> {
  try {
    // The whole route only when the project has areas to check it against.
    return withRoute
      ? await readKmzOffThread(bytes, 'route')
      : await readKmzOffThread(bytes, 'facts');
  } catch (error) {
    if (!(error instanceof WaylineFileError)) throw error;
    await audit(deps.db, request, {
      module: 'wayline',
      action: 'add',
      target: name,
      result: 'failure',
      detail: failureDetail(error.problem, error.params),
    });
    throw new ApiError(400, error.problem, error.params);
  }
}

/**
 * `POST /api/wayline/upload?workspace_id=&name=` with the KMZ as the raw body
 * (`application/octet-stream`): multipart needs a plugin this server does not carry, and one file per
 * request is what the console's per-file progress wants anyway.
 */
export function registerWaylineUploadRoute(app: ZodApp, deps: AppDeps): void {
  void app.register((scoped: ZodApp, _options, done) => {
    // Only this route reads raw bytes; everywhere else an octet-stream body stays unsupported.
    acceptRawBody(scoped, 'application/octet-stream', WAYLINE_MAX_UPLOAD_BYTES);
    scoped.post(
      WAYLINE_API.upload,
      {
        config: { access: 'wayline:add' },
        bodyLimit: WAYLINE_MAX_UPLOAD_BYTES,
        schema: { querystring: uploadQuery },
      },
      async (request) => {
        const caller = callerOf(request);
        const { workspace_id: workspaceId, name } = request.query;
        await requireInScope(caller, workspaceId, 'workspace');
        const bytes = Buffer.isBuffer(request.body)
          ? new Uint8Array(request.body)
          : new Uint8Array();
        const areas = await enabledAreasOf(deps.db, workspaceId);
        const read = await readOrRefuse(deps, request, bytes, name, areas.length > 0);
        const { facts, warnings } = read;
        const lang = langOf(request);
        const wayline = await storeWayline(deps.db, deps.storage, caller, {
          workspaceId,
          name,
          bytes,
          facts,
          lang,
        });
        // The stored facts' warnings (an unknown model) first, then what only this read found,
        // then where the route meets the project's airspace.
        const all = [
          ...wayline.warnings,
          ...describeWarnings(warnings, lang),
          ...(read.route ? airspaceWarnings(areas, read.route, lang) : []),
        ];
        const noted = [...new Set(all.map((w) => w.code))].join(', ');
        await audit(deps.db, request, {
          module: 'wayline',
          action: 'add',
          target: `${wayline.id} ${name}`,
          detail: `md5 ${wayline.md5}, ${facts.waypoint_count} waypoints${noted && `, warnings: ${noted}`}`,
        });
        return ok<Wayline>(request, { ...wayline, warnings: all });
      },
    );
    done();
  });
}
