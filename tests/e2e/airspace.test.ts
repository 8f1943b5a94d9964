/**
 * Airspace end to end, on the server's own one-dock simulated fleet: the operator draws a no-fly
 * polygon on the airspace page and names it; the server builds the project's file and tells the
 * dock, the simulated dock fetches and checks it, and the page shows the dock synchronised; the
 * workbench map draws the area too. Screenshots of the page in both languages on a desktop and a
 * phone (with `SKYDECK_SHOTS=1`).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { saveShot } from './support/shots.ts';
import { useE2E } from './support/setup.ts';

const WAIT = { timeout: 60_000, interval: 500 };
const AREA = 'E2E 禁飞区';

/** Clicks the airspace map at a fraction of its width and height. */
async function clickMap(page: Page, x: number, y: number): Promise<void> {
  const box = await page.getByTestId('airspace-map').boundingBox();
  if (!box) throw new Error('no map');
  await page.mouse.click(box.x + box.width * x, box.y + box.height * y);
}

/** Before a screenshot: no toast over the page, and the map has drawn what it was moved to. */
async function shotsSettled(page: Page): Promise<void> {
  await page.locator('.bp6-toast').first().waitFor({ state: 'detached', timeout: 15_000 });
  await page.waitForTimeout(500);
}

/** The words shown for the simulated dock's sync state, and whether it holds the current file. */
async function dockState(page: Page): Promise<string> {
  const dock = page.getByTestId('airspace-dock').first();
  if ((await dock.count()) === 0) return 'no dock';
  const current = await dock.getAttribute('data-current');
  const status = await dock.getAttribute('data-status');
  return `${status ?? ''}/${current ?? ''}`;
}

describe('airspace areas reaching a simulated dock', () => {
  const e2e = useE2E({ SIM_DRONES: '1', SIM_PATROLS: '0' });

  it('draws a no-fly area, sees the dock synchronise it, and shows it on the workbench', async () => {
    const { page } = e2e;
    // The page loads its chunk and the offline basemap: slow when the machine is busy.
    page.setDefaultTimeout(60_000);
    await e2e.console.signIn('operator');
    await e2e.console.open('/airspace');
    await page.getByTestId('airspace-page').waitFor();
    await expect.poll(() => dockState(page), WAIT).not.toBe('no dock');

    await page.getByTestId('airspace-draw-polygon').click();
    await page.locator('.maplibregl-map[data-draw-tool="polygon"]').waitFor();
    // Beside the dock, which the map opened over (a dock must stand outside its no-fly areas).
    await clickMap(page, 0.6, 0.25);
    await clickMap(page, 0.85, 0.25);
    await clickMap(page, 0.85, 0.5);
    await clickMap(page, 0.6, 0.5);
    await clickMap(page, 0.6, 0.25);
    await page.getByTestId('airspace-name').fill(AREA);
    await page.getByTestId('airspace-kind-no_fly').check();
    await page.locator('.sd-airspace-dialog button[type="submit"]').click();
    await page.locator('.sd-airspace-dialog').waitFor({ state: 'detached' });

    const item = page.locator(`[data-testid="airspace-area"][data-name="${AREA}"]`);
    await item.waitFor();
    expect(await item.textContent()).toContain('4 个顶点');
    await expect
      .poll(() => page.locator('.maplibregl-map').first().getAttribute('data-airspace-areas'))
      .toBe(`${AREA}:no_fly`);
    // The server told the dock, the dock fetched and checked the file and said so.
    await expect.poll(() => dockState(page), WAIT).toBe('synchronized/true');
    expect(await page.getByTestId('airspace-dock-status').first().textContent()).toContain(
      '已同步',
    );
    expect(await page.getByTestId('airspace-file').textContent()).toMatch(
      /geofence_[0-9a-f]{16}\.json/,
    );
    await shotsSettled(page);
    await saveShot(page, 'airspace', 'page-zh-desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    await saveShot(page, 'airspace', 'page-zh-phone', { fullPage: true });
    await page.setViewportSize({ width: 1440, height: 900 });
    await e2e.console.switchLanguage('English');
    await expect
      .poll(() => page.getByTestId('airspace-dock-status').first().textContent())
      .toContain('Synchronised');
    expect(await item.textContent()).toContain('4 corners');
    await shotsSettled(page);
    await saveShot(page, 'airspace', 'page-en-desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    await saveShot(page, 'airspace', 'page-en-phone', { fullPage: true });
    await page.setViewportSize({ width: 1440, height: 900 });

    // Switched off: the dock is told again and ends up holding no areas, still synchronised.
    await item.getByTestId('airspace-enabled').click({ force: true });
    await expect.poll(() => item.getAttribute('data-enabled')).toBe('false');
    await expect
      .poll(() => page.getByTestId('airspace-file').textContent(), WAIT)
      .toContain('No area is enabled');
    await expect.poll(() => dockState(page), WAIT).toBe('synchronized/true');
    await item.getByTestId('airspace-enabled').click({ force: true });
    await expect.poll(() => dockState(page), WAIT).toBe('synchronized/true');

    // The workbench draws the project's areas under the fleet.
    await e2e.console.open('/dashboard');
    const workbenchMap = page.locator('.maplibregl-map[data-airspace-areas]:visible');
    await expect
      .poll(() => workbenchMap.getAttribute('data-airspace-areas'), WAIT)
      .toBe(`${AREA}:no_fly`);
    await shotsSettled(page);
    await saveShot(page, 'airspace', 'workbench-en-desktop');
  });
});
