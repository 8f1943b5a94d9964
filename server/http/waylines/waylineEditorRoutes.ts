import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Wayline, WaylineRoute, WaylineWithRoute } from '../../../protocol/waylines.ts';
import { WAYLINE_API } from '../../../protocol/waylines.ts';
import { enabledAreasOf } from '../../airspace/planningCheck.ts';
import type { Db } from '../../db/Db.ts';
import { readKmzOffThread } from '../../waylines/readOffThread.ts';
import { WaylineFileError } from '../../waylines/WaylineFileError.ts';
import { writeCheckedKmzAsync } from '../../waylines/writeChecked.ts';
import { ApiError } from '../ApiError.ts';
import { audit } from '../audit.ts';
import { runChange } from '../change.ts';
import type { AppDeps, ZodApp } from '../context.ts';
import { callerOf } from '../context.ts';
import { ok } from '../envelope.ts';
import { id } from '../schemas.ts';
import { requireInScope } from '../scope.ts';
import { KMZ_CONTENT_TYPE, storeWayline } from './storeWayline.ts';
import { waylineName } from './waylineName.ts';
import type { WaylineRow } from './waylineQueries.ts';
import { scopedWayline, toWayline, WAYLINE_SELECT, waylineNotFound } from './waylineQueries.ts';
import { waylineRouteSchema } from './waylineRouteSchema.ts';
import { pendingTasksUsing } from './waylineUsage.ts';
import { airspaceWarnings } from './airspaceWarnings.ts';
import { langOf } from './waylineWarnings.ts';
import type { Lang } from '../messages.ts';

/** Largest route body, bytes: 65 535 waypoints with their actions fit; JSON is ~10× the KMZ. */
const ROUTE_BODY_LIMIT = 32 * 1024 * 1024;

const byId = z.object({ id });
const createBody = z.object({ workspace_id: id, name: waylineName, route: waylineRouteSchema });
const saveBody = z.object({ id, name: waylineName, route: waylineRouteSchema });

/** The KMZ of an edited route and its facts, or a 400 naming what the importer refused. */
async function written(route: z.infer<typeof waylineRouteSchema>) {
  try {
    return await writeCheckedKmzAsync(route);
  } catch (error) {
    if (error instanceof WaylineFileError) throw new ApiError(400, error.problem, error.params);
    throw error;
  }
}

/** The parsed route of a stored wayline, for the editor. */
async function readStored(deps: AppDeps, request: FastifyRequest, wid: number) {
  const row = await scopedWayline(deps.db, callerOf(request), wid);
  const object = await deps.storage.get(row.object_key);
  if (!object) throw waylineNotFound();
  try {
    return { row, route: (await readKmzOffThread(object.body, 'route')).route };
  } catch (error) {
    if (error instanceof WaylineFileError) throw new ApiError(400, error.problem, error.params);
    throw error;
  }
}

/**
 * A wayline's answer with its route's airspace findings added: an opened or saved route is kept
 * whatever it crosses, and the editor marks what the findings name.
 */
async function withAirspace(
  db: Db,
  wayline: Wayline,
  route: Pick<WaylineRoute, 'paths'>,
  lang: Lang,
): Promise<Wayline> {
  const areas = await enabledAreasOf(db, wayline.workspace_id);
  return { ...wayline, warnings: [...wayline.warnings, ...airspaceWarnings(areas, route, lang)] };
}

/**
 * The map editor's routes: read a stored route, write an edited one as a new wayline, or write it
 * over the one it was opened from (a new file, MD5 and facts; refused while a pending task uses it,
 * since the dock fetches the file by its fingerprint).
 */
export function registerWaylineEditorRoutes(app: ZodApp, deps: AppDeps): void {
  const { db, storage } = deps;

  app.get(
    WAYLINE_API.route,
    { config: { access: 'wayline' }, schema: { querystring: byId } },
    async (request) => {
      const { row, route } = await readStored(deps, request, request.query.id);
      const lang = langOf(request);
      const wayline = await withAirspace(db, toWayline(row, lang), route, lang);
      return ok<WaylineWithRoute>(request, { wayline, route });
    },
  );

  app.post(
    WAYLINE_API.create,
    {
      config: { access: 'wayline:add' },
      bodyLimit: ROUTE_BODY_LIMIT,
      schema: { body: createBody },
    },
    async (request) => {
      const b = request.body;
      const caller = callerOf(request);
      await requireInScope(caller, b.workspace_id, 'workspace');
      const { bytes, facts } = await written(b.route);
      const wayline = await storeWayline(db, storage, caller, {
        workspaceId: b.workspace_id,
        name: b.name,
        bytes,
        facts,
        lang: langOf(request),
      });
      await audit(db, request, {
        module: 'wayline',
        action: 'add',
        target: `${wayline.id} ${wayline.name}`,
        detail: `drawn in the editor: md5 ${wayline.md5}, ${facts.waypoint_count} waypoints`,
      });
      return ok<Wayline>(request, await withAirspace(db, wayline, b.route, langOf(request)));
    },
  );

  app.post(
    WAYLINE_API.save,
    {
      config: { access: 'wayline:edit' },
      bodyLimit: ROUTE_BODY_LIMIT,
      schema: { body: saveBody },
    },
    async (request) => {
      const b = request.body;
      const { bytes, facts } = await written(b.route);
      const label = { module: 'wayline', action: 'edit', target: String(b.id) };
      let key: string | undefined;
      try {
        const result = await runChange(deps, request, label, async (tx, caller) => {
          const before = await scopedWayline(tx, caller, b.id);
          const tasks = await pendingTasksUsing(tx, before.id);
          if (tasks.length > 0)
            throw new ApiError(409, 'conflict.wayline_in_use_edit', { what: tasks.join(', ') });
          key = `waylines/${before.workspace_id}/${randomUUID()}.kmz`;
          const stored = await storage.put(key, bytes, KMZ_CONTENT_TYPE);
          await tx.query(
            `update waylines set name = $2, object_key = $3, md5 = $4, size_bytes = $5,
               drone_model_key = $6, payload_model_key = $7, template_type = $8, waypoint_count = $9,
               length_m = $10, duration_s = $11, height_mode = $12, finish_action = $13,
               wpmz_version = $14, outline = $15, updated_at = now()
             where id = $1`,
            [
              b.id,
              b.name,
              key,
              stored.md5,
              stored.size,
              facts.drone_model_key,
              facts.payload_model_key,
              facts.template_type,
              facts.waypoint_count,
              facts.length_m,
              facts.duration_s,
              facts.height_mode,
              facts.finish_action,
              facts.wpmz_version,
              JSON.stringify(facts.outline),
            ],
          );
          await audit(tx, request, {
            ...label,
            targetName: b.name,
            detail: `edited in the editor: md5 ${before.md5} → ${stored.md5}, ${facts.waypoint_count} waypoints`,
          });
          const row = (await tx.query<WaylineRow>(`${WAYLINE_SELECT} where w.id = $1`, [b.id]))[0];
          if (!row) throw waylineNotFound();
          return { row, oldKey: before.object_key };
        });
        // The row now points at the new file; the old one goes, and the new one must stay.
        key = undefined;
        await storage.delete(result.oldKey);
        const lang = langOf(request);
        const saved = toWayline(result.row, lang);
        return ok<Wayline>(request, await withAirspace(db, saved, b.route, lang));
      } catch (error) {
        if (key !== undefined) await storage.delete(key);
        throw error;
      }
    },
  );
}
