/**
 * Feature points end to end: a CSV with a bad row is refused with the row named and nothing stored,
 * the fixed file is imported and its points show on the map and in the list, a reference photo is
 * uploaded, the picked points become an inspection wayline, and the toast's link opens it in the
 * wayline editor with one waypoint per point. A GeoJSON file with one bad feature is refused naming
 * that feature, and the fixed file is imported.
 */
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useE2E } from './support/setup.ts';
import { saveShot } from './support/shots.ts';

const HEADER = 'name,category,longitude,latitude,height,gimbal_pitch,gimbal_yaw,zoom,classes,notes';
const ROWS = [
  '1号铁塔,tower,113.9400,22.5300,50,-45,0,2,person;smoke,"北侧, 绝缘子"',
  '2号铁塔,tower,113.9500,22.5400,55,-60,90,1,smoke,',
  '3号桥墩,bridge,113.9500,22.5300,40,-30,-90,3,ship,桥墩裂缝',
  '4号光伏,solar,113.9400,22.5400,45,-90,180,1,fire,',
];
const csv = (rows: string[]) => Buffer.from([HEADER, ...rows].join('\n'));

/** Software WebGL on a busy machine can take seconds to draw the fitted view's first frame. */
const DRAWN = { timeout: 30_000, interval: 250 };

const shown = (page: Page, testId: string) => page.locator(`[data-testid="${testId}"]:visible`);

/** A GeoJSON FeatureCollection of points: [name, longitude, latitude, height] each. */
const geojson = (points: [string, number, number, number][]) =>
  Buffer.from(
    JSON.stringify({
      type: 'FeatureCollection',
      features: points.map(([name, lng, lat, z]) => ({
        type: 'Feature',
        geometry: { type: 'Point', coordinates: [lng, lat, z] },
        properties: { name, category: 'tower', gimbal_pitch: -45, zoom: 2 },
      })),
    }),
  );

/** Chooses a file in the open import dialog and submits it. */
async function importFile(page: Page, name: string, body: Buffer): Promise<void> {
  const mimeType = name.endsWith('.csv') ? 'text/csv' : 'application/geo+json';
  await page
    .locator('.fp-import-file input[type=file]')
    .setInputFiles({ name, mimeType, buffer: body });
  await page.getByTestId('fp-import-submit').click();
}

describe('feature points', () => {
  const e2e = useE2E({ SIM_DRONES: '0' });

  it('imports points from CSV, shows them, and generates a wayline the editor opens', async () => {
    const { page } = e2e;
    await page.setViewportSize({ width: 1440, height: 900 });
    await e2e.console.signIn('operator');
    await e2e.console.open('/model_ai');
    await page.locator('[data-testid="feature-map"][data-ready="true"]').waitFor();
    await saveShot(page, 'features', 'empty-zh-desktop');

    // One bad row: refused with its line named, and nothing imported.
    await shown(page, 'fp-import').click();
    await importFile(
      page,
      'bad.csv',
      csv([...ROWS.slice(0, 2), '坏点,tower,113.95,95,40,-30,0,1,,']),
    );
    const problems = page.getByTestId('fp-import-problems');
    await problems.waitFor();
    expect(await problems.textContent()).toContain('第 4 行');
    expect(await problems.textContent()).toContain('latitude');
    await saveShot(page, 'features', 'import-refused-zh-desktop');
    expect(await shown(page, 'feature-map').getAttribute('data-points')).toBe('0');

    // The fixed file, chosen in the same dialog, goes in whole.
    await importFile(page, 'points.csv', csv(ROWS));
    await page.locator('.bp6-toast', { hasText: '已导入 4 个特征点' }).waitFor();
    await expect.poll(() => shown(page, 'feature-map').getAttribute('data-points')).toBe('4');
    await expect.poll(() => page.locator('.fp-label:visible').count()).toBe(4);
    // The dots themselves are drawn by the map.
    await expect
      .poll(() => shown(page, 'feature-map').locator('.maplibregl-map').getAttribute('data-drawn'))
      .toBe('4');
    await saveShot(page, 'features', 'map-zh-desktop');

    // Dragging a dot moves the point, saved at once. A dot can be grabbed once a drawn frame holds it.
    await expect
      .poll(
        () => shown(page, 'feature-map').locator('.maplibregl-map').getAttribute('data-rendered'),
        DRAWN,
      )
      .toBe('4');
    const label = await page.locator('.fp-label:visible', { hasText: '1号铁塔' }).boundingBox();
    if (!label) throw new Error('no label');
    const dot = { x: label.x - 9, y: label.y + label.height / 2 };
    await page.mouse.move(dot.x, dot.y);
    await page.mouse.down();
    await page.mouse.move(dot.x + 40, dot.y - 30, { steps: 8 });
    await page.mouse.move(dot.x + 80, dot.y - 60, { steps: 8 });
    await page.mouse.up();
    await page.locator('.bp6-toast', { hasText: '已移动：1号铁塔' }).waitFor();

    await shown(page, 'fp-tab-list').click();
    const rows = page.locator('.sd-table tbody tr:visible');
    await expect.poll(() => rows.count()).toBe(4);
    expect(await rows.filter({ hasText: '3号桥墩' }).count()).toBe(1);
    // The dragged point is no longer where the file put it.
    expect(await rows.filter({ hasText: '1号铁塔' }).textContent()).not.toContain(
      '113.940000, 22.530000',
    );

    // The reference photo of one point, shown in its drawer.
    await rows.filter({ hasText: '1号铁塔' }).getByTestId('fp-open').click();
    const jpeg = await sharp({
      create: { width: 640, height: 480, channels: 3, background: { r: 70, g: 120, b: 170 } },
    })
      .jpeg()
      .toBuffer();
    await page
      .getByTestId('fp-photo-file')
      .setInputFiles({ name: 'tower.jpg', mimeType: 'image/jpeg', buffer: jpeg });
    await page.locator('.fp-reference-main').waitFor();
    await saveShot(page, 'features', 'drawer-zh-desktop');
    await page.keyboard.press('Escape');
    await expect
      .poll(() => rows.filter({ hasText: '1号铁塔' }).locator('img.fp-thumb').count())
      .toBe(1);

    await shown(page, 'fp-select-all').click();
    await expect.poll(() => shown(page, 'fp-selected').textContent()).toContain('已选 4 个');
    await saveShot(page, 'features', 'list-zh-desktop');
    await shown(page, 'fp-generate').click();
    await page.getByTestId('fp-wayline-name').fill('特征点巡检 E2E');
    // A stand-off outside the server's bounds is refused before anything is sent.
    await page.getByTestId('fp-wayline-standoff').fill('0');
    await saveShot(page, 'features', 'wayline-dialog-zh-desktop');
    expect(await page.getByTestId('fp-wayline-submit').isDisabled()).toBe(true);
    expect(await page.locator('.fp-dialog').textContent()).toContain('请输入 1 到 500 之间的数值');
    await page.getByTestId('fp-wayline-standoff').fill('45');
    const sent = page.waitForRequest((r) => r.url().endsWith('/api/feature/wayline'));
    await page.getByTestId('fp-wayline-submit').click();
    expect((await sent).postDataJSON()).toMatchObject({ standoff: 45, speed: 8 });
    const toast = page.locator('.bp6-toast', { hasText: '特征点巡检 E2E' });
    await toast.waitFor();
    expect(await toast.textContent()).toContain('4 个航点');
    await saveShot(page, 'features', 'generated-zh-desktop');
    await toast.getByRole('button', { name: '在航线编辑器中打开' }).click();

    await page.waitForURL(/\/waylineEditor\/\d+$/);
    await page.locator('[data-testid="editor-map"]:visible [data-ready="true"]').waitFor();
    await expect.poll(() => shown(page, 'editor-count').textContent()).toBe('4');
    await expect.poll(() => shown(page, 'editor-name').inputValue()).toBe('特征点巡检 E2E');
    await saveShot(page, 'features', 'editor-zh-desktop');

    // The same pages on a phone, and in English.
    await e2e.console.open('/model_ai');
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => shown(page, 'feature-map').getAttribute('data-points')).toBe('4');
    await saveShot(page, 'features', 'map-zh-phone');
    await shown(page, 'fp-tab-list').click();
    await saveShot(page, 'features', 'list-zh-phone', { fullPage: true });
    await page.setViewportSize({ width: 1440, height: 900 });
    await e2e.console.switchLanguage('English');
    await shown(page, 'fp-tab-map').click();
    await expect.poll(() => shown(page, 'feature-map').getAttribute('data-points')).toBe('4');
    // The basemap's style changed with the language: the dots are put back on it.
    await expect
      .poll(() => shown(page, 'feature-map').locator('.maplibregl-map').getAttribute('data-layer'))
      .toBe('on');
    await saveShot(page, 'features', 'map-en-desktop');
  });

  it('refuses a GeoJSON file with one bad feature, naming it, then imports the fixed file', async () => {
    const { page } = e2e;
    await page.setViewportSize({ width: 1440, height: 900 });
    await e2e.console.signIn('operator');
    await e2e.console.open('/model_ai');
    await page.locator('[data-testid="feature-map"][data-ready="true"]').waitFor();
    // The four points of the CSV import above.
    await expect.poll(() => shown(page, 'feature-map').getAttribute('data-points')).toBe('4');
    const good: [string, number, number, number][] = [
      ['5号铁塔', 113.945, 22.535, 60],
      ['6号铁塔', 113.955, 22.545, 65],
    ];
    await shown(page, 'fp-import').click();
    await importFile(page, 'bad.geojson', geojson([...good, ['坏塔', 113.96, 95, 40]]));
    const problems = page.getByTestId('fp-import-problems');
    await problems.waitFor();
    expect(await problems.textContent()).toContain('第 3 个要素');
    expect(await problems.textContent()).toContain('latitude');
    await saveShot(page, 'features', 'geojson-refused-zh-desktop');
    expect(await shown(page, 'feature-map').getAttribute('data-points')).toBe('4');

    await importFile(page, 'points.geojson', geojson(good));
    await page.locator('.bp6-toast', { hasText: '已导入 2 个特征点' }).waitFor();
    await expect.poll(() => shown(page, 'feature-map').getAttribute('data-points')).toBe('6');
    await expect
      .poll(() => page.locator('.fp-label:visible', { hasText: '6号铁塔' }).count())
      .toBe(1);
    await saveShot(page, 'features', 'geojson-imported-zh-desktop');
  });
});
