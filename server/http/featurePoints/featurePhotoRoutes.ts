/**
 * Reference photos of a feature point: added as base64 in a JSON body (a photo or two per point, so
 * the JSON client suffices), checked to be an image sharp can read, stored with a 320 px thumbnail
 * through the object store, and served by signed link.
 */
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { FeaturePhoto } from '../../../protocol/featurePoints.ts';
import { FEATURE_API, FEATURE_PHOTO_MAX_BYTES } from '../../../protocol/featurePoints.ts';
import { queryOne } from '../../db/Db.ts';
import { validPhotoLink } from '../../featurePoints/photoLink.ts';
import { imageFacts } from '../../media/thumbnail.ts';
import { ApiError } from '../ApiError.ts';
import { audit } from '../audit.ts';
import { runChange } from '../change.ts';
import type { AppDeps, ZodApp } from '../context.ts';
import { callerOf } from '../context.ts';
import { ok } from '../envelope.ts';
import { sendStoredFile } from '../fileReply.ts';
import { EDIT_ACCESS } from './featureScope.ts';
import { PHOTO_BODY_LIMIT, photoAddBody, photoDelBody, photoQuery } from './featureSchemas.ts';
import { photosOf, scopedPoint } from './pointQueries.ts';

const TYPES: Readonly<Record<string, string>> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  tiff: 'image/tiff',
};

/** The image's content type and extension, or a 400 naming `data` for anything else. */
async function imageType(bytes: Uint8Array): Promise<{ type: string; ext: string }> {
  const format = await sharp(bytes)
    .metadata()
    .then((m) => m.format as string)
    .catch(() => '');
  const type = TYPES[format];
  if (!type) throw new ApiError(400, 'validation.invalid', { field: 'data' });
  return { type, ext: format === 'jpeg' ? 'jpg' : format };
}

/** Registers photo upload, removal and the signed photo link. */
export function registerFeaturePhotoRoutes(app: ZodApp, deps: AppDeps): void {
  const { db, storage, tokenSecret } = deps;

  app.post(
    FEATURE_API.photoAdd,
    {
      config: { access: EDIT_ACCESS },
      bodyLimit: PHOTO_BODY_LIMIT,
      schema: { body: photoAddBody },
    },
    async (request) => {
      const b = request.body;
      const bytes = new Uint8Array(Buffer.from(b.data, 'base64'));
      if (bytes.length > FEATURE_PHOTO_MAX_BYTES)
        throw new ApiError(400, 'validation.too_big', {
          field: 'data',
          max: FEATURE_PHOTO_MAX_BYTES,
        });
      const scope = await callerOf(request).scope();
      const point = await scopedPoint(db, scope, b.point_id);
      const { type, ext } = await imageType(bytes);
      const facts = await imageFacts(bytes);
      if (!facts.thumb) throw new ApiError(400, 'validation.invalid', { field: 'data' });
      const base = `features/${String(point.workspace_id)}/${randomUUID()}`;
      const fileKey = `${base}.${ext}`;
      const thumbKey = `${base}-thumb.jpg`;
      await storage.put(fileKey, bytes, type);
      await storage.put(thumbKey, facts.thumb, 'image/jpeg');
      const label = { module: 'feature', action: 'edit', target: String(point.id) };
      try {
        await runChange(deps, request, label, async (tx, caller) => {
          await scopedPoint(tx, await caller.scope(), point.id);
          await tx.query(
            `insert into feature_point_photos
               (point_id, object_key, thumb_key, name, content_type, size_bytes, width, height)
             values ($1, $2, $3, $4, $5, $6, $7, $8)`,
            [point.id, fileKey, thumbKey, b.name, type, bytes.length, facts.width, facts.height],
          );
          await audit(tx, request, {
            ...label,
            targetName: point.name,
            detail: `reference photo added: ${b.name || fileKey}`,
          });
        });
      } catch (error) {
        // Nothing refers to the files: they go again.
        await storage.delete(fileKey);
        await storage.delete(thumbKey);
        throw error;
      }
      return ok<FeaturePhoto[]>(request, await photosOf(db, point.id, tokenSecret));
    },
  );

  app.post(
    FEATURE_API.photoDel,
    { config: { access: EDIT_ACCESS }, schema: { body: photoDelBody } },
    async (request) => {
      const photoId = request.body.id;
      const label = { module: 'feature', action: 'edit', target: `photo ${String(photoId)}` };
      const gone = await runChange(deps, request, label, async (tx, caller) => {
        const row = await queryOne<{
          point_id: number;
          object_key: string;
          thumb_key: string;
          name: string;
        }>(
          tx,
          `select f.point_id, f.object_key, f.thumb_key, p.name from feature_point_photos f
           join feature_points p on p.id = f.point_id
           where f.id = $1 and p.workspace_id = any($2::int[])`,
          [photoId, await caller.scope()],
        );
        if (!row) throw new ApiError(404, 'not_found');
        await tx.query('delete from feature_point_photos where id = $1', [photoId]);
        await audit(tx, request, {
          ...label,
          target: String(row.point_id),
          targetName: row.name,
          detail: `reference photo removed: ${String(photoId)}`,
        });
        return row;
      });
      await storage.delete(gone.object_key);
      await storage.delete(gone.thumb_key);
      return ok<FeaturePhoto[]>(request, await photosOf(db, gone.point_id, tokenSecret));
    },
  );

  // Public like the alarm snapshots: an <img> sends no bearer token, so the signed link is the
  // credential, handed out only by the scoped read routes.
  app.get(
    FEATURE_API.photo,
    { config: { access: 'public' }, schema: { querystring: photoQuery } },
    async (request, reply) => {
      const q = request.query;
      if (!validPhotoLink(tokenSecret, q, Date.now())) throw new ApiError(403, 'forbidden');
      const row = await queryOne<{ object_key: string; thumb_key: string }>(
        db,
        'select object_key, thumb_key from feature_point_photos where id = $1',
        [q.id],
      );
      const key = q.variant === 'thumb' ? row?.thumb_key : row?.object_key;
      const object = key ? await storage.get(key) : undefined;
      if (!object) throw new ApiError(404, 'not_found');
      return sendStoredFile(reply, {
        body: object.body,
        name: key?.split('/').at(-1) ?? 'photo',
        etag: `"${object.info.md5}"`,
        cacheControl: 'private, max-age=3600',
        as: { kind: 'media' },
      });
    },
  );
}
