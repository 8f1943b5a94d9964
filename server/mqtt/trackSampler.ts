/**
 * Down-samples aircraft `osd` into track points: at most one per `intervalMs` per aircraft. Partial
 * messages are merged first so a point carries the latest of every field, not only the fields of the
 * message that happened to fall on the second.
 */
import type { Db } from '../db/Db.ts';
import { num, obj } from './decode.ts';
import type { Fields } from './decode.ts';

/** One stored point per second per aircraft is plenty for replaying a flight. */
export const TRACK_INTERVAL_MS = 1_000;
const CLOCK_RESET_SLOTS = 60;
/**
 * How early, before the next interval is due to start (judged from the device's clock offset), its
 * messages are parsed again: room for arrival jitter, so the first message of an interval is not
 * missed. At 10 Hz that is two messages; the rest of each second are not parsed at all.
 */
const WAKE_EARLY_MS = 200;

export interface TrackPoint {
  sn: string;
  ts: number;
  latitude: number;
  longitude: number;
  height: number | null;
  elevation: number | null;
  attitudeHead: number | null;
  horizontalSpeed: number | null;
  verticalSpeed: number | null;
  batteryPercent: number | null;
  modeCode: number | null;
  /** Payload time of the message that started the point (`ts` is its interval's start); not stored. */
  sentAt?: number;
}

interface Latest {
  point: Partial<Record<Exclude<keyof TrackPoint, 'sn' | 'ts'>, number>>;
  /** The interval (payload time / interval) of the last point stored. */
  storedSlot: number;
  /** Receive time before which this aircraft's messages cannot start a new interval. */
  quietUntil: number;
}

function merge(into: Latest['point'], data: Fields): void {
  // A bad value from one device must not fail the batch insert of every aircraft: keep values in
  // their column's range.
  const set = (key: keyof Latest['point'], value: unknown, min = -1e9, max = 1e9) => {
    const n = num(value);
    if (n !== undefined && n >= min && n <= max) into[key] = n;
  };
  set('latitude', data.latitude, -90, 90);
  set('longitude', data.longitude, -180, 180);
  set('height', data.height);
  set('elevation', data.elevation);
  set('attitudeHead', data.attitude_head);
  set('horizontalSpeed', data.horizontal_speed);
  set('verticalSpeed', data.vertical_speed);
  set('batteryPercent', obj(data.battery)?.capacity_percent, 0, 100);
  const mode = num(data.mode_code);
  if (mode !== undefined && Number.isInteger(mode)) set('modeCode', mode, 0, 32_767);
}

/**
 * Creates a sampler; `offer` merges one osd, `drain` hands over the points due for storage.
 * A point is stored for the first message of each interval of payload time, stamped with the
 * interval's start: servers sharing a broker's messages (shared subscription) then produce the same
 * key for the same aircraft-second, and the insert keeps exactly one of them.
 *
 * `wants` lets the caller skip parsing the messages that cannot start an interval: after a point,
 * nothing until shortly before the next interval is due (at most one interval later). Parsing every
 * 2.4 kB body at 10 Hz was a large share of the server's work per message for one point a second;
 * the price is that a field only a skipped partial body carried is not in the point (aircraft send
 * their `osd` whole).
 */
export function createTrackSampler(intervalMs = TRACK_INTERVAL_MS) {
  const latest = new Map<string, Latest>();
  let pending: TrackPoint[] = [];
  return {
    /**
     * Whether a message of `sn` at `now` may start a new point, so is worth parsing. `now` is the
     * clock the caller judges by, the same for `wants` and `offer`: the payload time read from the
     * message's head where it has one (a draining backlog then loses no second), else arrival.
     */
    wants(sn: string, now: number): boolean {
      const entry = latest.get(sn);
      return entry === undefined || now >= entry.quietUntil;
    },
    /** Merges one osd of `sn` with payload time `ts`, judged at `now` (see `wants`; default `ts`). */
    offer(sn: string, data: Fields, ts: number, now = ts): void {
      const entry = latest.get(sn) ?? { point: {}, storedSlot: -Infinity, quietUntil: -Infinity };
      latest.set(sn, entry);
      merge(entry.point, data);
      const { latitude, longitude } = entry.point;
      if (latitude === undefined || longitude === undefined) return;
      const slot = Math.floor(ts / intervalMs);
      // A clock set back by a minute or more starts over rather than pausing the track that long.
      if (slot <= entry.storedSlot && entry.storedSlot - slot < CLOCK_RESET_SLOTS) return;
      entry.storedSlot = slot;
      const untilNext = Math.min(intervalMs, (slot + 1) * intervalMs - ts);
      entry.quietUntil = now + untilNext - WAKE_EARLY_MS;
      const p = entry.point;
      pending.push({
        sn,
        ts: slot * intervalMs,
        latitude,
        longitude,
        height: p.height ?? null,
        elevation: p.elevation ?? null,
        attitudeHead: p.attitudeHead ?? null,
        horizontalSpeed: p.horizontalSpeed ?? null,
        verticalSpeed: p.verticalSpeed ?? null,
        batteryPercent: p.batteryPercent === undefined ? null : Math.round(p.batteryPercent),
        modeCode: p.modeCode ?? null,
        sentAt: ts,
      });
    },
    drain(): TrackPoint[] {
      const out = pending;
      pending = [];
      return out;
    },
  };
}

/** Inserts points in one statement; a duplicate (same aircraft, same timestamp) is skipped. */
export async function storeTrackPoints(db: Db, points: TrackPoint[]): Promise<void> {
  if (points.length === 0) return;
  const col = <K extends keyof TrackPoint>(key: K) => points.map((p) => p[key]);
  await db.query(
    `insert into device_tracks (device_sn, ts, latitude, longitude, height, elevation, attitude_head,
       horizontal_speed, vertical_speed, battery_percent, mode_code)
     select * from unnest($1::text[], $2::timestamptz[], $3::float8[], $4::float8[], $5::real[],
       $6::real[], $7::real[], $8::real[], $9::real[], $10::smallint[], $11::smallint[])
     on conflict do nothing`,
    [
      col('sn'),
      points.map((p) => new Date(p.ts)),
      col('latitude'),
      col('longitude'),
      col('height'),
      col('elevation'),
      col('attitudeHead'),
      col('horizontalSpeed'),
      col('verticalSpeed'),
      col('batteryPercent'),
      col('modeCode'),
    ],
  );
}
