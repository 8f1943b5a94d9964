import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { readKmzRoute } from '../../server/waylines/readRoute.ts';
import { useE2E } from './support/setup.ts';
import { saveShot } from './support/shots.ts';

/** What a person does in the wayline map editor. */
class Editor {
  constructor(readonly page: Page) {}

  /** The element of the editor on screen (the tabs keep other editors' pages, hidden). */
  shown(testId: string) {
    return this.page.locator(`[data-testid="${testId}"]:visible`);
  }

  async ready(): Promise<void> {
    await this.page.locator('[data-testid="editor-map"]:visible [data-ready="true"]').waitFor();
    // The basemap swaps in under the route once its style is fetched.
    await this.page.locator('.maplibregl-canvas').waitFor();
  }

  /** Clicks the map at a fraction of its width and height. */
  async clickMap(x: number, y: number): Promise<void> {
    const box = await this.shown('editor-map').boundingBox();
    if (!box) throw new Error('no map');
    await this.page.mouse.click(box.x + box.width * x, box.y + box.height * y);
  }

  async count(): Promise<string> {
    return (await this.shown('editor-count').textContent()) ?? '';
  }

  height() {
    return this.page.getByTestId('editor-point-height');
  }
}

describe('the wayline map editor', () => {
  const e2e = useE2E({ SIM_DRONES: '0' });

  it('draws a route by clicking the map, edits a height with undo/redo, saves it and exports a KMZ', async () => {
    const { page } = e2e;
    const ui = new Editor(page);
    await e2e.console.signIn('operator');
    await e2e.console.open('/wayline');
    await page.getByTestId('wayline-new').click();
    await page.getByTestId('wayline-editor').waitFor();
    await ui.ready();

    await ui.clickMap(0.3, 0.6);
    await ui.clickMap(0.5, 0.3);
    await ui.clickMap(0.7, 0.6);
    await expect.poll(() => ui.count()).toBe('3');
    expect(await page.getByTestId('editor-length').textContent()).toMatch(/^\d+(\.\d+)? (m|km)$/);

    // Clicking a waypoint selects it; its panel edits the height, one undo step per change.
    await ui.clickMap(0.3, 0.6);
    await ui.height().waitFor();
    await ui.height().fill('55');
    await ui.height().press('Enter');
    await expect.poll(() => ui.height().inputValue()).toBe('55');
    await page.getByTestId('editor-undo').click();
    await expect.poll(() => ui.height().inputValue()).toBe('100');
    await page.keyboard.press('Control+Shift+Z');
    await expect.poll(() => ui.height().inputValue()).toBe('55');
    expect(await ui.count()).toBe('3');

    await page.getByTestId('editor-name').fill('东门巡检 编辑');
    await saveShot(page, 'route-editor', 'editor-zh-desktop');
    await page.getByTestId('editor-save').click();
    await page.locator('.bp6-toast', { hasText: '已保存：东门巡检 编辑' }).waitFor();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('editor-export').click(),
    ]);
    expect(download.suggestedFilename()).toBe('东门巡检 编辑.kmz');
    const { route, facts } = readKmzRoute(new Uint8Array(await readFile(await download.path())));
    expect(facts.waypoint_count).toBe(3);
    expect(route.paths[0]?.points.map((p) => p.height)).toEqual([55, 100, 100]);

    await e2e.console.open('/wayline');
    const row = page.locator('.sd-table tbody tr').filter({ hasText: '东门巡检 编辑' });
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.locator('td').allTextContents()).toContain('3');

    // Edit opens the saved route again.
    await row.getByRole('button', { name: '在地图上编辑' }).click();
    await ui.ready();
    await expect.poll(() => ui.count()).toBe('3');
    await expect.poll(() => ui.shown('editor-name').inputValue()).toBe('东门巡检 编辑');
    await saveShot(page, 'route-editor', 'reopened-zh-desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    await saveShot(page, 'route-editor', 'reopened-zh-phone', { fullPage: true });
  });

  it('generates a mapping route from a drawn polygon, in English and on a phone', async () => {
    const { page } = e2e;
    const ui = new Editor(page);
    await e2e.console.signIn('operator');
    await e2e.console.switchLanguage('English');
    await e2e.console.open('/waylineEditor/new');
    await ui.ready();
    await page.getByTestId('editor-mode-mapping').click();
    await ui.clickMap(0.3, 0.3);
    await ui.clickMap(0.7, 0.3);
    await ui.clickMap(0.7, 0.7);
    await ui.clickMap(0.3, 0.7);
    await ui.clickMap(0.3, 0.3);
    await page.getByText('Area: 4 corners').waitFor();
    await page.getByTestId('mapping-height').fill('60');
    await page.getByTestId('mapping-height').press('Enter');
    await page.getByTestId('mapping-generate').click();
    await expect.poll(async () => Number(await ui.count())).toBeGreaterThan(3);
    await saveShot(page, 'route-editor', 'mapping-en-desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    await saveShot(page, 'route-editor', 'mapping-en-phone', { fullPage: true });
  });
});
