import { readFile } from 'node:fs/promises';
import { unzipSync } from 'fflate';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { readKmzRoute } from '../../server/waylines/readRoute.ts';
import { fixtureKmz, zipFiles } from '../fixtures/wpml/kmz.ts';
import { takePhotoTwoWaylinesKmz } from '../fixtures/wpml/takePhotoTwoWaylines.ts';
import { useE2E } from './support/setup.ts';
import { saveShot } from './support/shots.ts';

/**
 * The two-wayline file with every coordinate written as DJI's tools write them, to 13 or more
 * decimals (the fixtures' own have 5–7).
 */
function fullPrecisionTwoWaylinesKmz(): Uint8Array {
  let n = 0;
  const files = Object.entries(unzipSync(takePhotoTwoWaylinesKmz())).map(
    ([path, bytes]): [string, string] => [
      path,
      new TextDecoder()
        .decode(bytes)
        .replace(/(\d+\.\d+),(\d+\.\d+)/g, (_m, lng: string, lat: string) => {
          n += 1;
          return `${lng}${String(1000 + n)}86452817,${lat}${String(2000 + n)}3312749`;
        }),
    ],
  );
  return zipFiles(Object.fromEntries(files));
}

/**
 * `expect.poll` with room for a loaded machine: its own default gives up after one second, and a
 * list or a field the page fills from the server took longer than that under load.
 */
const poll: typeof expect.poll = (actual, options = { timeout: 30_000 }) =>
  expect.poll(actual, options);

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

  /** How many waypoints the map draws for editing (terra-draw's features). */
  drawn(): Promise<string | null> {
    return this.shown('editor-map')
      .locator('[data-drawn-points]')
      .getAttribute('data-drawn-points');
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
    await poll(() => row.count()).toBe(1);
    await row.getByRole('button', { name: edit }).click();
    await this.ready();
  }

  /** Picks a wayline (from 1) and steps to one of its waypoints (from 1) in the point panel. */
  async pickPoint(wayline: number, point: number): Promise<void> {
    await this.shown('editor-wayline-pick').selectOption(String(wayline - 1));
    await this.shown('editor-tab-point').click();
    for (let i = 0; i < point; i++) await this.shown('editor-point-next').click();
    await poll(() => this.shown('editor-point-position').textContent()).toMatch(
      new RegExp(`^\\D*${String(point)}\\D`),
    );
  }
}

describe('the wayline map editor', () => {
  const e2e = useE2E({ SIM_DRONES: '0' }, { seeded: true });

  it('draws a route by clicking the map, edits a height with undo/redo, saves it and exports a KMZ', async () => {
    const { page } = e2e;
    const ui = new Editor(page);
    await e2e.console.signInTo('operator', '/wayline');
    await page.getByTestId('wayline-new').click();
    await page.getByTestId('wayline-editor').waitFor();
    await ui.ready();

    await ui.clickMap(0.3, 0.6);
    await ui.clickMap(0.5, 0.3);
    await ui.clickMap(0.7, 0.6);
    await poll(() => ui.count()).toBe('3');
    expect(await page.getByTestId('editor-length').textContent()).toMatch(/^\d+(\.\d+)? (m|km)$/);

    // Clicking a waypoint selects it; its panel edits the height, one undo step per change.
    await ui.clickMap(0.3, 0.6);
    await ui.height().waitFor();
    await ui.height().fill('55');
    await ui.height().press('Enter');
    await poll(() => ui.height().inputValue()).toBe('55');
    await page.getByTestId('editor-undo').click();
    await poll(() => ui.height().inputValue()).toBe('100');
    await page.keyboard.press('Control+Shift+Z');
    await poll(() => ui.height().inputValue()).toBe('55');
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
    await poll(() => row.count()).toBe(1);
    expect(await row.locator('td').allTextContents()).toContain('3');

    // Edit opens the saved route again.
    await row.getByRole('button', { name: '在地图上编辑' }).click();
    await ui.ready();
    await poll(() => ui.count()).toBe('3');
    await poll(() => ui.shown('editor-name').inputValue()).toBe('东门巡检 编辑');
    await saveShot(page, 'route-editor', 'reopened-zh-desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    await saveShot(page, 'route-editor', 'reopened-zh-phone', { fullPage: true });
  });

  it('generates a mapping route from a drawn polygon, in English and on a phone', async () => {
    const { page } = e2e;
    const ui = new Editor(page);
    await e2e.console.signInTo('operator', '/waylineEditor/new', 'English');
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
    await poll(async () => Number(await ui.count())).toBeGreaterThan(3);
    await saveShot(page, 'route-editor', 'mapping-en-desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    await saveShot(page, 'route-editor', 'mapping-en-phone', { fullPage: true });
  });

  it('opens an imported two-wayline file, changes a waypoint of the second, saves and exports it, and the exported file imports with the change', async () => {
    const { page } = e2e;
    const ui = new Editor(page);
    await e2e.console.signInTo('operator', '/wayline');
    await ui.importFiles([{ name: '双航线.kmz', bytes: takePhotoTwoWaylinesKmz() }], /8 个航点/);
    await ui.openFromList('双航线', '在地图上编辑');
    await poll(() => ui.count()).toBe('8');
    const options = ui.shown('editor-wayline-pick').locator('option');
    expect(await options.allTextContents()).toEqual(['航线 1（4 个航点）', '航线 2（4 个航点）']);

    // The second wayline's first waypoint: higher, and moved east.
    await ui.pickPoint(2, 1);
    const lng = Number(await ui.shown('editor-point-lng').inputValue());
    await ui.shown('editor-point-lng').fill(String(Math.round((lng + 0.0005) * 1e6) / 1e6));
    await ui.shown('editor-point-lng').press('Enter');
    await ui.height().fill('66');
    await ui.height().press('Enter');
    await poll(() => ui.height().inputValue()).toBe('66');
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
    await poll(() => ui.height().inputValue()).toBe('66');
    await poll(async () => Number(await ui.shown('editor-point-lng').inputValue())).toBeCloseTo(
      lng + 0.0005,
      6,
    );
    await page.setViewportSize({ width: 390, height: 844 });
    await saveShot(page, 'route-editor', 'two-waylines-zh-phone', { fullPage: true });
  });

  it('draws every waypoint of a file whose coordinates carry more decimals than the map keeps, in each wayline', async () => {
    const { page } = e2e;
    const ui = new Editor(page);
    await e2e.console.signInTo('operator', '/wayline');
    await ui.importFiles(
      [{ name: '精确坐标.kmz', bytes: fullPrecisionTwoWaylinesKmz() }],
      /8 个航点/,
    );
    await ui.openFromList('精确坐标', '在地图上编辑');
    await poll(() => ui.count()).toBe('8');
    // The edited wayline's points are terra-draw's; the other wayline is drawn grey beside them.
    await poll(() => ui.drawn()).toBe('4');
    await ui.pickPoint(2, 1);
    await poll(() => ui.drawn()).toBe('4');
    await saveShot(page, 'route-editor', 'full-precision-zh-desktop');
  });

  it('keeps unsaved edits: asks before the tag closes, keeps them behind another page, restores them as a draft when the editor opens again, and discards the draft back to the saved route', async () => {
    const { page } = e2e;
    const ui = new Editor(page);
    await e2e.console.signInTo('operator', '/wayline');
    await ui.importFiles([{ name: '草稿航线.kmz', bytes: takePhotoTwoWaylinesKmz() }], /8 个航点/);
    await ui.openFromList('草稿航线', '在地图上编辑');
    const editorUrl = e2e.console.where();
    await ui.pickPoint(1, 1);
    const savedHeight = await ui.height().inputValue();
    await ui.height().fill('77');
    await ui.height().press('Enter');
    await poll(() => ui.height().inputValue()).toBe('77');

    // Closing the editor's tag asks first; cancelling keeps it open.
    const tag = page.locator('.sd-tag[data-path^="/waylineEditor/"]');
    await tag.getByRole('button', { name: '关闭' }).click();
    const ask = page.locator('.sd-tag-close-alert');
    await ask.waitFor();
    expect(await ask.textContent()).toContain('关闭有未保存修改的页面？');
    await ask.getByRole('button', { name: '取消' }).click();
    await ask.waitFor({ state: 'detached' });
    expect(await tag.count()).toBe(1);

    // Another page from the sidebar, then back through the tag: the edits are still on screen.
    await e2e.console.clickMenu('task');
    // Clicked at its edge: its middle may be its close button where fonts are narrow.
    await tag.click({ position: { x: 3, y: 3 } });
    await ui.ready();
    await poll(() => ui.height().inputValue()).toBe('77');
    expect(await ui.shown('editor-draft-notice').count()).toBe(0);

    // Reloading the page asks the browser to confirm, and the edits come back as a draft.
    const dialogs: string[] = [];
    page.once('dialog', (dialog) => {
      dialogs.push(dialog.type());
      void dialog.accept();
    });
    await page.reload();
    await ui.ready();
    expect(dialogs).toEqual(['beforeunload']);
    await ui.shown('editor-draft-notice').waitFor();

    // Left through the sidebar and opened again at its address: the draft is back, with the notice.
    await e2e.console.clickMenu('task');
    await e2e.console.open(editorUrl);
    await ui.ready();
    const notice = ui.shown('editor-draft-notice');
    await notice.waitFor();
    expect(await notice.textContent()).toContain('恢复了未保存的编辑');
    await ui.pickPoint(1, 1);
    await poll(() => ui.height().inputValue()).toBe('77');
    expect(await ui.count()).toBe('8');
    await saveShot(page, 'route-editor', 'draft-restored-zh-desktop');

    // Discarding goes back to the saved route, and the draft is gone for good.
    await ui.shown('editor-draft-discard').click();
    await notice.waitFor({ state: 'detached' });
    await ui.pickPoint(1, 1);
    await poll(() => ui.height().inputValue()).toBe(savedHeight);
    await e2e.console.open(editorUrl);
    await ui.ready();
    await ui.pickPoint(1, 1);
    expect(await ui.height().inputValue()).toBe(savedHeight);
    expect(await ui.shown('editor-draft-notice').count()).toBe(0);
  });

  it('reopens a mapping file with its area and settings, and names what a save would lose, in English', async () => {
    const { page } = e2e;
    const ui = new Editor(page);
    await e2e.console.signInTo('operator', '/wayline', 'English');
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
    await poll(() => ui.shown('mapping-area').textContent()).toBe('Area: 4 corners');
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
  const e2e = useE2E({ SIM_DRONES: '2' }, { seeded: true });

  it("opens a new route, and the empty feature-point map, over the project's docks, each drawn with its name", async () => {
    const { page } = e2e;
    const ui = new Editor(page);
    await e2e.console.signInTo('operator', '/wayline');
    await page.getByTestId('wayline-new').click();
    await ui.ready();
    expect(await page.locator('.sd-tag--active').textContent()).toContain('编辑航线');
    const map = ui.shown('editor-map').locator('[data-docks]');
    // Both simulated docks, by the names the device list gives them ("#1 DJI Dock 2"…).
    await poll(() => map.getAttribute('data-docks'), { timeout: 30_000, interval: 250 }).toMatch(
      /^#1 \S.*\n#2 \S.*$/,
    );
    await saveShot(page, 'route-editor', 'new-route-over-docks-zh-desktop');

    // The feature-point map, still empty, shows them too.
    await e2e.console.open('/model_ai');
    const points = page.locator('[data-testid="feature-map"]:visible');
    await poll(() => points.getAttribute('data-docks'), { timeout: 30_000, interval: 250 }).toMatch(
      /^#1 \S.*\n#2 \S.*$/,
    );
  });
});
