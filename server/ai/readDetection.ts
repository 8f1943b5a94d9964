/**
 * Reads an `ai_alarm` event body into the fields stored, bounded and clamped: a device's message is
 * input like any other, so nothing in it may break a query or the page.
 */
import type { AiBox } from '../../protocol/aiAlarms.ts';
import type { Fields } from '../mqtt/decode.ts';
import { num, obj, str } from '../mqtt/decode.ts';

export interface Detection {
  eventId: string;
  category: string;
  confidence: number;
  level: number;
  box: AiBox | null;
  latitude: number | null;
  longitude: number | null;
  payloadIndex: string;
  snapshotKey: string | null;
  scene: { height: number; yaw: number } | null;
}

const clamp = (v: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, v));
const TOKEN = /^[A-Za-z0-9._-]{1,64}$/;

function readBox(raw: Fields | undefined): AiBox | null {
  if (!raw) return null;
  const x = num(raw.x);
  const y = num(raw.y);
  const w = num(raw.width) ?? num(raw.w);
  const h = num(raw.height) ?? num(raw.h);
  if (x === undefined || y === undefined || w === undefined || h === undefined) return null;
  const cx = clamp(x, 0, 1);
  const cy = clamp(y, 0, 1);
  return { x: cx, y: cy, w: clamp(w, 0, 1 - cx), h: clamp(h, 0, 1 - cy) };
}

function coordinate(value: unknown, limit: number): number | null {
  const v = num(value);
  return v !== undefined && Math.abs(v) <= limit ? v : null;
}

/** The detection in `data`, or null when it names no id or class. */
export function readDetection(data: Fields): Detection | null {
  const eventId = str(data.alarm_id);
  const category = str(data.category)?.trim().toLowerCase();
  if (eventId === undefined || !TOKEN.test(eventId) || !category || !TOKEN.test(category))
    return null;
  const scene = obj(data.sim_scene);
  const height = num(scene?.height);
  const key = str(data.snapshot_key);
  return {
    eventId,
    category,
    confidence: clamp(num(data.confidence) ?? 0, 0, 1),
    level: Math.round(clamp(num(data.level) ?? 2, 0, 2)),
    box: readBox(obj(data.box)),
    latitude: coordinate(data.latitude, 90),
    longitude: coordinate(data.longitude, 180),
    payloadIndex: (str(data.payload_index) ?? '').slice(0, 32),
    snapshotKey: key !== undefined && key.length <= 256 ? key : null,
    scene:
      height === undefined ? null : { height: clamp(height, 0, 2000), yaw: num(scene?.yaw) ?? 0 },
  };
}
