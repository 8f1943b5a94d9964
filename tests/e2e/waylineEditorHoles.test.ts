/**
 * A field with a pond, drawn in Google Earth, imported as a mapping route and edited on the map: the
 * pond stays a hole through a change of settings and a save, holes can be drawn and removed (a hole
 * outside the area is refused with its reason), and the saved file flies around every hole. An area
 * drawn in the editor takes holes before its lines are generated, and lines edited by hand are not
 * generated again over a new hole without asking.
 */
import { readFile } from 'node:fs/promises';
import {
  booleanIntersects,
  lineString,
  pointToLineDistance,
  polygon,
  transformScale,
} from '@turf/turf';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { WaylineRoute } from '../../protocol/waylines.ts';
import { readKmzRoute } from '../../server/waylines/readRoute.ts';
import { useE2E } from './support/setup.ts';
import { saveShot } from './support/shots.ts';

type Ring = [number, number][];

/** A field of about 820 × 890 m, large enough that the editor frames it below its closest zoom. */
const FIELD: Ring = [
  [113.95, 22.53],
  [113.958, 22.53],
  [113.958, 22.538],
  [113.95, 22.538],
];
/** The pond: the middle third of the field. */
const POND: Ring = [
  [113.9527, 22.5327],
  [113.9553, 22.5327],
  [113.9553, 22.5353],
  [113.9527, 22.5353],
];
const POND_MIDDLE: [number, number] = [113.954, 22.534];

const closed = (ring: Ring) => [...ring, ring[0]].map((c) => `${c?.join(',')},0`).join(' ');
const KML = `<?xml version="1.0" encoding="UTF-8"?>
<kml xmlns="http://www.opengis.net/kml/2.2"><Document><Placemark><name>pond field</name>
  <Polygon>
    <outerBoundaryIs><LinearRing><coordinates>${closed(FIELD)}</coordinates></LinearRing></outerBoundaryIs>
    <innerBoundaryIs><LinearRing><coordinates>${closed(POND)}</coordinates></LinearRing></innerBoundaryIs>
  </Polygon>
</Placemark></Document></kml>`;

/** `expect.poll` with room for a loaded machine. */
const poll: typeof expect.poll = (actual, options = { timeout: 30_000 }) =>
  expect.poll(actual, options);

/** The photo legs of a route's first wayline: each even waypoint to the next. */
function passes(route: WaylineRoute): [[number, number], [number, number]][] {
  const points = route.paths[0]?.points ?? [];
  const legs: [[number, number], [number, number]][] = [];
  for (let i = 0; i + 1 < points.length; i += 2) {
    const [a, b] = [points[i], points[i + 1]];
    if (a && b)
      legs.push([
        [a.lng, a.lat],
        [b.lng, b.lat],
      ]);
  }
  return legs;
}

/** How far a straight leg passes from a place, in degrees (plane geometry is enough at this size). */
function legDistance(
  [[x1, y1], [x2, y2]]: [[number, number], [number, number]],
  [x, y]: [number, number],
) {
  const [dx, dy] = [x2 - x1, y2 - y1];
  const t = Math.max(0, Math.min(1, ((x - x1) * dx + (y - y1) * dy) / (dx * dx + dy * dy || 1)));
  return Math.hypot(x1 + t * dx - x, y1 + t * dy - y);
}

/** What a person does with the holes of a mapping area in the route editor. */
class HoleEditor {
  constructor(readonly page: Page) {}

  shown(testId: string) {
    return this.page.locator(`[data-testid="${testId}"]:visible`);
  }

  async ready(): Promise<void> {
    await this.page.locator('[data-testid="editor-map"]:visible [data-ready="true"]').waitFor();
    await this.page.locator('.maplibregl-canvas').waitFor();
  }

  /** Holes the map draws. */
  holesOnMap(): Promise<string | null> {
    return this.shown('editor-map').locator('[data-holes]').getAttribute('data-holes');
  }

  /** Holes the map has rendered, once it went idle with them. */
  holesDrawn(): Promise<string | null> {
    return this.shown('editor-map')
      .locator('.maplibregl-map[data-holes-drawn]')
      .getAttribute('data-holes-drawn');
  }

  summary(): Promise<string | null> {
    return this.shown('mapping-holes-summary').textContent();
  }

  /**
   * Draws a hole with "Add hole": corners given as offsets from the map's middle in parts of the
   * framed area's height (the editor frames the opened area 60 px inside the map's top and bottom),
   * closed by clicking the first corner again.
   */
  async drawHole(corners: [number, number][]): Promise<void> {
    await this.shown('mapping-add-hole').click();
    await this.clickCorners(corners);
  }

  /** Draws a mapping area with "Draw area", its corners as `drawHole` takes them. */
  async drawArea(corners: [number, number][]): Promise<void> {
    await this.shown('editor-mode-mapping').click();
    await this.clickCorners(corners);
  }

  private async clickCorners(corners: [number, number][]): Promise<void> {
    const box = await this.shown('editor-map').boundingBox();
    if (!box) throw new Error('no map');
    const side = box.height - 120;
    for (const [x, y] of [...corners, corners[0] ?? [0, 0]])
      await this.page.mouse.click(
        box.x + box.width / 2 + x * side,
        box.y + box.height / 2 + y * side,
      );
  }

  async count(): Promise<number> {
    return Number(await this.shown('editor-count').textContent());
  }

  /** The question asked before lines edited by hand are generated again. */
  question() {
    return this.page.getByTestId('editor-regenerate-alert');
  }
}

/** A rectangle of `drawHole`'s offsets from (x0, y0) to (x1, y1), clockwise on screen. */
const rect = (x0: number, y0: number, x1: number, y1: number): [number, number][] => [
  [x0, y0],
  [x1, y0],
  [x1, y1],
  [x0, y1],
];

describe('holes of a mapping area in the route editor', () => {
  const e2e = useE2E({ SIM_DRONES: '0' }, { seeded: true });

  it('keeps an imported hole through a change of settings and a save, and draws, refuses and removes holes with undo', async () => {
    const { page } = e2e;
    const ui = new HoleEditor(page);
    await e2e.console.signInTo('operator', '/wayline');

    // Imported from Google Earth: the preview says the hole is left out and kept.
    await page.locator('.sd-table-body[aria-busy="false"]').waitFor();
    await page.getByTestId('wayline-import').click();
    await page
      .getByTestId('wayline-file-input')
      .setInputFiles([
        { name: '鱼塘田.kml', mimeType: 'application/octet-stream', buffer: Buffer.from(KML) },
      ]);
    await page.locator('#interchange-drone').selectOption('0-67-1');
    const item = page.getByTestId('interchange-item').filter({ hasText: '鱼塘田.kml' });
    await item.getByTestId('interchange-candidate').waitFor();
    expect(await item.textContent()).toContain('面内的 1 个空洞不飞行、不拍照（空洞随航线保存');
    await item.getByTestId('interchange-create').click();
    await item.getByText('已创建 1 条航线').waitFor();
    await page.getByRole('button', { name: '完成', exact: true }).click();

    // Opened in the editor: the hole is on the map and in the mapping panel.
    const row = page.locator('.sd-table tbody tr').filter({ hasText: '鱼塘田' });
    await poll(() => row.count()).toBe(1);
    await row.getByRole('button', { name: '在地图上编辑' }).click();
    await ui.ready();
    await poll(() => ui.summary()).toBe('1 个空洞：不飞行、不拍照');
    await poll(() => ui.holesOnMap()).toBe('1');
    await poll(() => ui.holesDrawn(), { timeout: 60_000 }).toBe('1');

    // A mapping setting changed and the lines generated again: the hole stays.
    await ui.shown('mapping-sideOverlap').fill('60');
    await ui.shown('mapping-sideOverlap').press('Enter');
    await ui.shown('mapping-generate').click();
    await page.locator('.bp6-toast', { hasText: /已生成 \d+ 个航点/ }).waitFor();
    expect(await ui.summary()).toBe('1 个空洞：不飞行、不拍照');

    // A hole drawn across the field's edge is refused, and nothing changes.
    await ui.drawHole([
      [0.4, -0.1],
      [0.7, -0.1],
      [0.7, 0.1],
      [0.4, 0.1],
    ]);
    await page.locator('.bp6-toast', { hasText: '空洞必须完全位于测绘区域内，未添加' }).waitFor();
    expect(await ui.summary()).toBe('1 个空洞：不飞行、不拍照');

    // Escape gives up a hole half drawn: the map edits waypoints again and nothing changes.
    const hint = page.locator('.sd-editor-hint:visible');
    const box = await ui.shown('editor-map').boundingBox();
    await ui.shown('mapping-add-hole').click();
    await poll(() => hint.textContent()).toContain('在测绘区域内逐点画出空洞');
    for (const dx of [-100, 100])
      await page.mouse.click((box?.x ?? 0) + (box?.width ?? 0) / 2 + dx, (box?.y ?? 0) + 200);
    await page.keyboard.press('Escape');
    await poll(() => hint.textContent()).toContain('点击地图添加航点');
    expect(await ui.summary()).toBe('1 个空洞：不飞行、不拍照');

    // One drawn inside the field, west of the pond, is added and flown around.
    await ui.drawHole([
      [-0.38, -0.06],
      [-0.26, -0.06],
      [-0.26, 0.06],
      [-0.38, 0.06],
    ]);
    await page.locator('.bp6-toast', { hasText: '已添加空洞，航线已重新生成' }).waitFor();
    await poll(() => ui.summary()).toBe('2 个空洞：不飞行、不拍照');
    await poll(() => ui.holesOnMap()).toBe('2');
    await poll(() => ui.holesDrawn(), { timeout: 60_000 }).toBe('2');
    await saveShot(page, 'route-editor', 'holes-zh-desktop');

    // Removed from its row, and back with undo (no question asked: undo is the way back).
    const remove = ui.shown('mapping-hole-remove');
    expect(await remove.nth(1).getAttribute('aria-label')).toBe('删除空洞 2');
    await remove.nth(1).focus();
    await page.keyboard.press('Enter');
    await poll(() => ui.summary()).toBe('1 个空洞：不飞行、不拍照');
    await ui.shown('editor-undo').click();
    await poll(() => ui.summary()).toBe('2 个空洞：不飞行、不拍照');

    await ui.shown('editor-save').click();
    await page.locator('.bp6-toast', { hasText: '已保存：鱼塘田' }).waitFor();

    // The saved file keeps both holes with the area, and no photo leg crosses the pond.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      ui.shown('editor-export').click(),
    ]);
    const { route } = readKmzRoute(new Uint8Array(await readFile(await download.path())));
    expect(route.template.polygon).toEqual(FIELD);
    expect(route.template.holes?.[0]).toEqual(POND);
    expect(route.template.holes).toHaveLength(2);
    expect(route.template.extra.find(([path]) => path.endsWith('orthoCameraOverlapW'))?.[1]).toBe(
      '60',
    );
    const legs = passes(route);
    expect(legs.length).toBeGreaterThan(4);
    // 0.0003° is about 30 m, well inside the 290 m pond.
    expect(legs.filter((leg) => legDistance(leg, POND_MIDDLE) < 0.0003)).toEqual([]);

    // Opened again, both holes are there.
    await page.reload();
    await ui.ready();
    await poll(() => ui.summary()).toBe('2 个空洞：不飞行、不拍照');
    await poll(() => ui.holesDrawn(), { timeout: 60_000 }).toBe('2');
    await saveShot(page, 'route-editor', 'holes-reopened-zh-desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    await saveShot(page, 'route-editor', 'holes-map-zh-phone');
    await ui.shown('mapping-holes').scrollIntoViewIfNeeded();
    await saveShot(page, 'route-editor', 'holes-panel-zh-phone');

    // The light theme: the panel's rows and the map's holes read as well.
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByRole('button', { name: '浅色主题' }).click();
    await poll(() => page.evaluate(() => document.body.classList.contains('bp6-dark'))).toBe(false);
    await poll(() => ui.holesDrawn(), { timeout: 60_000 }).toBe('2');
    await saveShot(page, 'route-editor', 'holes-light-zh-desktop');
  });
  it('takes holes in a freshly drawn area before Generate, and asks before generating lines edited by hand again', async () => {
    const { page } = e2e;
    const ui = new HoleEditor(page);
    await e2e.console.signInTo('operator', '/waylineEditor/new');
    await ui.ready();

    // An area drawn and not generated yet: holes can be added and removed at once, by the rules
    // that hold for a generated one.
    await ui.drawArea(rect(-0.45, -0.3, 0.45, 0.3));
    await poll(() => ui.shown('mapping-area').textContent()).toBe('区域：4 个顶点');
    expect(await ui.summary()).toBe('区域内没有空洞');
    await ui.drawHole(rect(-0.15, -0.1, 0.05, 0.1));
    await page.locator('.bp6-toast', { hasText: '已添加空洞，生成航线时将绕开它' }).waitFor();
    await poll(() => ui.summary()).toBe('1 个空洞：不飞行、不拍照');
    await poll(() => ui.holesOnMap()).toBe('1');
    await poll(() => ui.holesDrawn(), { timeout: 60_000 }).toBe('1');
    await saveShot(page, 'route-editor', 'holes-before-generate-zh-desktop');
    await ui.drawHole(rect(0.35, -0.05, 0.55, 0.05));
    await page.locator('.bp6-toast', { hasText: '空洞必须完全位于测绘区域内，未添加' }).waitFor();
    await ui.drawHole(rect(-0.05, -0.05, 0.15, 0.05));
    await page.locator('.bp6-toast', { hasText: '空洞与已有空洞重叠，未添加' }).waitFor();
    await ui.drawHole(rect(0.2, -0.1, 0.3, 0.1));
    await poll(() => ui.summary()).toBe('2 个空洞：不飞行、不拍照');
    await ui.shown('mapping-hole-remove').nth(1).click();
    await poll(() => ui.summary()).toBe('1 个空洞：不飞行、不拍照');
    expect(await ui.count()).toBe(0);

    // Generate flies around it, and the saved file keeps it.
    await ui.shown('mapping-height').fill('300');
    await ui.shown('mapping-height').press('Enter');
    await ui.shown('mapping-generate').click();
    await page.locator('.bp6-toast', { hasText: /已生成 \d+ 个航点/ }).waitFor();
    await ui.shown('mapping-saved').waitFor();
    expect(await ui.summary()).toBe('1 个空洞：不飞行、不拍照');
    await poll(() => ui.holesDrawn(), { timeout: 60_000 }).toBe('1');
    const generated = await ui.count();
    await ui.shown('editor-name').fill('先画空洞');
    await ui.shown('editor-save').click();
    await page.locator('.bp6-toast', { hasText: '已保存：先画空洞' }).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      ui.shown('editor-export').click(),
    ]);
    const { route } = readKmzRoute(new Uint8Array(await readFile(await download.path())));
    const hole = route.template.holes?.[0] ?? [];
    expect(route.template.holes).toHaveLength(1);
    expect(route.template.polygon).toHaveLength(4);
    const legs = passes(route);
    expect(legs.length).toBeGreaterThan(4);
    const shape = polygon([[...hole, hole[0] ?? [0, 0]]]);
    const core = transformScale(shape, 0.95);
    expect(legs.filter((leg) => booleanIntersects(lineString(leg), core))).toEqual([]);
    // Lines were cut by the hole: some end on its edge (within a metre), not all run clear of it.
    const edge = lineString([...hole, hole[0] ?? [0, 0]]);
    const ends = legs.flat().filter((p) => pointToLineDistance(p, edge, { units: 'meters' }) < 1);
    expect(ends.length).toBeGreaterThan(1);

    // A waypoint deleted by hand: adding a hole asks first, and Cancel keeps the edit.
    await ui.shown('editor-tab-point').click();
    await ui.shown('editor-point-next').click();
    await poll(() => ui.shown('editor-point-position').textContent()).toMatch(/^\D*1\D/);
    await page.keyboard.press('Delete');
    await poll(() => ui.count()).toBe(generated - 1);
    await ui.shown('editor-tab-mapping').click();
    await ui.drawHole(rect(0.2, -0.1, 0.3, 0.1));
    await ui.question().waitFor();
    expect(await ui.question().textContent()).toContain('航线已手动修改');
    await saveShot(page, 'route-editor', 'holes-hand-edits-zh-desktop');
    await page.getByRole('button', { name: '保留我的修改' }).click();
    await ui.question().waitFor({ state: 'detached' });
    expect(await ui.count()).toBe(generated - 1);
    expect(await ui.summary()).toBe('1 个空洞：不飞行、不拍照');

    // Asked again, and told to go on: the lines are generated around both holes, one undo step.
    await ui.drawHole(rect(0.2, -0.1, 0.3, 0.1));
    await ui.question().waitFor();
    await page.setViewportSize({ width: 390, height: 844 });
    await saveShot(page, 'route-editor', 'holes-hand-edits-zh-phone');
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByRole('button', { name: '重新生成航线' }).click();
    await page.locator('.bp6-toast', { hasText: '已添加空洞，航线已重新生成' }).waitFor();
    await poll(() => ui.summary()).toBe('2 个空洞：不飞行、不拍照');
    expect(await ui.count()).toBeGreaterThan(generated);
    await poll(() => ui.question().count()).toBe(0);
    await ui.shown('editor-undo').click();
    await poll(() => ui.summary()).toBe('1 个空洞：不飞行、不拍照');
    expect(await ui.count()).toBe(generated - 1);

    // Regenerate asks as well; Escape keeps the edit, as Cancel does.
    await ui.shown('mapping-generate').click();
    await ui.question().waitFor();
    await page.keyboard.press('Escape');
    await ui.question().waitFor({ state: 'detached' });
    expect(await ui.count()).toBe(generated - 1);
  });
});
