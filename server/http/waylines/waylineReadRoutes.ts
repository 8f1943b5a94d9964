import { z } from 'zod';
import type { Page } from '../../../protocol/http.ts';
import type { Wayline } from '../../../protocol/waylines.ts';
import { TEMPLATE_TYPES, WAYLINE_API } from '../../../protocol/waylines.ts';
import type { AppDeps, ZodApp } from '../context.ts';
import { callerOf } from '../context.ts';
import { ok } from '../envelope.ts';
import {
  id,
  offset,
  optionalFlag,
  optionalId,
  optionalText,
  optionalTime,
  paging,
} from '../schemas.ts';
import { requireInScope } from '../scope.ts';
import { like, Where } from '../where.ts';
import type { WaylineRow } from './waylineQueries.ts';
import { scopedWayline, toWayline, WAYLINE_SELECT, waylineNotFound } from './waylineQueries.ts';
import { langOf } from './waylineWarnings.ts';

const listQuery = z.object({
  ...paging,
  workspace_id: optionalId,
  name: optionalText,
  /** An aircraft model key, `0-67-1`. */
  model: optionalText,
  template_type: z.preprocess((v) => (v === '' ? undefined : v), z.enum(TEMPLATE_TYPES).optional()),
  favorite: optionalFlag,
  creator: optionalText,
  from: optionalTime,
  to: optionalTime,
});
const byId = z.object({ id });

/**
 * `Content-Disposition` for a download: the UTF-8 name for browsers (RFC 6266), and an ASCII
 * stand-in for clients that read only `filename`.
 */
function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  // RFC 5987 leaves `'()*` out of the characters an encoded value may carry bare.
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** Wayline reads for holders of the wayline page: the list, one wayline's facts, its file. */
export function registerWaylineReadRoutes(app: ZodApp, deps: AppDeps): void {
  const { db, storage } = deps;

  app.get(
    WAYLINE_API.list,
    { config: { access: 'wayline' }, schema: { querystring: listQuery } },
    async (request) => {
      const caller = callerOf(request);
      const q = request.query;
      if (q.workspace_id !== undefined) await requireInScope(caller, q.workspace_id, 'workspace');
      const where = new Where([await caller.scope()])
        .raw('w.workspace_id = any($1::int[])')
        .add('w.workspace_id = ?', q.workspace_id)
        .add('w.name ilike ?', like(q.name))
        .add('w.drone_model_key = ?', q.model)
        .add('w.template_type = ?', q.template_type)
        .add('w.favorite = ?', q.favorite)
        .add('w.creator_name ilike ?', like(q.creator))
        .add('w.created_at >= ?', q.from)
        .add('w.created_at <= ?', q.to);
      const total = await db.query<{ n: number }>(
        `select count(*)::int as n from waylines w ${where.toString()}`,
        where.params,
      );
      const rows = await db.query<WaylineRow>(
        `${WAYLINE_SELECT} ${where.toString()} order by w.created_at desc, w.id desc
         limit ${where.next(q.size)} offset ${where.next(offset(q))}`,
        where.params,
      );
      const lang = langOf(request);
      return ok<Page<Wayline>>(request, {
        data: rows.map((row) => toWayline(row, lang)),
        total: total[0]?.n ?? 0,
      });
    },
  );

  app.get(
    WAYLINE_API.info,
    { config: { access: 'wayline' }, schema: { querystring: byId } },
    async (request) =>
      ok<Wayline>(
        request,
        toWayline(await scopedWayline(db, callerOf(request), request.query.id), langOf(request)),
      ),
  );

  app.get(
    WAYLINE_API.download,
    { config: { access: 'wayline' }, schema: { querystring: byId } },
    async (request, reply) => {
      const row = await scopedWayline(db, callerOf(request), request.query.id);
      const object = await storage.get(row.object_key);
      if (!object) throw waylineNotFound();
      // The stored bytes exactly as imported: the fingerprint a dock checks is their MD5.
      return reply
        .header('content-type', object.info.contentType)
        .header('content-disposition', attachment(`${row.name}.kmz`))
        .header('etag', `"${object.info.md5}"`)
        .header('cache-control', 'no-store')
        .send(Buffer.from(object.body));
    },
  );
}
