import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import { z } from 'zod';
import { MAP_API, OFFLINE_LAYERS } from '../../protocol/map.ts';
import type { MapConfig } from '../../protocol/map.ts';
import type { AppDeps, ZodApp } from '../http/context.ts';
import { ok } from '../http/envelope.ts';
import { offlineLayerGzip } from './offlineLayers.ts';

const gunzipAsync = promisify(gunzip);

/** The offline data changes only with a package upgrade; a day's cache spares the reloads. */
const OFFLINE_CACHE = 'public, max-age=86400';

const layerParams = z.object({ layer: z.enum(OFFLINE_LAYERS) });

/**
 * `GET /api/map/config` (basemap settings) and `GET /api/map/offline/:layer` (bundled map data).
 */
export function registerMapRoutes(app: ZodApp, deps: AppDeps): void {
  // Any signed-in user sees the map; the keys it carries end up in tile URLs in the browser anyway,
  // but they are still not handed to callers who are not signed in.
  app.get(MAP_API.config, { config: { access: 'signed-in' } }, (request) =>
    Promise.resolve(ok<MapConfig>(request, deps.config.basemaps)),
  );

  // Public: MapLibre's worker fetches these without the console's token, and the data is public.
  app.get(
    `${MAP_API.offline}/:layer`,
    { config: { access: 'public' }, schema: { params: layerParams } },
    async (request, reply) => {
      const gzip = await offlineLayerGzip(request.params.layer);
      void reply.header('cache-control', OFFLINE_CACHE).header('vary', 'accept-encoding');
      void reply.type('application/json');
      // Every browser accepts gzip; plain text is for the odd script that does not ask for it.
      if (/\bgzip\b/.test(request.headers['accept-encoding'] ?? ''))
        return reply.header('content-encoding', 'gzip').send(gzip);
      return reply.send(await gunzipAsync(gzip));
    },
  );
}
