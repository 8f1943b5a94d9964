/** A map source is handed data only when it changed, and a source built anew always gets its data. */
import { describe, expect, it } from 'vitest';
import type { FeatureCollection } from 'geojson';
import { setDataIfChanged } from '../../../src/pages/dashboard/map/setDataIfChanged.ts';

const dock = (lon: number, status: string): FeatureCollection => ({
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [lon, 22.5] },
      properties: { status },
    },
  ],
});

function recordingSource() {
  const given: unknown[] = [];
  return { given, setData: (data: unknown) => given.push(data) };
}

describe('setDataIfChanged', () => {
  it('gives a source its data once while nothing changes, and again on any change', () => {
    const source = recordingSource();
    expect(setDataIfChanged(source, dock(113.9, 'ground'))).toBe(true);
    expect(setDataIfChanged(source, dock(113.9, 'ground'))).toBe(false);
    expect(setDataIfChanged(source, dock(113.9, 'alarm'))).toBe(true);
    expect(setDataIfChanged(source, dock(113.91, 'alarm'))).toBe(true);
    expect(source.given).toEqual([
      dock(113.9, 'ground'),
      dock(113.9, 'alarm'),
      dock(113.91, 'alarm'),
    ]);
  });

  it('gives a new source (a style rebuilt) the same data again, and skips a missing one', () => {
    const first = recordingSource();
    const second = recordingSource();
    setDataIfChanged(first, dock(113.9, 'ground'));
    expect(setDataIfChanged(second, dock(113.9, 'ground'))).toBe(true);
    expect(second.given).toHaveLength(1);
    expect(setDataIfChanged(undefined, dock(113.9, 'ground'))).toBe(false);
  });
});
