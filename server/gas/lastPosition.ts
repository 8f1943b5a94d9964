/**
 * Where an aircraft was last known to be, for a gas alarm whose reading carries no position: the
 * newest positioned reading of the device, else its newest track point (sampled from its `osd`),
 * either no older than POSITION_MAX_AGE_MS before the reading. Older than that, the aircraft may be
 * anywhere: the alarm then has no position rather than a wrong one (and never 0,0).
 */
import type { Db } from '../db/Db.ts';
import { queryOne } from '../db/Db.ts';

export const POSITION_MAX_AGE_MS = 10 * 60_000;

export interface Fix {
  lat: number;
  lng: number;
}

/** Per database: device → newest positioned reading (position and its time). */
const seen = new WeakMap<Db, Map<string, Fix & { ts: number }>>();

function mapOf(db: Db) {
  let map = seen.get(db);
  if (!map) {
    map = new Map();
    seen.set(db, map);
  }
  return map;
}

/** Remembers a reading's position (call for every reading that has one). */
export function notePosition(db: Db, sn: string, ts: number, fix: Fix): void {
  const map = mapOf(db);
  const had = map.get(sn);
  if (!had || had.ts <= ts) map.set(sn, { ...fix, ts });
}

/** The last known position of `sn` at `ts`, or null when none is recent enough. */
export async function lastPosition(db: Db, sn: string, ts: number): Promise<Fix | null> {
  const had = mapOf(db).get(sn);
  if (had && had.ts <= ts && ts - had.ts <= POSITION_MAX_AGE_MS)
    return { lat: had.lat, lng: had.lng };
  const track = await queryOne<{ latitude: number; longitude: number }>(
    db,
    `select latitude, longitude from device_tracks
     where device_sn = $1 and ts between $2 and $3 order by ts desc limit 1`,
    [sn, new Date(ts - POSITION_MAX_AGE_MS), new Date(ts)],
  );
  return track ? { lat: track.latitude, lng: track.longitude } : null;
}
