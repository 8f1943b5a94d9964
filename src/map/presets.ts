/**
 * The basemap presets: which setting each needs, which datum its tiles use, and which are available
 * under a given server configuration. Pure, so the rules can be tested without a map.
 */
import { BASEMAP_IDS } from '../../protocol/map.ts';
import type { BasemapId, MapConfig } from '../../protocol/map.ts';

/** The geodetic datum a basemap's tiles are drawn in; positions are converted to it. */
export type Datum = 'wgs84' | 'gcj02';

interface Preset {
  /**
   * The environment variable that turns the preset on; `null` for the always-available offline map.
   */
  setting: string | null;
  datum: Datum;
  isConfigured: (config: MapConfig) => boolean;
}

const PRESETS: Record<BasemapId, Preset> = {
  offline: { setting: null, datum: 'wgs84', isConfigured: () => true },
  osm: { setting: 'MAP_TILE_URL', datum: 'wgs84', isConfigured: (c) => c.tileUrl !== null },
  vector: { setting: 'MAP_STYLE_URL', datum: 'wgs84', isConfigured: (c) => c.styleUrl !== null },
  // Tianditu serves CGCS2000, which agrees with WGS-84 to centimetres: no shift is needed.
  tianditu: {
    setting: 'TIANDITU_KEY',
    datum: 'wgs84',
    isConfigured: (c) => c.tiandituKey !== null,
  },
  tiandituSatellite: {
    setting: 'TIANDITU_KEY',
    datum: 'wgs84',
    isConfigured: (c) => c.tiandituKey !== null,
  },
  amap: { setting: 'AMAP_TILE_URL', datum: 'gcj02', isConfigured: (c) => c.amapTileUrl !== null },
  amapSatellite: {
    setting: 'AMAP_SATELLITE_URL',
    datum: 'gcj02',
    isConfigured: (c) => c.amapSatelliteUrl !== null,
  },
};

/** One row of the switcher: a preset, whether it can be chosen, and what to set when it cannot. */
export interface PresetState {
  id: BasemapId;
  available: boolean;
  setting: string | null;
}

/** Every preset with its availability under `config`, in the switcher's order. */
export function presetStates(config: MapConfig): PresetState[] {
  return BASEMAP_IDS.map((id) => ({
    id,
    available: PRESETS[id].isConfigured(config),
    setting: PRESETS[id].setting,
  }));
}

/** The datum of a preset's tiles. */
export function datumOf(id: BasemapId): Datum {
  return PRESETS[id].datum;
}

/**
 * The basemap to show: the user's stored choice while it is available, else the configured default,
 * else the vector style when `MAP_STYLE_URL` is set (as before presets existed), else offline.
 */
export function effectiveBasemap(config: MapConfig, stored: BasemapId | null): BasemapId {
  const usable = (id: BasemapId | null): id is BasemapId =>
    id !== null && PRESETS[id].isConfigured(config);
  if (usable(stored)) return stored;
  if (usable(config.defaultBasemap)) return config.defaultBasemap;
  return config.styleUrl !== null ? 'vector' : 'offline';
}
