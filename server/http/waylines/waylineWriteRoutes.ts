import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Wayline } from '../../../protocol/waylines.ts';
import { WAYLINE_API } from '../../../protocol/waylines.ts';
import { ApiError } from '../ApiError.ts';
import { audit } from '../audit.ts';
import type { AppDeps, ZodApp } from '../context.ts';
import { callerOf } from '../context.ts';
import { ok } from '../envelope.ts';
import { id } from '../schemas.ts';
import { storeWayline } from './storeWayline.ts';
import { registerWaylineEditorRoutes } from './waylineEditorRoutes.ts';
import { waylineName } from './waylineName.ts';
import type { WaylineRow } from './waylineQueries.ts';
import {
  factsOf,
  scopedWayline,
  toWayline,
  WAYLINE_SELECT,
  waylineNotFound,
} from './waylineQueries.ts';
import { pendingTasksUsing } from './waylineUsage.ts';
import { langOf } from './waylineWarnings.ts';

const renameBody = z.object({ id, name: waylineName });
const favoriteBody = z.object({ id, favorite: z.boolean() });
const byId = z.object({ id });

/** Rename, favourite, duplicate and delete; every change audited. */
export function registerWaylineWriteRoutes(app: ZodApp, deps: AppDeps): void {
  const { db, storage } = deps;
  const reload = async (waylineId: number, request: FastifyRequest): Promise<Wayline> => {
    const rows = await db.query<WaylineRow>(`${WAYLINE_SELECT} where w.id = $1`, [waylineId]);
    const row = rows[0];
    if (!row) throw waylineNotFound();
    return toWayline(row, langOf(request));
  };

  app.post(
    WAYLINE_API.rename,
    { config: { access: 'wayline:edit' }, schema: { body: renameBody } },
    async (request) => {
      const b = request.body;
      const before = await scopedWayline(db, callerOf(request), b.id);
      await db.query('update waylines set name = $2, updated_at = now() where id = $1', [
        b.id,
        b.name,
      ]);
      await audit(db, request, {
        module: 'wayline',
        action: 'edit',
        target: String(b.id),
        detail: `rename "${before.name}" → "${b.name}"`,
      });
      return ok<Wayline>(request, await reload(b.id, request));
    },
  );

  app.post(
    WAYLINE_API.favorite,
    { config: { access: 'wayline:edit' }, schema: { body: favoriteBody } },
    async (request) => {
      const b = request.body;
      await scopedWayline(db, callerOf(request), b.id);
      await db.query('update waylines set favorite = $2, updated_at = now() where id = $1', [
        b.id,
        b.favorite,
      ]);
      await audit(db, request, {
        module: 'wayline',
        action: 'edit',
        target: String(b.id),
        detail: `favorite ${String(b.favorite)}`,
      });
      return ok<Wayline>(request, await reload(b.id, request));
    },
  );

  app.post(
    WAYLINE_API.duplicate,
    { config: { access: 'wayline:add' }, schema: { body: byId } },
    async (request) => {
      const caller = callerOf(request);
      const source = await scopedWayline(db, caller, request.body.id);
      const object = await storage.get(source.object_key);
      if (!object) throw waylineNotFound();
      const copy = await storeWayline(db, storage, caller, {
        workspaceId: source.workspace_id,
        name: copyName(source.name),
        bytes: object.body,
        facts: factsOf(source),
        lang: langOf(request),
      });
      await audit(db, request, {
        module: 'wayline',
        action: 'add',
        target: `${copy.id} ${copy.name}`,
        detail: `copy of ${source.id}`,
      });
      return ok<Wayline>(request, copy);
    },
  );

  app.post(
    WAYLINE_API.del,
    { config: { access: 'wayline:del' }, schema: { body: byId } },
    async (request) => {
      const row = await scopedWayline(db, callerOf(request), request.body.id);
      const tasks = await pendingTasksUsing(db, row.id);
      if (tasks.length > 0)
        throw new ApiError(409, 'conflict.wayline_in_use', { what: tasks.join(', ') });
      await db.query('delete from waylines where id = $1', [row.id]);
      await storage.delete(row.object_key);
      await audit(db, request, {
        module: 'wayline',
        action: 'del',
        target: `${row.id} ${row.name}`,
        detail: `md5 ${row.md5}`,
      });
      return ok(request, null);
    },
  );

  registerWaylineEditorRoutes(app, deps);
}

/** "Name (copy)", kept within the name limit. */
function copyName(name: string): string {
  return `${name.slice(0, 92)} (copy)`;
}
