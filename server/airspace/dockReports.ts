/**
 * What the docks report about their flight areas: `flight_areas_sync_progress` (stored per dock: the
 * status, the reason code and the file it names) and `flight_areas_drone_location` (the aircraft's
 * distance to each area's boundary, kept in memory while it flies: it changes every second and is
 * only worth its latest value).
 */
import { FLIGHT_AREA_SYNC_STATUSES } from '../../protocol/airspace.ts';
import type { FlightAreaDroneLocation, FlightAreaSyncStatus } from '../../protocol/airspace.ts';
import type { Db } from '../db/Db.ts';
import type { Fields } from '../mqtt/decode.ts';
import { int, obj, str } from '../mqtt/decode.ts';

/** A report older than this says nothing about where the aircraft is now, ms. */
export const LOCATION_STALE_MS = 30_000;
const CHECKSUM = /^[0-9a-f]{64}$/i;

/** A sync report as read from the event. */
export interface SyncReport {
  status: FlightAreaSyncStatus;
  reason: number;
  fileName: string | null;
  checksum: string | null;
}

/** The report in `data`, or null when its status is not one the protocol names. */
export function readSyncReport(data: Fields): SyncReport | null {
  const status = str(data.status);
  if (!status || !(FLIGHT_AREA_SYNC_STATUSES as readonly string[]).includes(status)) return null;
  const file = obj(data.file);
  const checksum = str(file?.checksum);
  const name = str(file?.name);
  const reason = int(data.reason);
  return {
    status: status as FlightAreaSyncStatus,
    reason: reason !== undefined && reason >= 0 && reason < 1_000_000 ? reason : 0,
    fileName: name !== undefined && name.length <= 200 ? name : null,
    checksum: checksum !== undefined && CHECKSUM.test(checksum) ? checksum.toLowerCase() : null,
  };
}

/** Stores a dock's sync report. */
export async function storeSyncReport(db: Db, dockSn: string, r: SyncReport): Promise<void> {
  await db.query(
    `insert into airspace_dock_sync (dock_sn, status, reason, file_name, checksum, updated_at)
     values ($1, $2, $3, $4, $5, now())
     on conflict (dock_sn) do update set status = $2, reason = $3, updated_at = now(),
       file_name = coalesce($4, airspace_dock_sync.file_name),
       checksum = case when $2 = 'synchronized' then $5 else coalesce($5, airspace_dock_sync.checksum) end`,
    [dockSn, r.status, r.reason, r.fileName, r.checksum],
  );
}

/** A dock's latest distances and when they came. */
export interface LocationReport {
  at: number;
  locations: FlightAreaDroneLocation[];
}

/**
 * Dock → its latest distances: the app's (`AirspaceState.reports`), filled by the airspace runtime
 * from the docks' events and read by the sync route.
 */
export type DroneLocationReports = Map<string, LocationReport>;

/** Remembers a dock's latest distances. */
export function noteDroneLocations(
  reports: DroneLocationReports,
  dockSn: string,
  report: LocationReport,
): void {
  reports.set(dockSn, report);
}

/** A dock's latest distances, unless they are stale at `now`. */
export function droneLocationsOf(
  reports: DroneLocationReports,
  dockSn: string,
  now: number,
): LocationReport | null {
  const report = reports.get(dockSn);
  return report && now - report.at <= LOCATION_STALE_MS ? report : null;
}
