import { z } from 'zod';
import { TASK_API } from '../../../protocol/tasks.ts';
import { queryOne } from '../../db/Db.ts';
import { validFileSignature } from '../../tasks/fileSignature.ts';
import { ApiError } from '../ApiError.ts';
import type { AppDeps, ZodApp } from '../context.ts';
import { sendStoredFile } from '../fileReply.ts';

const fileQuery = z.object({
  flight_id: z.string().min(1).max(64),
  expires: z.preprocess((v) => (typeof v === 'string' ? Number(v) : v), z.number().int()),
  sig: z.string().regex(/^[0-9a-f]{64}$/),
});

/**
 * The KMZ of a flight for the dock that flies it. Public (a dock holds no user token): the link is
 * the credential, signed by this server and valid for an hour (see fileSignature.ts).
 */
export function registerTaskFileRoute(app: ZodApp, deps: AppDeps): void {
  const { db, storage, tokenSecret } = deps;
  app.get(
    TASK_API.file,
    { config: { access: 'public' }, schema: { querystring: fileQuery } },
    async (request, reply) => {
      const q = request.query;
      const link = { flightId: q.flight_id, expires: q.expires, sig: q.sig };
      if (!validFileSignature(tokenSecret, link, Date.now())) throw new ApiError(403, 'forbidden');
      const row = await queryOne<{ object_key: string; md5: string }>(
        db,
        `select w.object_key, w.md5 from flight_task_executions x
         join flight_tasks t on t.id = x.task_id join waylines w on w.id = t.wayline_id
         where x.flight_id = $1`,
        [q.flight_id],
      );
      const object = row ? await storage.get(row.object_key) : undefined;
      if (!row || !object) throw new ApiError(404, 'not_found.wayline');
      return sendStoredFile(reply, {
        body: object.body,
        name: `${q.flight_id}.kmz`,
        etag: `"${row.md5}"`,
        cacheControl: 'no-store',
        as: { kind: 'download', type: 'application/vnd.google-earth.kmz' },
      });
    },
  );
}
