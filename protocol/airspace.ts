/**
 * Airspace: the custom flight areas of a project (no-fly zones and operation areas), the file the
 * docks fetch them in (DJI Cloud API "custom flight area", a GeoJSON FeatureCollection), and each
 * dock's sync state. Shared by the server's routes, the simulator and the /airspace page.
 */
import type { WaylineWarning } from './waylines.ts';

/** Read access (the page's menu name) and the page's buttons. */
export const AIRSPACE_ACCESS = {
  read: 'airspace',
  add: 'airspace:add',
  edit: 'airspace:edit',
  del: 'airspace:del',
  /**
   * Create or change a task whose route enters a no-fly area or leaves the operation areas (the
   * request must ask for it too, and it is audited). Seeded for the admin role only.
   */
  override: 'airspace:override',
} as const;

export const AIRSPACE_API = {
  list: '/api/airspace/list',
  add: '/api/airspace/add',
  edit: '/api/airspace/edit',
  del: '/api/airspace/del',
  /** GeoJSON or KML polygons as new areas. */
  import: '/api/airspace/import',
  /** The project's file and every dock's sync state. */
  sync: '/api/airspace/sync',
  /** Sends `flight_areas_update` again to one dock, or to every dock of the project. */
  resync: '/api/airspace/resync',
  /** Signed and expiring: the file itself, for the docks (no user token). */
  file: '/api/airspace/file',
  /** A stored route against its project's areas, for the task dialog before it saves. */
  check: '/api/airspace/check',
} as const;

/** `no_fly`: the aircraft may not fly in (DJI "custom GEO zone"); `operation`: may not fly out. */
export const AIRSPACE_KINDS = ['no_fly', 'operation'] as const;
export type AirspaceKind = (typeof AIRSPACE_KINDS)[number];

/** WGS-84 longitude and latitude, degrees. */
export type LngLat = [number, number];

/** A polygon is one closed ring (first position repeated last); a circle a centre and a radius. */
export type AirspaceShape =
  { type: 'polygon'; coordinates: LngLat[] } | { type: 'circle'; center: LngLat; radius: number };

/** Most vertices a polygon ring may have (its closing position, the first again, not counted). */
export const AIRSPACE_MAX_VERTICES = 10_000;
/** A circle's radius bounds, m (DJI's custom flight areas start at 10 m). */
export const AIRSPACE_MIN_RADIUS_M = 10;
export const AIRSPACE_MAX_RADIUS_M = 100_000;
/** Longest area name. */
export const AIRSPACE_NAME_MAX = 64;
/** Largest GeoJSON or KML text an import takes, characters. */
export const AIRSPACE_IMPORT_MAX_CHARS = 1_000_000;
/** Most areas one import creates. */
export const AIRSPACE_IMPORT_MAX_AREAS = 200;

export interface AirspaceArea {
  id: number;
  /** The area's id in the file and in the docks' reports (`area_id`): a UUID. */
  area_id: string;
  workspace_id: number;
  name: string;
  kind: AirspaceKind;
  shape: AirspaceShape;
  enabled: boolean;
  updated_at: string;
  /** Who changed it last. */
  updated_by: string;
}

/** What `add` takes. */
export interface AirspaceAreaInput {
  workspace_id?: number;
  name: string;
  kind: AirspaceKind;
  shape: AirspaceShape;
  enabled?: boolean;
}

/** What `edit` takes: the fields to change. */
export interface AirspaceAreaEdit {
  id: number;
  name?: string;
  kind?: AirspaceKind;
  shape?: AirspaceShape;
  enabled?: boolean;
}

/** What `import` takes: the text of a GeoJSON or KML file; every polygon in it becomes an area. */
export interface AirspaceImportInput {
  workspace_id?: number;
  format: 'geojson' | 'kml';
  kind: AirspaceKind;
  content: string;
}

/** `flight_areas_sync_progress` `status` (DJI Cloud API, custom flight area). */
export const FLIGHT_AREA_SYNC_STATUSES = [
  'wait_sync',
  'synchronizing',
  'synchronized',
  'fail',
  'switch_fail',
] as const;
export type FlightAreaSyncStatus = (typeof FLIGHT_AREA_SYNC_STATUSES)[number];

/**
 * `flight_areas_sync_progress` `reason` codes: 1 parsing the cloud's file information failed, 2
 * reading the aircraft's file failed, 3 download failed, 4 link switch failed, 5 transfer failed,
 * 6 disable failed, 7 deleting failed, 8 loading on the aircraft failed, 9 enable failed, 10 the
 * dock's enhanced transmission could not be turned off, 11 the aircraft did not power on, 12
 * checksum mismatch, 13 synchronisation timed out.
 */
export const FLIGHT_AREA_SYNC_REASONS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13] as const;
/** `reason` of a file whose SHA-256 is not the one the cloud announced. */
export const FLIGHT_AREA_REASON_CHECKSUM = 12;
/** `reason` of a file the dock could not download. */
export const FLIGHT_AREA_REASON_DOWNLOAD = 3;
/** `reason` of a file information the dock could not read. */
export const FLIGHT_AREA_REASON_PARSE = 1;

/** The project's current file (the one `flight_areas_get` hands out); its SHA-256 is its version. */
export interface AirspaceFileInfo {
  name: string;
  checksum: string;
  size: number;
  area_count: number;
  updated_at: string;
}

/** The distance a dock last reported between its aircraft and an area's boundary. */
export interface AirspaceDistance {
  area_id: string;
  name: string;
  kind: AirspaceKind;
  /** m to the boundary. */
  distance: number;
  inside: boolean;
  at: string;
}

/** One dock of the project and what it last said about its flight areas. */
export interface AirspaceDockSync {
  dock_sn: string;
  dock_name: string;
  online: boolean;
  /** Null: the dock never reported (nor was it sent an update). */
  status: FlightAreaSyncStatus | null;
  reason: number;
  /** The checksum of the file the dock reported; null when it named none. */
  checksum: string | null;
  /** The dock holds the project's current file (or holds none and the project has none). */
  current: boolean;
  updated_at: string | null;
  /** The nearest no-fly area in the dock's last in-flight report, if any. */
  nearest: AirspaceDistance | null;
}

export interface AirspaceSync {
  file: AirspaceFileInfo | null;
  docks: AirspaceDockSync[];
}

/** What `resync` takes: one dock, or every dock of the project. */
export interface AirspaceResyncInput {
  workspace_id?: number;
  dock_sn?: string;
}

/** Category of the alarm an aircraft near or inside a no-fly area raises (an AI-alarm row). */
export const AIRSPACE_ALARM_CATEGORY = 'airspace_nfz';
/** Category of the alarm an aircraft near the edge of an operation area, or outside it, raises. */
export const AIRSPACE_FENCE_ALARM_CATEGORY = 'airspace_fence';
/** The alarm category of an area kind. */
export const alarmCategoryOf = (kind: AirspaceKind): string =>
  kind === 'no_fly' ? AIRSPACE_ALARM_CATEGORY : AIRSPACE_FENCE_ALARM_CATEGORY;
/** The area kind of an airspace alarm's category, or null for any other category. */
export function areaKindOfCategory(category: string | null): AirspaceKind | null {
  if (category === AIRSPACE_ALARM_CATEGORY) return 'no_fly';
  return category === AIRSPACE_FENCE_ALARM_CATEGORY ? 'operation' : null;
}
/** What an airspace alarm's `ai_alarm` event carries besides the usual fields. */
export interface AirspaceAlarmData {
  area_id: string;
  area_name: string;
  area_kind: AirspaceKind;
  /** m to the boundary when the alarm was raised. */
  area_distance: number;
  is_in_area: boolean;
}

/**
 * Whether the aircraft is where its area forbids: inside a no-fly area, or outside an operation
 * area (the dock's `is_in_area` says which side of the boundary it is on).
 */
export const breaches = (kind: AirspaceKind, isInArea: boolean): boolean =>
  kind === 'no_fly' ? isInArea : !isInArea;

/**
 * Where an aircraft with an airspace alarm is, as the words about it say: near a no-fly area or
 * inside it, near an operation area's edge or outside it. The feed, the HUD and notifications each
 * have words for all four.
 */
export type AreaSituation = 'near' | 'inside' | 'nearEdge' | 'outside';
export function areaSituation(kind: AirspaceKind, breach: boolean): AreaSituation {
  if (kind === 'no_fly') return breach ? 'inside' : 'near';
  return breach ? 'outside' : 'nearEdge';
}

/** Default warning distance to a no-fly boundary, m (`AIRSPACE_WARN_M`). */
export const DEFAULT_AIRSPACE_WARN_M = 100;

/** `geofence_type` of a feature of the file: `nfz` custom GEO zone, `dfence` operation area. */
export type GeofenceType = 'nfz' | 'dfence';

/** One area in the file (DJI Cloud API custom flight area file). */
export interface FlightAreaFeature {
  id: string;
  type: 'Feature';
  geofence_type: GeofenceType;
  geometry: { type: 'Polygon'; coordinates: LngLat[][] } | { type: 'Point'; coordinates: LngLat };
  properties: { subType?: 'Circle'; radius: number; enable: boolean };
}

export interface FlightAreaFile {
  type: 'FeatureCollection';
  features: FlightAreaFeature[];
}

/** One file as `flight_areas_get` answers it. */
export interface FlightAreaFileRef {
  name: string;
  url: string;
  checksum: string;
  size: number;
}

/** One entry of `flight_areas_drone_location` `drone_locations`. */
export interface FlightAreaDroneLocation {
  area_id: string;
  area_distance: number;
  is_in_area: boolean;
}

/** The body of a dock's `flight_areas_drone_location` event: its aircraft against each area, m. */
export interface FlightAreasDroneLocationData {
  drone_locations: FlightAreaDroneLocation[];
}

/** Most areas one report is read for: a project has tens, not thousands. */
const MAX_LOCATIONS = 500;

/**
 * The distances in a `flight_areas_drone_location` body (entries that are not one are skipped).
 * Shared by the server (proximity alarms) and the console (the cockpit's live distance), so both
 * read a dock's report alike.
 */
export function readDroneLocations(
  data: Readonly<Record<string, unknown>>,
): FlightAreaDroneLocation[] {
  const list = Array.isArray(data.drone_locations) ? (data.drone_locations as unknown[]) : [];
  return list.slice(0, MAX_LOCATIONS).flatMap((item) => {
    if (typeof item !== 'object' || item === null) return [];
    const entry = item as Record<string, unknown>;
    const id = entry.area_id;
    const distance = entry.area_distance;
    if (typeof id !== 'string' || id.length > 64) return [];
    if (typeof distance !== 'number' || !Number.isFinite(distance)) return [];
    return [
      { area_id: id, area_distance: Math.max(0, distance), is_in_area: entry.is_in_area === true },
    ];
  });
}

/** The file's `geofence_type` of an area kind. */
export const geofenceTypeOf = (kind: AirspaceKind): GeofenceType =>
  kind === 'no_fly' ? 'nfz' : 'dfence';

/**
 * What `check` answers for a stored route: its planning-check findings as the route save answers
 * them (the `airspace_*` wayline warnings), the first `AIRSPACE_MAX_FINDINGS` of `count`.
 */
export interface AirspaceRouteCheck {
  count: number;
  warnings: WaylineWarning[];
}

/** Most findings a check or a route save answers with, so a route circling an area stays readable. */
export const AIRSPACE_MAX_FINDINGS = 50;
