/**
 * Registers an uploaded file from its `file_upload_callback`: one row per object key, linked to the
 * dock's workspace, its aircraft and the task run of the callback's `flight_id`. The thumbnail is
 * made here, once; EXIF fills what the callback left out.
 *
 * The callback is the dock's word only: a dock may register nothing but the objects in its own
 * upload folder (the prefix `storage_config_get` gave it, the only one its credentials can write).
 * Otherwise one dock could claim another's files, in another project too, and then read them there
 * and delete them from there.
 */
import type { Db } from '../db/Db.ts';
import { queryOne } from '../db/Db.ts';
import type { Log } from '../runtime/log.ts';
import type { ObjectStore } from '../storage/ObjectStore.ts';
import { checkKey } from '../storage/ObjectStore.ts';
import { dockPrefix } from '../storage/uploadCredentials.ts';
import { exifFacts } from './exifFacts.ts';
import { refuseKey } from './ownedKey.ts';
import { sniffInlineType } from './safeContent.ts';
import { imageFacts } from './thumbnail.ts';
import type { UploadedFile } from './uploadCallback.ts';

export interface RegisterDeps {
  db: Db;
  storage: ObjectStore;
  log: Log;
}

/** The folder of thumbnails, outside every dock's upload folder. */
export const THUMB_FOLDER = 'media-thumbs/';

/**
 * Where a file's thumbnail is stored, or null when that key would be too long to store. Outside the
 * dock's folder, so the dock can neither replace a thumbnail nor register one as a file of its own.
 */
export function thumbKey(objectKey: string): string | null {
  try {
    return checkKey(`${THUMB_FOLDER}${objectKey}.jpg`);
  } catch {
    return null;
  }
}

/** Whether a row already holds `objectKey`, as its file or its thumbnail: one object, one row. */
async function alreadyRegistered(db: Db, objectKey: string): Promise<boolean> {
  const row = await queryOne(
    db,
    'select 1 from media_files where object_key = $1 or thumb_key = $1 limit 1',
    [objectKey],
  );
  return row !== undefined;
}

async function links(db: Db, gatewaySn: string, flightId: string | null) {
  const dock = await queryOne<{ workspace_id: number }>(
    db,
    'select workspace_id from devices where device_sn = $1',
    [gatewaySn],
  );
  const aircraft = await queryOne<{ device_sn: string }>(
    db,
    'select device_sn from devices where gateway_sn = $1 and domain = 0 order by id limit 1',
    [gatewaySn],
  );
  const run = flightId
    ? await queryOne<{ id: number; task_id: number }>(
        db,
        'select id, task_id from flight_task_executions where flight_id = $1',
        [flightId],
      )
    : undefined;
  return { workspaceId: dock?.workspace_id, aircraftSn: aircraft?.device_sn ?? gatewaySn, run };
}

/** Registers the file; answers its row id, or null when it is unknown, missing or a repeat. */
export async function registerMediaFile(
  deps: RegisterDeps,
  gatewaySn: string,
  file: UploadedFile,
): Promise<number | null> {
  const { db, storage, log } = deps;
  const folder = `${dockPrefix(gatewaySn)}/`;
  const refused = refuseKey(folder, file.objectKey);
  if (refused !== null) {
    const why = refused === 'malformed' ? 'not a valid object key' : `outside its folder ${folder}`;
    const key = JSON.stringify(file.objectKey.slice(0, 200));
    log.warn(`media: ${gatewaySn} reported ${key}, ${why}; nothing registered`);
    return null;
  }
  if (await alreadyRegistered(db, file.objectKey)) return null;
  const { workspaceId, aircraftSn, run } = await links(db, gatewaySn, file.flightId);
  if (workspaceId === undefined) {
    log.warn(`media: ${gatewaySn} is not a registered device; ${file.objectKey} ignored`);
    return null;
  }
  const object = await storage.get(file.objectKey);
  if (!object) {
    log.warn(`media: ${gatewaySn} reported ${file.objectKey}, which is not in storage`);
    return null;
  }
  // Only bytes that are a raster image go to the decoder: sharp would also render a dock's SVG or
  // PDF, and there is no reason to run those renderers on a device's file.
  const raster = sniffInlineType(object.body)?.startsWith('image/') === true;
  const image = file.kind === 'photo' && raster ? await imageFacts(object.body) : null;
  const exif = file.kind === 'photo' ? await exifFacts(object.body) : null;
  let thumb = '';
  const thumbAt = thumbKey(file.objectKey);
  if (image?.thumb && thumbAt !== null) {
    thumb = thumbAt;
    await storage.put(thumb, image.thumb, 'image/jpeg');
  }
  const rows = await db.query<{ id: number }>(
    `insert into media_files (workspace_id, object_key, thumb_key, name, kind, size, md5,
       content_type, device_sn, gateway_sn, payload, task_id, execution_id, flight_id, lat, lon,
       absolute_altitude, relative_altitude, gimbal_yaw, width, height, shot_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19,
       $20, $21, $22)
     on conflict (object_key) do nothing returning id`,
    [
      workspaceId,
      file.objectKey,
      thumb,
      file.name,
      file.kind,
      object.info.size,
      object.info.md5,
      object.info.contentType,
      aircraftSn,
      gatewaySn,
      file.payloadModelKey,
      run?.task_id ?? null,
      run?.id ?? null,
      file.flightId,
      file.lat ?? exif?.lat ?? null,
      file.lon ?? exif?.lon ?? null,
      file.absoluteAltitude ?? exif?.altitude ?? null,
      file.relativeAltitude,
      file.gimbalYaw ?? exif?.yaw ?? null,
      image?.width ?? null,
      image?.height ?? null,
      new Date(file.shotAt ?? exif?.shotAt ?? object.info.lastModified.getTime()),
    ],
  );
  return rows[0]?.id ?? null;
}
