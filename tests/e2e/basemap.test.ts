/**
 * The workbench basemap as a control room meets it: the offline map draws real land with no tile
 * server, presets without settings are disabled, and the chosen basemap survives a reload.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useWorkbench } from './support/workbench.ts';

/** Loading ~3 MB of offline data and drawing it takes a few seconds on a busy machine. */
const WAIT = { timeout: 45_000, interval: 500 };
/**
 * A raster preset pointed at a closed local port: the preset is configured, its tiles just fail.
 */
const TILE_URL = 'http://127.0.0.1:9/{z}/{x}/{y}.png';

/**
 * Share of sampled map pixels whose colour differs from the top-left one (the sea at the start).
 */
function drawnShare(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const canvas = document.querySelector<HTMLCanvasElement>('canvas.maplibregl-canvas');
    if (!canvas) return 0;
    const image = new Image();
    image.src = canvas.toDataURL();
    await image.decode();
    const copy = document.createElement('canvas');
    copy.width = image.width;
    copy.height = image.height;
    const ctx = copy.getContext('2d');
    if (!ctx) return 0;
    ctx.drawImage(image, 0, 0);
    const { data } = ctx.getImageData(0, 0, copy.width, copy.height);
    const sea = [data[0] ?? 0, data[1] ?? 0, data[2] ?? 0];
    let differ = 0;
    let total = 0;
    for (let i = 0; i < data.length; i += 4 * 97) {
      total += 1;
      const d = [0, 1, 2].reduce((sum, c) => sum + Math.abs((data[i + c] ?? 0) - (sea[c] ?? 0)), 0);
      if (d > 12) differ += 1;
    }
    return differ / total;
  });
}

describe('workbench basemap', () => {
  // One preset configured, the others left unset.
  const world = useWorkbench({ drones: 2, osdHz: 1, env: { MAP_TILE_URL: TILE_URL } });

  it('draws the offline map, offers configured presets and keeps the choice across a reload', async () => {
    const switcher = world.page.getByTestId('basemap-switcher');
    await expect.poll(() => switcher.innerText(), WAIT).toBe('离线底图');
    // Land, coastline, grid and labels: a good part of the canvas is not sea.
    await expect.poll(() => drawnShare(world.page), WAIT).toBeGreaterThan(0.1);

    await switcher.click();
    await expect
      .poll(() => world.page.getByTestId('basemap-amap').getAttribute('class'))
      .toContain('disabled');
    await expect(world.page.getByTestId('basemap-amap').innerText()).resolves.toContain(
      'AMAP_TILE_URL',
    );
    await expect(
      world.page.getByTestId('basemap-osm').getAttribute('class'),
    ).resolves.not.toContain('disabled');
    await world.page.getByTestId('basemap-osm').click();
    await expect.poll(() => switcher.innerText()).toBe('OpenStreetMap 栅格');

    await world.page.reload();
    await expect
      .poll(() => world.page.getByTestId('basemap-switcher').innerText(), WAIT)
      .toBe('OpenStreetMap 栅格');
    expect(await world.page.evaluate(() => localStorage.getItem('basemap'))).toBe('osm');

    await world.page.getByTestId('basemap-switcher').click();
    await world.page.getByTestId('basemap-offline').click();
    await expect.poll(() => drawnShare(world.page), WAIT).toBeGreaterThan(0.1);
  });
});
