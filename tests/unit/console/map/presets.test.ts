import { describe, expect, it } from 'vitest';
import { EMPTY_MAP_CONFIG } from '../../../../protocol/map.ts';
import type { MapConfig } from '../../../../protocol/map.ts';
import { effectiveBasemap, presetStates } from '../../../../src/map/presets.ts';
import { basemapStyle } from '../../../../src/map/styles/basemapStyle.ts';
import { expandTileTemplate } from '../../../../src/map/tileUrls.ts';
import { graticuleFor } from '../../../../src/map/graticule.ts';

const FULL: MapConfig = {
  styleUrl: 'https://maps.example/style.json',
  tileUrl: 'https://{a-c}.tiles.example/{z}/{x}/{y}.png',
  tileAttribution: null,
  tiandituKey: 'tianditu-key-1',
  amapTileUrl: 'https://webrd0{1-4}.amap.example/t?x={x}&y={y}&z={z}',
  amapSatelliteUrl: 'https://webst0{1-4}.amap.example/t?x={x}&y={y}&z={z}',
  defaultBasemap: null,
};
const CTX = { origin: 'http://console.local', theme: 'dark', language: 'zh-CN' } as const;

function available(config: MapConfig): string[] {
  return presetStates(config)
    .filter((p) => p.available)
    .map((p) => p.id);
}

describe('basemap presets', () => {
  it('offers only the offline map when nothing is configured, naming the setting of each other one', () => {
    expect(available(EMPTY_MAP_CONFIG)).toEqual(['offline']);
    const settings = Object.fromEntries(
      presetStates(EMPTY_MAP_CONFIG).map((p) => [p.id, p.setting]),
    );
    expect(settings).toEqual({
      offline: null,
      osm: 'MAP_TILE_URL',
      vector: 'MAP_STYLE_URL',
      tianditu: 'TIANDITU_KEY',
      tiandituSatellite: 'TIANDITU_KEY',
      amap: 'AMAP_TILE_URL',
      amapSatellite: 'AMAP_SATELLITE_URL',
    });
  });

  it('turns each preset on with its own setting', () => {
    expect(available({ ...EMPTY_MAP_CONFIG, tiandituKey: 'k' })).toEqual([
      'offline',
      'tianditu',
      'tiandituSatellite',
    ]);
    expect(available({ ...EMPTY_MAP_CONFIG, amapTileUrl: FULL.amapTileUrl })).toEqual([
      'offline',
      'amap',
    ]);
    expect(available(FULL)).toHaveLength(7);
  });

  it('shows the stored choice while available, else the default, else the vector style or offline', () => {
    expect(effectiveBasemap(FULL, 'amap')).toBe('amap');
    expect(effectiveBasemap(EMPTY_MAP_CONFIG, 'amap')).toBe('offline');
    expect(effectiveBasemap({ ...FULL, defaultBasemap: 'tianditu' }, null)).toBe('tianditu');
    // MAP_STYLE_URL alone keeps doing what it did before presets: it is the map.
    expect(effectiveBasemap({ ...EMPTY_MAP_CONFIG, styleUrl: FULL.styleUrl }, null)).toBe('vector');
    expect(effectiveBasemap(EMPTY_MAP_CONFIG, null)).toBe('offline');
  });

  it('builds provider tile URLs from the configured template or key', () => {
    const amap = basemapStyle('amap', FULL, CTX);
    expect(amap).toMatchObject({ sources: { 'amap-0': { type: 'raster' } } });
    const tiles = typeof amap === 'object' && amap !== null ? amap.sources['amap-0'] : undefined;
    expect(tiles && 'tiles' in tiles ? tiles.tiles : []).toEqual(
      [1, 2, 3, 4].map((n) => `https://webrd0${n}.amap.example/t?x={x}&y={y}&z={z}`),
    );
    const tianditu = JSON.stringify(basemapStyle('tianditu', FULL, CTX));
    expect(tianditu).toContain('tk=tianditu-key-1');
    expect(tianditu).toContain('LAYER=cva');
    expect(JSON.stringify(basemapStyle('tianditu', FULL, { ...CTX, language: 'en' }))).toContain(
      'LAYER=eva',
    );
    expect(basemapStyle('vector', FULL, CTX)).toBe(FULL.styleUrl);
    expect(basemapStyle('amap', EMPTY_MAP_CONFIG, CTX)).toBeNull();
  });

  it('expands host ranges of tile templates', () => {
    expect(expandTileTemplate('https://{a-c}.t/{z}/{x}/{y}')).toEqual([
      'https://a.t/{z}/{x}/{y}',
      'https://b.t/{z}/{x}/{y}',
      'https://c.t/{z}/{x}/{y}',
    ]);
    expect(expandTileTemplate('https://t/{z}/{x}/{y}')).toEqual(['https://t/{z}/{x}/{y}']);
  });
});

describe('the offline graticule', () => {
  it('keeps a handful of labelled lines on screen at city and street zoom', () => {
    const city = graticuleFor({ west: 113.85, south: 22.45, east: 114.05, north: 22.63 });
    expect(city.features.length).toBeGreaterThanOrEqual(4);
    expect(city.features.length).toBeLessThanOrEqual(18);
    expect(city.features.map((f) => f.properties?.label as unknown)).toContain('113.95°E');
    const street = graticuleFor({ west: 113.945, south: 22.535, east: 113.955, north: 22.545 });
    expect(street.features.map((f) => f.properties?.label as unknown)).toContain('22.540°N');
  });
});
