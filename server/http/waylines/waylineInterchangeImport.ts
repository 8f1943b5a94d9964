import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { failureDetail } from '../../../protocol/auditFailures.ts';
import { ROUTE_AIRCRAFT } from '../../../protocol/mqtt/models.ts';
import {
  ALTITUDE_READINGS,
  INTERCHANGE_DEFAULT_HEIGHT,
  INTERCHANGE_HEIGHT_RANGE,
  type InterchangeCandidate,
} from '../../../protocol/waylineInterchange.ts';
import type { Wayline } from '../../../protocol/waylines.ts';
import type { PlannedRoute } from '../../waylines/interchange/buildRoutes.ts';
import { InterchangeError } from '../../waylines/interchange/InterchangeError.ts';
import type { ImportPlan } from '../../waylines/interchange/planImport.ts';
import { planImportOffThread } from '../../waylines/interchange/planOffThread.ts';
import { waylineFacts } from '../../waylines/waylineFacts.ts';
import { WaylineFileError } from '../../waylines/WaylineFileError.ts';
import { writeCheckedKmzAsync } from '../../waylines/writeChecked.ts';
import { ApiError } from '../ApiError.ts';
import { audit } from '../audit.ts';
import type { AppDeps } from '../context.ts';
import { callerOf } from '../context.ts';
import { id, numeric } from '../schemas.ts';
import { storeWayline } from './storeWayline.ts';
import { waylineRouteSchema } from './waylineRouteSchema.ts';
import { langOf } from './waylineWarnings.ts';
import { airspaceWarnings } from './airspaceWarnings.ts';
import { enabledAreasOf } from '../../airspace/planningCheck.ts';

const AIRCRAFT_KEYS = Object.keys(ROUTE_AIRCRAFT) as [string, ...string[]];

/** Query of preview and import (`InterchangeQuery` of the protocol). */
export const interchangeQuery = z.object({
  workspace_id: id,
  /** The file's name as chosen: it names the routes, and a plain file in refusals. */
  name: z.string().trim().min(1).max(255),
  drone: z.enum(AIRCRAFT_KEYS),
  height: numeric(
    z.number().min(INTERCHANGE_HEIGHT_RANGE.min).max(INTERCHANGE_HEIGHT_RANGE.max),
  ).default(INTERCHANGE_DEFAULT_HEIGHT),
  altitude: z.enum(ALTITUDE_READINGS).default('file'),
});
export type InterchangeQuery = z.infer<typeof interchangeQuery>;

/** Longest file name a refusal repeats. */
const FILE_NAME_CHARS = 60;

/** The file's name without the extension of a format this import reads. */
const baseName = (name: string) => name.replace(/\.(kml|kmz|geojson|json)$/i, '').trim();

/** The request's body as bytes: an empty file when it sent none. */
const bodyBytes = (request: FastifyRequest) =>
  Buffer.isBuffer(request.body) ? new Uint8Array(request.body) : new Uint8Array();

/** The 400 a refused file answers, or undefined for anything that is not a refusal of the file. */
function refusalOf(error: unknown): ApiError | undefined {
  if (error instanceof WaylineFileError || error instanceof InterchangeError)
    return new ApiError(400, error.problem, error.params);
  return error instanceof ApiError ? error : undefined;
}

/**
 * Checks a planned route against what the editor may save, so an import never writes a file the
 * route editor could not: the plan keeps within it by construction, and this says where if not.
 */
function checkWritable(planned: PlannedRoute): void {
  const checked = waylineRouteSchema.safeParse(planned.route);
  if (checked.success) return;
  const field = ['route', ...(checked.error.issues[0]?.path ?? []).map(String)].join('.');
  throw new ApiError(400, 'validation.invalid', { field });
}

/**
 * The routes the file makes with the query's choices, or a 400 naming what is wrong with it. A
 * refused import is audited as one, like a refused KMZ upload; a refused preview is not (nothing
 * was asked to change).
 */
export async function planOrRefuse(
  deps: AppDeps,
  request: FastifyRequest,
  q: InterchangeQuery,
  audited: boolean,
): Promise<ImportPlan> {
  try {
    const plan = await planImportOffThread(bodyBytes(request), q.name.slice(0, FILE_NAME_CHARS), {
      baseName: baseName(q.name),
      droneKey: q.drone,
      height: q.height,
      altitude: q.altitude,
      author: callerOf(request).username,
      now: Date.now(),
    });
    plan.routes.forEach(checkWritable);
    return plan;
  } catch (error) {
    const refusal = refusalOf(error);
    if (!refusal) throw error;
    if (audited)
      await audit(deps.db, request, {
        module: 'wayline',
        action: 'add',
        target: q.name,
        result: 'failure',
        detail: failureDetail(refusal.key, refusal.params),
      });
    throw refusal;
  }
}

/** A planned route as the preview shows it. */
export function candidate(planned: PlannedRoute): InterchangeCandidate {
  const facts = waylineFacts(planned.route);
  const polygon = planned.route.template.polygon;
  return {
    name: planned.name,
    template_type: facts.template_type,
    waypoint_count: facts.waypoint_count,
    length_m: facts.length_m,
    height_mode: planned.route.paths[0]?.executeHeightMode ?? facts.height_mode,
    heights: planned.heights,
    outline: facts.outline,
    ...(polygon && { area: polygon }),
    notes: planned.notes,
  };
}

/**
 * Writes and stores the planned routes, each audited like an upload. Every file is written and
 * read back before any is stored, so a refusal stores nothing; a storage failure part-way removes
 * what was already stored.
 */
export async function storeAll(
  deps: AppDeps,
  request: FastifyRequest,
  q: InterchangeQuery,
  plan: ImportPlan,
): Promise<Wayline[]> {
  const caller = callerOf(request);
  const written = [];
  for (const planned of plan.routes) {
    try {
      written.push({ planned, ...(await writeCheckedKmzAsync(planned.route)) });
    } catch (error) {
      throw refusalOf(error) ?? error;
    }
  }
  const stored: { wayline: Wayline; key: string }[] = [];
  // Routes from elsewhere meet the project's airspace like any uploaded route: kept, with warnings.
  const areas = await enabledAreasOf(deps.db, q.workspace_id);
  try {
    for (const { planned, bytes, facts } of written) {
      const wayline = await storeWayline(deps.db, deps.storage, caller, {
        workspaceId: q.workspace_id,
        name: planned.name,
        bytes,
        facts,
        lang: langOf(request),
      });
      const key = await deps.db.query<{ object_key: string }>(
        'select object_key from waylines where id = $1',
        [wayline.id],
      );
      const crossing = airspaceWarnings(areas, planned.route, langOf(request));
      stored.push({
        wayline: { ...wayline, warnings: [...wayline.warnings, ...crossing] },
        key: key[0]?.object_key ?? '',
      });
    }
  } catch (error) {
    for (const { wayline, key } of stored) {
      await deps.db.query('delete from waylines where id = $1', [wayline.id]);
      if (key) await deps.storage.delete(key);
    }
    throw error;
  }
  for (const { wayline: w } of stored)
    await audit(deps.db, request, {
      module: 'wayline',
      action: 'add',
      target: `${w.id} ${w.name}`,
      detail: `imported from ${plan.format.toUpperCase()} ${q.name}: md5 ${w.md5}, ${w.waypoint_count} waypoints`,
    });
  return stored.map((s) => s.wayline);
}
