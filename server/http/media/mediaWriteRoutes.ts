import { MEDIA_API } from '../../../protocol/media.ts';
import type { Db } from '../../db/Db.ts';
import { ApiError } from '../ApiError.ts';
import { audit } from '../audit.ts';
import type { Caller } from '../caller.ts';
import { runChange } from '../change.ts';
import type { AppDeps, ZodApp } from '../context.ts';
import { callerOf } from '../context.ts';
import { ok } from '../envelope.ts';
import { attachment, fileSafetyHeaders } from '../fileReply.ts';
import { requireInScope } from '../scope.ts';
import { ownsObject } from './mediaQueries.ts';
import { mediaIdsBody } from './mediaSchemas.ts';
import { zipStream } from './mediaZip.ts';

interface IdsRow {
  id: number;
  name: string;
  object_key: string;
  thumb_key: string;
  gateway_sn: string;
  size: number;
}

/**
 * The files `ids` of a workspace in the caller's scope, in the order asked; 404 when any is missing
 * or belongs elsewhere (as for every record outside the caller's reach).
 */
async function filesOf(
  db: Db,
  caller: Caller,
  body: { workspace_id: number; ids: number[] },
): Promise<IdsRow[]> {
  await requireInScope(caller, body.workspace_id, 'workspace');
  const ids = [...new Set(body.ids)];
  const rows = await db.query<IdsRow>(
    `select id, name, object_key, thumb_key, gateway_sn, size::float8 as size from media_files
     where workspace_id = $1 and id = any($2::int[])`,
    [body.workspace_id, ids],
  );
  if (rows.length !== ids.length) throw new ApiError(404, 'not_found');
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * The objects of deleted rows that may go with them: a row's own file only when it lies in its
 * dock's folder, and nothing another row still names (as its file or its thumbnail). Deleting a
 * row must never take an object that is not the row's alone.
 */
async function orphanedKeys(db: Db, removed: readonly IdsRow[]): Promise<string[]> {
  const keys = removed.flatMap((f) => [
    ...(ownsObject(f) ? [f.object_key] : []),
    ...(f.thumb_key ? [f.thumb_key] : []),
  ]);
  if (keys.length === 0) return [];
  const kept = await db.query<{ object_key: string; thumb_key: string }>(
    `select object_key, thumb_key from media_files
     where object_key = any($1::text[]) or thumb_key = any($1::text[])`,
    [keys],
  );
  const named = new Set(kept.flatMap((k) => [k.object_key, k.thumb_key]));
  return [...new Set(keys)].filter((key) => !named.has(key));
}

/** Batch download (a streamed zip) and delete, audited per file. */
export function registerMediaWriteRoutes(app: ZodApp, deps: AppDeps): void {
  const { db, storage } = deps;

  app.post(
    MEDIA_API.zip,
    { config: { access: 'resources' }, schema: { body: mediaIdsBody } },
    async (request, reply) => {
      const caller = callerOf(request);
      await caller.scope();
      // A row naming another dock's object (registered before registration checked) is left out.
      const files = (await filesOf(db, caller, request.body)).filter(ownsObject);
      const total = files.reduce((sum, f) => sum + f.size, 0);
      const stream = zipStream(
        storage,
        files.map((f) => ({ key: f.object_key, name: f.name })),
      );
      return fileSafetyHeaders(reply)
        .header('content-type', 'application/zip')
        .header('content-disposition', attachment('media.zip'))
        .header('x-total-bytes', String(total))
        .header('cache-control', 'no-store')
        .send(stream);
    },
  );

  app.post(
    MEDIA_API.del,
    { config: { access: 'media:del' }, schema: { body: mediaIdsBody } },
    async (request) => {
      const b = request.body;
      const label = { module: 'media', action: 'del', target: b.ids.join(',').slice(0, 200) };
      const removed = await runChange(deps, request, label, async (tx, caller) => {
        const files = await filesOf(tx, caller, b);
        await tx.query('delete from media_files where id = any($1::int[])', [
          files.map((f) => f.id),
        ]);
        for (const f of files)
          await audit(tx, request, {
            module: 'media',
            action: 'del',
            target: String(f.id),
            targetName: f.name,
            detail: f.object_key,
          });
        return files;
      });
      // Objects go after the rows are gone: a failure here leaves an unlisted file, never a
      // listed file without bytes.
      for (const key of await orphanedKeys(db, removed)) await storage.delete(key);
      return ok(request, null);
    },
  );
}
