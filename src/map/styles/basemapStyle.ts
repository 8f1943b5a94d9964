/**
 * The MapLibre style of each basemap preset, from the server's settings. Provider URLs are the
 * providers' published tile endpoints; keys and templates come from configuration only.
 */
import type { StyleSpecification } from 'maplibre-gl';
import type { BasemapId, MapConfig } from '../../../protocol/map.ts';
import { offlineStyle } from './offlineStyle.ts';
import { rasterStyle } from './rasterStyle.ts';

export interface StyleContext {
  origin: string;
  theme: 'dark' | 'light';
  language: 'zh-CN' | 'en';
}

const OSM_CREDIT = '© OpenStreetMap contributors';
const TIANDITU_CREDIT = '© 天地图 Tianditu';
const AMAP_CREDIT = '© 高德地图 AutoNavi';

/** A Tianditu WMTS layer in Web Mercator (`_w`); its data are CGCS2000, i.e. WGS-84 for a map. */
function tianditu(layer: string, key: string): string {
  return (
    `https://t{0-7}.tianditu.gov.cn/${layer}_w/wmts?SERVICE=WMTS&REQUEST=GetTile&VERSION=1.0.0` +
    `&LAYER=${layer}&STYLE=default&TILEMATRIXSET=w&FORMAT=tiles&TILEMATRIX={z}&TILEROW={y}` +
    `&TILECOL={x}&tk=${encodeURIComponent(key)}`
  );
}

/**
 * Tianditu's label overlay: Chinese (`cva`/`cia`) or English (`eva`/`eia`) to match the console.
 */
function tiandituLabels(base: 'vec' | 'img', ctx: StyleContext): string {
  const english = ctx.language === 'en';
  if (base === 'vec') return english ? 'eva' : 'cva';
  return english ? 'eia' : 'cia';
}

function tiandituStyle(base: 'vec' | 'img', key: string, ctx: StyleContext): StyleSpecification {
  return rasterStyle(`tianditu-${base}`, [
    { template: tianditu(base, key), attribution: TIANDITU_CREDIT },
    { template: tianditu(tiandituLabels(base, ctx), key), attribution: TIANDITU_CREDIT },
  ]);
}

/** The style for `id`, or `null` when the preset's setting is missing. */
export function basemapStyle(
  id: BasemapId,
  config: MapConfig,
  ctx: StyleContext,
): StyleSpecification | string | null {
  const raster = (template: string | null, attribution: string) =>
    template === null ? null : rasterStyle(id, [{ template, attribution }]);
  switch (id) {
    case 'offline':
      return offlineStyle(ctx.origin, ctx.theme);
    case 'osm':
      return raster(config.tileUrl, config.tileAttribution ?? OSM_CREDIT);
    case 'vector':
      return config.styleUrl;
    case 'tianditu':
      return config.tiandituKey === null ? null : tiandituStyle('vec', config.tiandituKey, ctx);
    case 'tiandituSatellite':
      return config.tiandituKey === null ? null : tiandituStyle('img', config.tiandituKey, ctx);
    case 'amap':
      return raster(config.amapTileUrl, AMAP_CREDIT);
    case 'amapSatellite':
      return raster(config.amapSatelliteUrl, AMAP_CREDIT);
  }
}
