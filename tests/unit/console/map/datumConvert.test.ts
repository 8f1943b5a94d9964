import { describe, expect, it } from 'vitest';
import { converterFor, gcj02ToWgs84, wgs84ToGcj02 } from '../../../../src/map/datumConvert.ts';
import { datumOf } from '../../../../src/map/presets.ts';

/** Metres between two nearby points (equirectangular; exact enough at a few hundred metres). */
function metres([lng1, lat1]: [number, number], [lng2, lat2]: [number, number]): number {
  const r = 6_371_000;
  const rad = Math.PI / 180;
  const x = (lng2 - lng1) * rad * Math.cos(((lat1 + lat2) / 2) * rad);
  const y = (lat2 - lat1) * rad;
  return Math.hypot(x, y) * r;
}

const NANSHAN: [number, number] = [113.95, 22.54];

describe('positions on a GCJ-02 basemap', () => {
  it('shifts a Shenzhen point by the few hundred metres AMap tiles are offset', () => {
    const shifted = wgs84ToGcj02(...NANSHAN);
    const offset = metres(NANSHAN, shifted);
    expect(offset).toBeGreaterThan(400);
    expect(offset).toBeLessThan(700);
    // In Shenzhen the published offset moves points to the east.
    expect(shifted[0]).toBeGreaterThan(NANSHAN[0]);
  });

  it('converts back to within a metre', () => {
    const back = gcj02ToWgs84(...wgs84ToGcj02(...NANSHAN));
    expect(metres(NANSHAN, back)).toBeLessThan(1);
  });

  it('leaves positions outside China alone', () => {
    expect(wgs84ToGcj02(2.35, 48.85)).toEqual([2.35, 48.85]);
  });

  it('uses GCJ-02 for the AMap presets only', () => {
    expect(converterFor(datumOf('amap'))(...NANSHAN)).not.toEqual(NANSHAN);
    expect(converterFor(datumOf('amapSatellite'))(...NANSHAN)).not.toEqual(NANSHAN);
    for (const id of ['offline', 'osm', 'vector', 'tianditu', 'tiandituSatellite'] as const)
      expect(converterFor(datumOf(id))(...NANSHAN)).toEqual(NANSHAN);
  });
});
