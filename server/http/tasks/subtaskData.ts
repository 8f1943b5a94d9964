/**
 * What the subtask answer is made of, read from the database and the object store: the flown track
 * of the dock's aircraft in the flight's window, the alarms raised in it, its photos and the planned
 * waypoints of the stored KMZ.
 */
import { pickHmsText } from '../../../protocol/alarms.ts';
import type { SubtaskRoutePoint, SubtaskTrackPoint } from '../../../protocol/tasks.ts';
import type { Db } from '../../db/Db.ts';
import { queryOne } from '../../db/Db.ts';
import type { HmsTextTable } from '../../hms/hmsTextTable.ts';
import type { ObjectStore } from '../../storage/ObjectStore.ts';
import { geodesicDistance } from '../../waylines/geodesic.ts';
import { readKmzOffThread } from '../../waylines/readOffThread.ts';
import type { Lang } from '../messages.ts';
import type { FlightAlarm, FlightPhoto } from './subtaskTimeline.ts';

/** Most track points read, and most answered (evenly thinned beyond). */
const TRACK_READ_LIMIT = 20_000;
const TRACK_ANSWER_LIMIT = 3_000;

/** The aircraft the dock carries (domain 0 under the dock), if registered. */
export async function aircraftOf(db: Db, dockSn: string): Promise<string | null> {
  const row = await queryOne<{ device_sn: string }>(
    db,
    'select device_sn from devices where gateway_sn = $1 and domain = 0 order by id limit 1',
    [dockSn],
  );
  return row?.device_sn ?? null;
}

/** The track of `sn` between `from` and `to`, thinned to what a map and a report need. */
export async function flownTrack(
  db: Db,
  sn: string,
  from: Date,
  to: Date,
): Promise<SubtaskTrackPoint[]> {
  const rows = await db.query<{
    ts: Date;
    latitude: number;
    longitude: number;
    height: number | null;
  }>(
    `select ts, latitude, longitude, height from device_tracks
     where device_sn = $1 and ts >= $2 and ts <= $3 order by ts limit ${String(TRACK_READ_LIMIT)}`,
    [sn, from, to],
  );
  const step = Math.max(1, Math.ceil(rows.length / TRACK_ANSWER_LIMIT));
  const kept = rows.filter((_, i) => i % step === 0 || i === rows.length - 1);
  return kept.map((r) => ({
    t: r.ts.getTime(),
    lat: r.latitude,
    lon: r.longitude,
    height: r.height,
  }));
}

/** Metres along a track. */
export function trackLength(track: readonly SubtaskTrackPoint[]): number {
  let total = 0;
  for (let i = 1; i < track.length; i++) {
    const a = track[i - 1];
    const b = track[i];
    if (a && b) total += geodesicDistance(a.lon, a.lat, b.lon, b.lat);
  }
  return total;
}

/** HMS alarms the dock (or its aircraft) raised between `from` and `to`, with their text. */
export async function flightAlarms(
  db: Db,
  dockSn: string,
  from: Date,
  to: Date,
  table: HmsTextTable,
  lang: Lang,
): Promise<FlightAlarm[]> {
  const rows = await db.query<{
    raised_at: Date;
    code: string;
    level: number;
    device_type: string;
    in_the_sky: number;
  }>(
    `select raised_at, code, level, device_type, in_the_sky from device_hms_alarms
     where gateway_sn = $1 and raised_at >= $2 and raised_at <= $3 order by raised_at limit 500`,
    [dockSn, from, to],
  );
  return rows.map((r) => {
    const texts = pickHmsText(table.texts.get(r.code), r);
    return { raised_at: r.raised_at, code: r.code, level: r.level, text: texts?.[lang] ?? '' };
  });
}

/**
 * Photos registered for the flight. The media library's table comes with its own migration; until
 * it exists (or if its shape differs) the flight simply has no photos on its timeline.
 */
export async function flightPhotos(db: Db, flightId: string): Promise<FlightPhoto[]> {
  const exists = await queryOne<{ t: string | null }>(
    db,
    `select to_regclass('media_files')::text as t`,
  );
  if (!exists?.t) return [];
  try {
    const rows = await db.query<{
      shot_at: Date | number | string;
      lat: number | null;
      lon: number | null;
    }>(`select * from media_files where flight_id = $1 order by shot_at limit 2000`, [flightId]);
    return rows.map((r) => ({
      shot_at: new Date(typeof r.shot_at === 'string' ? Date.parse(r.shot_at) : r.shot_at),
      lat: typeof r.lat === 'number' ? r.lat : null,
      lon: typeof r.lon === 'number' ? r.lon : null,
    }));
  } catch {
    return [];
  }
}

// Parsing a large KMZ for every poll of a live page would be wasteful: the file of an md5 never changes.
const routeCache = new Map<string, SubtaskRoutePoint[]>();
const ROUTE_CACHE_SIZE = 32;

/** The planned waypoints of the wayline stored under `objectKey`; empty when gone or unreadable. */
export async function plannedRoute(
  storage: ObjectStore,
  objectKey: string,
  md5: string,
): Promise<SubtaskRoutePoint[]> {
  const cached = routeCache.get(md5);
  if (cached) return cached;
  const object = await storage.get(objectKey);
  if (!object) return [];
  let points: SubtaskRoutePoint[];
  try {
    const { route } = await readKmzOffThread(object.body, 'route');
    points = route.paths.flatMap((p) =>
      p.points.map((w) => ({ lat: w.lat, lon: w.lng, height: w.height })),
    );
  } catch {
    return [];
  }
  if (routeCache.size >= ROUTE_CACHE_SIZE) {
    const oldest = routeCache.keys().next().value;
    if (oldest !== undefined) routeCache.delete(oldest);
  }
  routeCache.set(md5, points);
  return points;
}
