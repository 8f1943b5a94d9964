/**
 * The basemap contract: which presets exist, the settings the server reads from its environment and
 * hands to the console at run time (`GET /api/map/config`), and the bundled offline layers.
 * Imported by `src/` and `server/`; imports nothing of theirs.
 */

/** Every basemap preset, in the order the switcher lists them. */
export const BASEMAP_IDS = [
  'offline',
  'osm',
  'vector',
  'tianditu',
  'tiandituSatellite',
  'amap',
  'amapSatellite',
] as const;

export type BasemapId = (typeof BASEMAP_IDS)[number];

/** Narrows a stored or configured string to a preset id. */
export function isBasemapId(value: unknown): value is BasemapId {
  return typeof value === 'string' && (BASEMAP_IDS as readonly string[]).includes(value);
}

/**
 * The server's basemap settings; `null` means "not configured", which disables the presets needing
 * it.
 */
export interface MapConfig {
  /** `MAP_STYLE_URL`: a MapLibre style (vector tiles, glyphs). */
  styleUrl: string | null;
  /** `MAP_TILE_URL`: an OpenStreetMap-style raster tile template with `{z}`, `{x}`, `{y}`. */
  tileUrl: string | null;
  /** `MAP_TILE_ATTRIBUTION`: the credit line the raster tiles' licence asks for. */
  tileAttribution: string | null;
  /** `TIANDITU_KEY`: a Tianditu (天地图) browser key. */
  tiandituKey: string | null;
  /** `AMAP_TILE_URL`: an AMap/Gaode road-map tile template (GCJ-02). */
  amapTileUrl: string | null;
  /** `AMAP_SATELLITE_URL`: an AMap/Gaode imagery tile template (GCJ-02). */
  amapSatelliteUrl: string | null;
  /** `MAP_DEFAULT_BASEMAP`: the preset shown until a user picks one. */
  defaultBasemap: BasemapId | null;
}

/** The configuration-free settings: only the offline basemap is available. */
export const EMPTY_MAP_CONFIG: MapConfig = {
  styleUrl: null,
  tileUrl: null,
  tileAttribution: null,
  tiandituKey: null,
  amapTileUrl: null,
  amapSatelliteUrl: null,
  defaultBasemap: null,
};

/** The offline basemap's layers, each served as GeoJSON under `MAP_API.offline/<layer>`. */
export const OFFLINE_LAYERS = ['land', 'borders', 'places'] as const;
export type OfflineLayer = (typeof OFFLINE_LAYERS)[number];

/** The map routes. */
export const MAP_API = {
  config: '/api/map/config',
  offline: '/api/map/offline',
} as const;

/** True when a tile template names the three tile coordinates MapLibre fills in. */
export function isTileTemplate(template: string): boolean {
  return /^https?:\/\//.test(template) && ['{z}', '{x}', '{y}'].every((p) => template.includes(p));
}
