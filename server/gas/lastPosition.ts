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

/**
 * Device → newest positioned reading (position and its time): the app's (`GasState.positions`), which
 * gas ingestion fills and the airspace alarms read too.
 */
export type LastPositions = Map<string, Fix & { ts: number }>;

/** Remembers a reading's position in `seen` (call for every reading that has one). */
export function notePosition(seen: LastPositions, sn: string, ts: number, fix: Fix): void {
  const had = seen.get(sn);
  if (!had || had.ts <= ts) seen.set(sn, { ...fix, ts });
}

/** The last known position of `sn` at `ts`, or null when none is recent enough. */
export async function lastPosition(
  db: Db,
  seen: LastPositions,
  sn: string,
  ts: number,
): Promise<Fix | null> {
  const had = seen.get(sn);
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
