/**
 * The offline basemap's layers as the server sends them: gzipped GeoJSON prepared by
 * `npm run basemap:data` (see `offlineData.ts`), read once and kept in memory (~3 MB).
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { OfflineLayer } from '../../protocol/map.ts';

/** Where the prepared layers live, one `<layer>.json.gz` each. */
export const OFFLINE_DATA_DIR = fileURLToPath(new URL('./basemapData/', import.meta.url));

const cache = new Map<OfflineLayer, Promise<Buffer>>();

/** One layer, gzipped GeoJSON. */
export function offlineLayerGzip(layer: OfflineLayer): Promise<Buffer> {
  let file = cache.get(layer);
  if (file === undefined) {
    file = readFile(`${OFFLINE_DATA_DIR}${layer}.json.gz`);
    // A failed read is not kept: the next request tries again.
    file.catch(() => cache.delete(layer));
    cache.set(layer, file);
  }
  return file;
}
