import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { readKmzRoute } from '../../server/waylines/readRoute.ts';
import { fixtureKmz } from '../fixtures/wpml/kmz.ts';
import { takePhotoTwoWaylinesKmz } from '../fixtures/wpml/takePhotoTwoWaylines.ts';
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

  /** Imports KMZ files on /wayline through the import dialog, each to its outcome. */
  async importFiles(files: { name: string; bytes: Uint8Array }[], outcome: RegExp): Promise<void> {
    await this.page.getByTestId('wayline-import').click();
    await this.page.getByTestId('wayline-file-input').setInputFiles(
      files.map((f) => ({
        name: f.name,
        buffer: Buffer.from(f.bytes),
        mimeType: 'application/vnd.google-earth.kmz',
      })),
    );
    for (const f of files) {
      const item = this.page
        .locator('.sd-import-item[data-state="done"]')
        .filter({ hasText: f.name });
      await item.waitFor();
      expect(await item.locator('.sd-import-item__status').textContent()).toMatch(outcome);
    }
    await this.page.locator('.bp6-dialog-footer button').last().click();
  }

  /** Opens a wayline of the library in the editor, from its row on /wayline. */
  async openFromList(name: string, edit: string): Promise<void> {
    const row = this.page.locator('.sd-table tbody tr').filter({ hasText: name });
    await expect.poll(() => row.count()).toBe(1);
    await row.getByRole('button', { name: edit }).click();
    await this.ready();
  }

  /** Picks a wayline (from 1) and steps to one of its waypoints (from 1) in the point panel. */
  async pickPoint(wayline: number, point: number): Promise<void> {
    await this.shown('editor-wayline-pick').selectOption(String(wayline - 1));
    await this.shown('editor-tab-point').click();
    for (let i = 0; i < point; i++) await this.shown('editor-point-next').click();
    await expect
      .poll(() => this.shown('editor-point-position').textContent())
      .toMatch(new RegExp(`^\\D*${String(point)}\\D`));
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

  it('opens an imported two-wayline file, changes a waypoint of the second, saves and exports it, and the exported file imports with the change', async () => {
    const { page } = e2e;
    const ui = new Editor(page);
    await e2e.console.signIn('operator');
    await e2e.console.open('/wayline');
    await ui.importFiles([{ name: '双航线.kmz', bytes: takePhotoTwoWaylinesKmz() }], /8 个航点/);
    await ui.openFromList('双航线', '在地图上编辑');
    await expect.poll(() => ui.count()).toBe('8');
    const options = ui.shown('editor-wayline-pick').locator('option');
    expect(await options.allTextContents()).toEqual(['航线 1（4 个航点）', '航线 2（4 个航点）']);

    // The second wayline's first waypoint: higher, and moved east.
    await ui.pickPoint(2, 1);
    const lng = Number(await ui.shown('editor-point-lng').inputValue());
    await ui.shown('editor-point-lng').fill(String(Math.round((lng + 0.0005) * 1e6) / 1e6));
    await ui.shown('editor-point-lng').press('Enter');
    await ui.height().fill('66');
    await ui.height().press('Enter');
    await expect.poll(() => ui.height().inputValue()).toBe('66');
    await saveShot(page, 'route-editor', 'two-waylines-zh-desktop');
    await ui.shown('editor-save').click();
    await page.locator('.bp6-toast', { hasText: '已保存：双航线' }).waitFor();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      ui.shown('editor-export').click(),
    ]);
    const exported = new Uint8Array(await readFile(await download.path()));
    const { route } = readKmzRoute(exported);
    expect(route.paths.map((p) => [p.waylineId, p.points.length])).toEqual([
      [0, 4],
      [1, 4],
    ]);
    const changed = route.paths[1]?.points[0];
    expect(changed?.height).toBe(66);
    expect(changed?.lng).toBeCloseTo(lng + 0.0005, 6);
    expect(route.paths[0]?.points[0]?.height).not.toBe(66);

    await e2e.console.open('/wayline');
    await ui.importFiles([{ name: '双航线导出.kmz', bytes: exported }], /8 个航点/);
    await ui.openFromList('双航线导出', '在地图上编辑');
    await ui.pickPoint(2, 1);
    await expect.poll(() => ui.height().inputValue()).toBe('66');
    await expect
      .poll(async () => Number(await ui.shown('editor-point-lng').inputValue()))
      .toBeCloseTo(lng + 0.0005, 6);
    await page.setViewportSize({ width: 390, height: 844 });
    await saveShot(page, 'route-editor', 'two-waylines-zh-phone', { fullPage: true });
  });

  it('reopens a mapping file with its area and settings, and names what a save would lose, in English', async () => {
    const { page } = e2e;
    const ui = new Editor(page);
    await e2e.console.signIn('operator');
    await e2e.console.switchLanguage('English');
    await e2e.console.open('/wayline');
    const poi = fixtureKmz('waypoint-actions-1.0.6', (path, text) =>
      path.endsWith('waylines.wpml')
        ? text.replace(
            'followWayline</wpml:waypointHeadingMode>',
            'towardPOI</wpml:waypointHeadingMode>',
          )
        : text,
    );
    await ui.importFiles(
      [
        { name: 'Area survey.kmz', bytes: fixtureKmz('mapping2d-1.0.6') },
        { name: 'Look at mast.kmz', bytes: poi },
      ],
      /Imported/,
    );
    await ui.openFromList('Area survey', 'Edit on the map');
    await expect.poll(() => ui.shown('mapping-area').textContent()).toBe('Area: 4 corners');
    await ui.shown('mapping-saved').waitFor();
    expect(await ui.shown('mapping-sideOverlap').inputValue()).toBe('70');
    expect(await ui.shown('mapping-height').inputValue()).toBe('80');
    await saveShot(page, 'route-editor', 'mapping-reopened-en-desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    await saveShot(page, 'route-editor', 'mapping-reopened-en-phone', { fullPage: true });
    await page.setViewportSize({ width: 1440, height: 900 });

    await e2e.console.open('/wayline');
    await ui.openFromList('Look at mast', 'Edit on the map');
    await ui.shown('editor-save').click();
    const warning = page.getByTestId('editor-save-losses');
    await warning.waitFor();
    expect(await warning.textContent()).toContain(
      'Wayline 1, waypoint 1: heading mode "Toward a point of interest" becomes "Along the route"',
    );
    await saveShot(page, 'route-editor', 'save-losses-en-desktop');
    await page.getByRole('button', { name: 'Back to editing' }).click();
    await warning.waitFor({ state: 'detached' });
  });
});

describe('the wayline map editor in a project with docks', () => {
  const e2e = useE2E({ SIM_DRONES: '2' });

  it("opens a new route, and the empty feature-point map, over the project's docks, each drawn with its name", async () => {
    const { page } = e2e;
    const ui = new Editor(page);
    await e2e.console.signIn('operator');
    await e2e.console.open('/wayline');
    await page.getByTestId('wayline-new').click();
    await ui.ready();
    expect(await page.locator('.sd-tag--active').textContent()).toContain('编辑航线');
    const map = ui.shown('editor-map').locator('[data-docks]');
    // Both simulated docks, by the names the device list gives them ("#1 DJI Dock 2"…).
    await expect
      .poll(() => map.getAttribute('data-docks'), { timeout: 30_000, interval: 250 })
      .toMatch(/^#1 \S.*\n#2 \S.*$/);
    await saveShot(page, 'route-editor', 'new-route-over-docks-zh-desktop');

    // The feature-point map, still empty, shows them too.
    await e2e.console.open('/model_ai');
    const points = page.locator('[data-testid="feature-map"]:visible');
    await expect
      .poll(() => points.getAttribute('data-docks'), { timeout: 30_000, interval: 250 })
      .toMatch(/^#1 \S.*\n#2 \S.*$/);
  });
});
