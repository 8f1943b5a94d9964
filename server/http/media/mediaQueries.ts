import type { MediaFile, MediaKind } from '../../../protocol/media.ts';
import { mediaLink } from '../../media/mediaLinks.ts';
import type { MediaVariant } from '../../media/mediaLinks.ts';
import { inDockFolder } from '../../media/ownedKey.ts';

/** A `media_files` row joined with its device's and task's names. */
export interface MediaRow {
  id: number;
  workspace_id: number;
  object_key: string;
  thumb_key: string;
  name: string;
  kind: MediaKind;
  size: number;
  md5: string;
  content_type: string;
  device_sn: string;
  device_name: string;
  payload: string;
  task_id: number | null;
  task_name: string | null;
  flight_id: string | null;
  lat: number | null;
  lon: number | null;
  absolute_altitude: number | null;
  relative_altitude: number | null;
  gimbal_yaw: number | null;
  width: number | null;
  height: number | null;
  shot_at: Date;
  created_at: Date;
}

/** Select list and joins every media read uses; `m` is the media row. */
export const MEDIA_SELECT = `select m.id, m.workspace_id, m.object_key, m.thumb_key, m.name, m.kind,
    m.size::float8 as size, m.md5, m.content_type, m.device_sn,
    coalesce(nullif(d.name, ''), nullif(d.model_name, ''), m.device_sn) as device_name, m.payload,
    m.task_id, t.name as task_name, m.flight_id, m.lat, m.lon, m.absolute_altitude,
    m.relative_altitude, m.gimbal_yaw, m.width, m.height, m.shot_at, m.created_at
  from media_files m
  left join devices d on d.device_sn = m.device_sn
  left join flight_tasks t on t.id = m.task_id`;

/** A row as the API answers it, with fresh signed links. */
export function toMediaFile(tokenSecret: string, row: MediaRow, nowMs: number): MediaFile {
  return {
    id: row.id,
    workspace_id: row.workspace_id,
    name: row.name,
    kind: row.kind,
    size: row.size,
    md5: row.md5,
    device_sn: row.device_sn,
    device_name: row.device_name,
    payload: row.payload,
    task_id: row.task_id,
    task_name: row.task_name,
    flight_id: row.flight_id,
    lat: row.lat,
    lon: row.lon,
    absolute_altitude: row.absolute_altitude,
    relative_altitude: row.relative_altitude,
    gimbal_yaw: row.gimbal_yaw,
    width: row.width,
    height: row.height,
    shot_at: row.shot_at.getTime(),
    created_at: row.created_at.getTime(),
    thumb_url: mediaLink(tokenSecret, 'thumb', row.id, nowMs),
    file_url: mediaLink(tokenSecret, 'file', row.id, nowMs),
  };
}

/** What serving, zipping and deleting a file need of its row. */
export interface MediaObjectRow {
  object_key: string;
  thumb_key: string;
  name: string;
  gateway_sn: string;
}

/**
 * Whether the row's object lies in the folder of the dock that reported it. Registration refuses
 * anything else; rows registered before it did may still name another dock's object, and those are
 * neither served, zipped nor deleted through the row.
 */
export function ownsObject(row: Pick<MediaObjectRow, 'object_key' | 'gateway_sn'>): boolean {
  return inDockFolder(row.gateway_sn, row.object_key);
}

/** The object key of a row's file or thumbnail ('' when it has no thumbnail). */
export function keyOf(row: MediaObjectRow, variant: MediaVariant): string {
  return variant === 'file' ? row.object_key : row.thumb_key;
}
