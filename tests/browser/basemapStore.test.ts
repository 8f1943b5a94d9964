import { beforeEach, describe, expect, it } from 'vitest';
import { EMPTY_MAP_CONFIG } from '../../protocol/map.ts';
import { basemapState, chooseBasemap, setMapConfig } from '../../src/map/basemapStore.ts';
import { toDisplay } from '../../src/map/displayCoords.ts';

const WITH_AMAP = { ...EMPTY_MAP_CONFIG, amapTileUrl: 'https://amap.example/{z}/{x}/{y}' };

describe('the chosen basemap', () => {
  beforeEach(() => {
    localStorage.clear();
    setMapConfig(EMPTY_MAP_CONFIG);
  });

  it('is remembered in local storage and shown once the server offers it', () => {
    chooseBasemap('amap');
    expect(localStorage.getItem('basemap')).toBe('amap');
    // This server has no AMap setting: the offline map stands in, the choice is kept for later.
    expect(basemapState().active).toBe('offline');
    setMapConfig(WITH_AMAP);
    expect(basemapState().active).toBe('amap');
  });

  it('shifts positions to GCJ-02 only while an AMap basemap is shown', () => {
    setMapConfig(WITH_AMAP);
    expect(toDisplay(113.95, 22.54)).toEqual([113.95, 22.54]);
    chooseBasemap('amap');
    const [lng, lat] = toDisplay(113.95, 22.54);
    expect(lng).not.toBe(113.95);
    expect(lat).not.toBe(22.54);
    chooseBasemap('offline');
    expect(toDisplay(113.95, 22.54)).toEqual([113.95, 22.54]);
  });
});
