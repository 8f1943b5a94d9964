/**
 * The media library contract: API paths and the row the list answers. Files arrive from docks (or the
 * simulator) through the storage endpoint and `file_upload_callback` (protocol §8); the console lists,
 * downloads, zips and deletes them.
 */

/** Routes of the media library. */
export const MEDIA_API = {
  /** GET, paged: `{ rows: MediaFile[], total }`. */
  list: '/api/media/list',
  /** POST `{ workspace_id, ids }`: deletes the files (permission `media:del`). */
  del: '/api/media/del',
  /** POST `{ workspace_id, ids }`: streams a zip of the files; header `X-Total-Bytes` = sum of sizes. */
  zip: '/api/media/zip',
  /** Public, signed: serves a file (`?download=1` as attachment). Links come in `MediaFile.file_url`. */
  file: '/api/media/file',
  /** Public, signed: serves a file's 320 px wide JPEG thumbnail. */
  thumb: '/api/media/thumb',
} as const;

export const MEDIA_KINDS = ['photo', 'video'] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];

/** Most ids one zip or delete call takes. */
export const MEDIA_MAX_IDS = 500;

/** Query of `list`. Times are ms since the epoch and filter on the shot time. */
export interface MediaListQuery {
  workspace_id: number;
  current?: number;
  size?: number;
  task_id?: number;
  flight_id?: string;
  device_sn?: string;
  kind?: MediaKind;
  begin?: number;
  end?: number;
  /** Matches the file name, device name or task name. */
  keyword?: string;
}

/** One media file as the list answers it. */
export interface MediaFile {
  id: number;
  workspace_id: number;
  name: string;
  kind: MediaKind;
  /** Bytes. */
  size: number;
  md5: string;
  /** The aircraft that shot it. */
  device_sn: string;
  device_name: string;
  /** Payload (camera) model key or name, e.g. `66-0-0`. */
  payload: string;
  task_id: number | null;
  task_name: string | null;
  flight_id: string | null;
  lat: number | null;
  lon: number | null;
  /** Metres above mean sea level. */
  absolute_altitude: number | null;
  /** Metres above the take-off point. */
  relative_altitude: number | null;
  /** Degrees, −180…180, 0 = north. */
  gimbal_yaw: number | null;
  width: number | null;
  height: number | null;
  /** When it was shot, ms since the epoch. */
  shot_at: number;
  /** When the server registered it, ms since the epoch. */
  created_at: number;
  /** Relative, signed, expiring link usable as `<img src>` without an auth header. */
  thumb_url: string;
  /** Relative, signed, expiring link to the file; add `&download=1` for an attachment. */
  file_url: string;
}

/** What `list` answers inside `data`. */
export interface MediaListPage {
  rows: MediaFile[];
  total: number;
}

/** Body of `del` and `zip`. */
export interface MediaIdsBody {
  workspace_id: number;
  /** 1…500 ids. */
  ids: number[];
}
