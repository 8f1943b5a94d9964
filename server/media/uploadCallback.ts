/**
 * Reads a `file_upload_callback` event (protocol §8 step 3) into the facts a media row needs.
 * Devices differ in spelling (`create_time` vs `created_time`, strings vs numbers), so every field
 * is read leniently and a missing one is null rather than a refusal.
 */
import type { MediaKind } from '../../protocol/media.ts';

export interface UploadedFile {
  objectKey: string;
  name: string;
  kind: MediaKind;
  flightId: string | null;
  droneModelKey: string;
  payloadModelKey: string;
  lat: number | null;
  lon: number | null;
  absoluteAltitude: number | null;
  relativeAltitude: number | null;
  gimbalYaw: number | null;
  /** ms since the epoch, or null when the device sent no readable time. */
  shotAt: number | null;
}

type Fields = Record<string, unknown>;

const VIDEO_EXT = /\.(mp4|mov|m4v|avi|mkv|ts)$/i;

function obj(value: unknown): Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Fields)
    : {};
}

function str(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function num(value: unknown): number | null {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : null;
}

/** A device time: ISO 8601 with offset (SDK), `YYYY-MM-DD HH:mm:ss` (docs; read as UTC), or ms. */
export function readDeviceTime(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) && value > 0 ? value : null;
  const text = str(value).trim();
  if (text === '') return null;
  const plain = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(text)
    ? `${text.replace(' ', 'T')}Z`
    : text;
  const ms = Date.parse(plain);
  return Number.isFinite(ms) ? ms : null;
}

function coordinate(value: number | null, limit: number): number | null {
  // 0,0 is what a device without a position fix sends: treat it as unknown.
  return value !== null && Math.abs(value) <= limit && value !== 0 ? value : null;
}

/** The file a callback describes, or null when it names no object key. */
export function readUploadCallback(data: unknown): UploadedFile | null {
  const file = obj(obj(data).file);
  // Taken as sent: a key with a leading slash is malformed and refused on registration, rather
  // than quietly turned into some other key.
  const objectKey = str(file.object_key);
  if (objectKey === '') return null;
  const ext = obj(file.ext);
  const meta = obj(file.metadata);
  const shoot = obj(meta.shoot_position);
  const name = str(file.name) || (objectKey.split('/').at(-1) ?? objectKey);
  return {
    objectKey,
    name,
    kind: VIDEO_EXT.test(name) ? 'video' : 'photo',
    flightId: str(ext.flight_id) || null,
    droneModelKey: str(ext.drone_model_key),
    payloadModelKey: str(ext.payload_model_key),
    lat: coordinate(num(shoot.lat), 90),
    lon: coordinate(num(shoot.lng), 180),
    absoluteAltitude: num(meta.absolute_altitude),
    relativeAltitude: num(meta.relative_altitude),
    gimbalYaw: num(meta.gimbal_yaw_degree),
    shotAt: readDeviceTime(meta.created_time ?? meta.create_time),
  };
}
