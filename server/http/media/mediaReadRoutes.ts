import type { MediaListPage } from '../../../protocol/media.ts';
import { MEDIA_API } from '../../../protocol/media.ts';
import { queryOne } from '../../db/Db.ts';
import { validMediaLink } from '../../media/mediaLinks.ts';
import type { MediaVariant } from '../../media/mediaLinks.ts';
import { ApiError } from '../ApiError.ts';
import type { AppDeps, ZodApp } from '../context.ts';
import { callerOf } from '../context.ts';
import { ok } from '../envelope.ts';
import { sendStoredFile } from '../fileReply.ts';
import { offset } from '../schemas.ts';
import { requireInScope } from '../scope.ts';
import { like, Where } from '../where.ts';
import { keyOf, MEDIA_SELECT, ownsObject, toMediaFile } from './mediaQueries.ts';
import type { MediaObjectRow, MediaRow } from './mediaQueries.ts';
import { mediaLinkQuery, mediaListQuery } from './mediaSchemas.ts';

/** Browsers may keep a served file this long, s: the bytes behind an id never change. */
const FILE_MAX_AGE_S = 3600;

/** The list for holders of the resources page, and the signed file and thumbnail links. */
export function registerMediaReadRoutes(app: ZodApp, deps: AppDeps): void {
  const { db, storage, tokenSecret } = deps;

  app.get(
    MEDIA_API.list,
    { config: { access: 'resources' }, schema: { querystring: mediaListQuery } },
    async (request) => {
      const q = request.query;
      await requireInScope(callerOf(request), q.workspace_id, 'workspace');
      const where = new Where()
        .add('m.workspace_id = ?', q.workspace_id)
        .add('m.task_id = ?', q.task_id)
        .add('m.flight_id = ?', q.flight_id)
        .add('m.device_sn = ?', q.device_sn)
        .add('m.kind = ?', q.kind)
        .add('m.shot_at >= ?', q.begin === undefined ? undefined : new Date(q.begin))
        .add('m.shot_at <= ?', q.end === undefined ? undefined : new Date(q.end));
      const pattern = like(q.keyword);
      if (pattern !== undefined) {
        const at = where.next(pattern);
        where.raw(`(m.name ilike ${at} or d.name ilike ${at} or t.name ilike ${at})`);
      }
      const total = await db.query<{ n: number }>(
        `select count(*)::int as n from media_files m
         left join devices d on d.device_sn = m.device_sn
         left join flight_tasks t on t.id = m.task_id ${where.toString()}`,
        where.params,
      );
      const rows = await db.query<MediaRow>(
        `${MEDIA_SELECT} ${where.toString()} order by m.shot_at desc, m.id desc
         limit ${where.next(q.size)} offset ${where.next(offset(q))}`,
        where.params,
      );
      const now = Date.now();
      return ok<MediaListPage>(request, {
        rows: rows.map((r) => toMediaFile(tokenSecret, r, now)),
        total: total[0]?.n ?? 0,
      });
    },
  );

  const serve = (variant: MediaVariant) =>
    app.get(
      variant === 'file' ? MEDIA_API.file : MEDIA_API.thumb,
      { config: { access: 'public' }, schema: { querystring: mediaLinkQuery } },
      async (request, reply) => {
        const q = request.query;
        if (!validMediaLink(tokenSecret, variant, q, Date.now()))
          throw new ApiError(403, 'forbidden');
        const row = await queryOne<MediaObjectRow>(
          db,
          'select object_key, thumb_key, name, gateway_sn from media_files where id = $1',
          [q.id],
        );
        const key = row && ownsObject(row) ? keyOf(row, variant) : '';
        const object = key ? await storage.get(key) : undefined;
        if (!row || !object) throw new ApiError(404, 'not_found');
        return sendStoredFile(reply, {
          body: object.body,
          name: variant === 'file' ? row.name : `${row.name}-thumb.jpg`,
          etag: `"${object.info.md5}"`,
          cacheControl: `private, max-age=${String(FILE_MAX_AGE_S)}`,
          as: { kind: 'media', download: q.download === '1' },
        });
      },
    );
  serve('file');
  serve('thumb');
}
