/**
 * The basemap's server side: settings from the environment reach a signed-in console at run time,
 * and the offline layers are real map data any map can load.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAP_API } from '../../protocol/map.ts';
import type { MapConfig } from '../../protocol/map.ts';
import type { ConfigError } from '../../server/config.ts';
import { loadConfig } from '../../server/config.ts';
import { backends } from './helpers/backends.ts';
import { startServer } from './helpers/testServer.ts';
import type { TestServer } from './helpers/testServer.ts';

const ENV = {
  MAP_TILE_URL: 'https://{a-c}.tiles.example/{z}/{x}/{y}.png',
  TIANDITU_KEY: 'tianditu-key-1',
  AMAP_TILE_URL: 'https://webrd0{1-4}.amap.example/t?x={x}&y={y}&z={z}',
  MAP_DEFAULT_BASEMAP: 'tianditu',
};

describe('basemap settings from the environment', () => {
  it('reads each preset setting and leaves the rest unset', () => {
    expect(loadConfig(ENV).basemaps).toEqual({
      styleUrl: null,
      tileUrl: ENV.MAP_TILE_URL,
      tileAttribution: null,
      tiandituKey: ENV.TIANDITU_KEY,
      amapTileUrl: ENV.AMAP_TILE_URL,
      amapSatelliteUrl: null,
      defaultBasemap: 'tianditu',
    });
  });

  it('refuses a tile URL without tile coordinates and an unknown default, naming the variable', () => {
    expect(() => loadConfig({ MAP_TILE_URL: 'https://tiles.example/tile.png' })).toThrow(
      expect.objectContaining({ variable: 'MAP_TILE_URL' }) as ConfigError,
    );
    expect(() => loadConfig({ MAP_DEFAULT_BASEMAP: 'google' })).toThrow(/MAP_DEFAULT_BASEMAP/);
  });
});

describe('map routes', () => {
  let server: TestServer;
  beforeAll(async () => {
    const [pglite] = backends;
    if (!pglite) throw new Error('no database back end');
    server = await startServer(pglite, { config: { basemaps: loadConfig(ENV).basemaps } });
  });
  afterAll(() => server.close());

  it('hands the settings to any signed-in user, and to nobody else', async () => {
    expect((await server.call('GET', MAP_API.config)).status).toBe(401);
    const { token } = await server.signIn('viewer');
    const answer = await server.call<MapConfig>('GET', MAP_API.config, { token });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ tiandituKey: ENV.TIANDITU_KEY, styleUrl: null });
  });

  it('serves the offline layers as GeoJSON, Shenzhen included', async () => {
    const land = await fetch(`${server.url}${MAP_API.offline}/land`);
    expect(land.status).toBe(200);
    const collection = (await land.json()) as { type: string; features: unknown[] };
    expect(collection.type).toBe('FeatureCollection');
    const places = (await (await fetch(`${server.url}${MAP_API.offline}/places`)).json()) as {
      features: { properties: { name: string; rank: number } }[];
    };
    expect(places.features.find((f) => f.properties.name === 'Shenzhen')?.properties.rank).toBe(0);
    const borders = (await (await fetch(`${server.url}${MAP_API.offline}/borders`)).json()) as {
      type: string;
    };
    expect(borders.type).toBe('MultiLineString');
  });

  it('answers an unknown layer with 400 naming the field', async () => {
    const answer = await server.call('GET', `${MAP_API.offline}/roads`);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 100 });
    expect(answer.body.msg).toContain('layer');
  });
});
