import type { MediaFile, MediaKind } from '../../../protocol/media.ts';
import { mediaLink } from '../../media/mediaLinks.ts';

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

/** `attachment; filename=…` with a plain fallback and the UTF-8 name (RFC 6266 / 5987). */
export function attachment(name: string): string {
  const plain = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${plain}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
