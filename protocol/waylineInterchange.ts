/**
 * Routes to and from other tools' formats: plain KML/KMZ areas and lines (Google Earth, FlightHub 2
 * exports) and GeoJSON lines and polygons come in as routes; any stored route goes out as KML for
 * Google Earth. DJI's own WPML KMZs keep their upload (`WAYLINE_API.upload`).
 */
import type { TemplateType, Wayline } from './waylines.ts';

export const WAYLINE_INTERCHANGE_API = {
  /** `POST` the file (raw bytes): what an import with the same query would create; stores nothing. */
  preview: '/api/wayline/interchange/preview',
  /** `POST` the file (raw bytes): creates its routes in a project. */
  import: '/api/wayline/interchange/import',
  /** `GET ?id=`: a stored route as KML (`application/vnd.google-earth.kml+xml`), as an attachment. */
  exportKml: '/api/wayline/export/kml',
} as const;

/** Content type of the KML export (KML 2.2's registered type). */
export const KML_CONTENT_TYPE = 'application/vnd.google-earth.kml+xml';

/**
 * Largest file an interchange import may send, bytes. A 65 535-vertex GeoJSON line is some 3 MB and
 * an area a few KB; the cap keeps a hostile file's parse small whatever it holds.
 */
export const INTERCHANGE_MAX_BYTES = 16 * 1024 * 1024;

/** Flight height of an imported route where the file gives none, m (the editor's default too). */
export const INTERCHANGE_DEFAULT_HEIGHT = 100;

/** Flight heights the user may choose for an import, m (the WPML writer's range, above ground). */
export const INTERCHANGE_HEIGHT_RANGE = { min: 2, max: 1500 } as const;

/** What a file was read as: found by its content, not its name. */
export type InterchangeFormat = 'kml' | 'kmz' | 'geojson';

/**
 * How heights a file gives are read: as the file says they are (KML's `altitudeMode`; in GeoJSON
 * above the WGS 84 ellipsoid, as RFC 7946 has it), or all as metres above the take-off point, which
 * is what many planning tools mean by the third coordinate.
 */
export const ALTITUDE_READINGS = ['file', 'relative'] as const;
export type AltitudeReading = (typeof ALTITUDE_READINGS)[number];

/**
 * What to know about a route an import creates: holes of an area its flight lines leave out (the
 * route editor keeps a mapping area's outer edge only, so editing the route there drops them), point placemarks left out (a route is read from its lines), heights a KML gave above sea
 * level and that are flown as heights above the ellipsoid (they differ by the geoid, tens of
 * metres), or above the ground and that are flown above the take-off point.
 */
export type InterchangeNote =
  | { code: 'holes'; count: number }
  | { code: 'points_ignored'; count: number }
  | { code: 'sea_level' }
  | { code: 'ground' };

/** One route an import would create, or did. */
export interface InterchangeCandidate {
  name: string;
  template_type: TemplateType;
  waypoint_count: number;
  length_m: number;
  /** The execution file's height mode (`relativeToStartPoint`, `WGS84`, `realTimeFollowSurface`). */
  height_mode: string;
  /** Whether waypoint heights came from the file or are the chosen flight height. */
  heights: 'file' | 'default';
  /** Waypoints for a thumbnail (at most 200). */
  outline: [number, number][];
  /** The mapping area's corners, for a mapping route. */
  area?: [number, number][];
  notes: InterchangeNote[];
}

/** `POST …/preview`: what the file holds, as the routes an import would create. */
export interface InterchangePreview {
  format: InterchangeFormat;
  routes: InterchangeCandidate[];
}

/** `POST …/import`: the routes created, in the file's order. */
export interface InterchangeImported {
  format: InterchangeFormat;
  waylines: Wayline[];
}

/** Query of preview and import: the file's name names the routes; the rest shapes them. */
export interface InterchangeQuery {
  workspace_id: number;
  /** The file's name; its extension is dropped. */
  name: string;
  /** `0-type-sub_type` of the aircraft (a key of `ROUTE_AIRCRAFT`, protocol/mqtt/models.ts). */
  drone: string;
  /** Flight height where the file gives none, and of mapping routes, m. */
  height?: number;
  altitude?: AltitudeReading;
}
