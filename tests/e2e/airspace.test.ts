/**
 * Airspace end to end, on the server's own one-dock simulated fleet: the operator draws a no-fly
 * polygon on the airspace page and names it; the server builds the project's file and tells the
 * dock, the simulated dock fetches and checks it, and the page shows the dock synchronised; the
 * workbench map draws the area too. Then a route planned through a no-fly area is warned of: its
 * import names the waypoints, the route editor lists them and marks them on its map over the area,
 * and the task dialog says the task will be refused. Screenshots in both languages on a desktop and
 * a phone (with `SKYDECK_SHOTS=1`). Last, an aircraft on patrol near a no-fly area: the pilot's
 * cockpit says so in its HUD, naming the area and the distance to it.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { AIRSPACE_API } from '../../protocol/airspace.ts';
import type { AirspaceArea } from '../../protocol/airspace.ts';
import { API, type Device, type LoginResult, type Page as ApiPage } from '../../protocol/http.ts';
import { fixtureKmz } from '../fixtures/wpml/kmz.ts';
import { apiCall } from './support/api.ts';
import { TEST_PASSWORD } from './support/server.ts';
import { saveShot, SHOTS_ON } from './support/shots.ts';
import { useE2E } from './support/setup.ts';

const WAIT = { timeout: 60_000, interval: 500 };
const AREA = 'E2E 禁飞区';
const SCHOOL = 'E2E 学校';
const ROUTE = 'E2E 穿越航线';
const YARD = 'E2E 堆场';
const POND = 'E2E 鱼塘';

/** The fixture's four waypoints, as its files write them. */
const FIXTURE_POINTS = [
  '113.9430000,22.5400000',
  '113.9445000,22.5406000',
  '113.9460000,22.5400000',
  '113.9452000,22.5388000',
];

/** The waypoint fixture (a real DJI KMZ) flying through `points` instead of its own four. */
function routeThrough(points: readonly [number, number][]): Uint8Array {
  return fixtureKmz('waypoint-actions-1.0.6', (_path, text) =>
    FIXTURE_POINTS.reduce(
      (out, from, i) =>
        out.replaceAll(from, (points[i] ?? [0, 0]).map((v) => v.toFixed(7)).join(',')),
      text,
    ),
  );
}

/** Adds, through the API, a no-fly square of about 200 m around `[lng, lat]` to the user's project. */
async function addNoFlySquare(
  url: string,
  user: LoginResult,
  name: string,
  [lng, lat]: [number, number],
): Promise<void> {
  const half = 0.001;
  await apiCall<AirspaceArea>(url, AIRSPACE_API.add, user.token, {
    workspace_id: user.user.workspace_id,
    name,
    kind: 'no_fly',
    shape: {
      type: 'polygon',
      coordinates: [
        [lng - half, lat - half],
        [lng + half, lat - half],
        [lng + half, lat + half],
        [lng - half, lat + half],
        [lng - half, lat - half],
      ],
    },
  });
}

/** The operator, signed in through the API. */
const operatorLogin = (url: string): Promise<LoginResult> =>
  apiCall<LoginResult>(url, API.login, null, { username: 'operator', password: TEST_PASSWORD });

/** Clicks the airspace map at a fraction of its width and height. */
async function clickMap(page: Page, x: number, y: number): Promise<void> {
  const box = await page.getByTestId('airspace-map').boundingBox();
  if (!box) throw new Error('no map');
  await page.mouse.click(box.x + box.width * x, box.y + box.height * y);
}

/**
 * Before a screenshot: no toast over the page, and the map has drawn what it was moved to. Without
 * screenshots there is nothing to wait for.
 */
async function shotsSettled(page: Page): Promise<void> {
  if (!SHOTS_ON) return;
  await page.locator('.bp6-toast').first().waitFor({ state: 'detached', timeout: 15_000 });
  await page.waitForTimeout(500);
}

/**
 * Every simulated dock's sync state and whether it holds the current file, one `status/current`
 * per dock, the same for all of them collapsed into one (`synchronized/true`); `no dock` before the
 * list shows any.
 */
async function dockState(page: Page): Promise<string> {
  const docks = await page.getByTestId('airspace-dock').all();
  if (docks.length === 0) return 'no dock';
  const states = await Promise.all(
    docks.map(
      async (dock) =>
        `${(await dock.getAttribute('data-status')) ?? ''}/${(await dock.getAttribute('data-current')) ?? ''}`,
    ),
  );
  return [...new Set(states)].join(' ');
}

describe('airspace areas reaching the simulated docks', () => {
  // Two docks: every dock of the project is told, fetches and reports.
  const e2e = useE2E({ SIM_DRONES: '2', SIM_PATROLS: '0' });

  it('draws a no-fly area, sees every dock synchronise it, and shows it on the workbench', async () => {
    const { page } = e2e;
    // The page loads its chunk and the offline basemap: slow when the machine is busy.
    page.setDefaultTimeout(60_000);
    await e2e.console.signIn('operator');
    await e2e.console.open('/airspace');
    await page.getByTestId('airspace-page').waitFor();
    await expect.poll(() => dockState(page), WAIT).not.toBe('no dock');
    await expect.poll(() => page.getByTestId('airspace-dock').count(), WAIT).toBe(2);

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

    // Switched off: a new file version holds the area marked off; the dock is told again and
    // synchronises it (the simulated dock then keeps no area in force).
    const fileBefore = await page.getByTestId('airspace-file').textContent();
    await item.getByTestId('airspace-enabled').click({ force: true });
    await expect.poll(() => item.getAttribute('data-enabled')).toBe('false');
    await expect
      .poll(() => page.getByTestId('airspace-file').textContent(), WAIT)
      .not.toBe(fileBefore);
    expect(await page.getByTestId('airspace-file').textContent()).toMatch(
      /geofence_[0-9a-f]{16}\.json \(1 area,/,
    );
    await expect.poll(() => dockState(page), WAIT).toBe('synchronized/true');
    await item.getByTestId('airspace-enabled').click({ force: true });
    // Stored and its file rebuilt before the page is left: a full navigation would abort the
    // request still on its way (the dock already reads as synchronised, from the step before).
    await expect.poll(() => item.getAttribute('data-enabled')).toBe('true');
    await expect
      .poll(() => page.getByTestId('airspace-file').textContent(), WAIT)
      .toMatch(/geofence_[0-9a-f]{16}\.json/);
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
  it('warns of a route planned through a no-fly area on import, in the editor and in the task dialog', async () => {
    const { page, server } = e2e;
    page.setDefaultTimeout(60_000);
    const operator = await operatorLogin(server.url);
    // A school's square of about 200 m; the route flies west to east through its middle.
    const [lng, lat] = [113.95, 22.545];
    await addNoFlySquare(server.url, operator, SCHOOL, [lng, lat]);
    const kmz = routeThrough([
      [lng - 0.003, lat],
      [lng, lat],
      [lng + 0.003, lat],
      [lng + 0.003, lat + 0.002],
    ]);

    await e2e.console.signInTo('operator', '/wayline');
    await page.getByTestId('wayline-import').click();
    await page.getByTestId('wayline-file-input').setInputFiles({
      name: `${ROUTE}.kmz`,
      buffer: Buffer.from(kmz),
      mimeType: 'application/vnd.google-earth.kmz',
    });
    const imported = page.locator('.sd-import-item[data-state="done"]').filter({ hasText: ROUTE });
    await imported.waitFor();
    const warned = imported.getByTestId('import-airspace');
    expect(await warned.textContent()).toContain(`第 2 个航点位于禁飞区「${SCHOOL}」内`);
    await saveShot(page, 'airspace', 'import-warned-zh-desktop');
    await page.locator('.bp6-dialog-footer button').last().click();

    // Opened in the editor: the findings in words, the waypoint and legs marked over the area.
    const row = page.locator('.sd-table tbody tr').filter({ hasText: ROUTE });
    await expect.poll(() => row.count()).toBe(1);
    await row.getByRole('button', { name: '在地图上编辑' }).click();
    const notice = page.locator('[data-testid="editor-airspace"]:visible');
    await notice.waitFor();
    expect(await notice.textContent()).toContain(`航点 1 至 2 的航段穿越禁飞区「${SCHOOL}」`);
    const editorMap = page.locator('[data-testid="editor-map"]:visible [data-airspace-marks]');
    await expect
      .poll(() => editorMap.getAttribute('data-airspace-marks'))
      .toBe('wp 2; leg 1-2; leg 2-3');
    // Drawn over the area: the map went idle with it (the offline basemap loads slowly).
    const drawnAreas = () =>
      page
        .locator('.maplibregl-map[data-airspace-drawn]:visible')
        .getAttribute('data-airspace-drawn');
    await expect.poll(drawnAreas, WAIT).toContain(`${SCHOOL}:no_fly`);
    await shotsSettled(page);
    await saveShot(page, 'airspace', 'editor-warned-zh-desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    await saveShot(page, 'airspace', 'editor-warned-zh-phone', { fullPage: true });
    await page.setViewportSize({ width: 1440, height: 900 });

    // A task with it: the dialog says it will be refused (the operator may not override).
    await e2e.console.switchLanguage('English');
    await e2e.console.open('/task');
    await page.getByTestId('task-create').click();
    await page.locator('#task-wayline').selectOption({ label: ROUTE });
    const refusal = page.getByTestId('task-airspace');
    await refusal.waitFor();
    expect(await refusal.textContent()).toContain(
      `waypoint 2 is inside the no-fly area "${SCHOOL}"`,
    );
    expect(await refusal.textContent()).toContain('The task will be refused');
    expect(await page.getByTestId('task-airspace-override').count()).toBe(0);
    await saveShot(page, 'airspace', 'task-refused-en-desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    await saveShot(page, 'airspace', 'task-refused-en-phone');
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it('reshapes an area on the map: a corner added from a side, discarded, then saved', async () => {
    const { page, server } = e2e;
    page.setDefaultTimeout(60_000);
    const operator = await operatorLogin(server.url);
    await addNoFlySquare(server.url, operator, YARD, [113.96, 22.55]);
    await e2e.console.signInTo('operator', '/airspace');
    const item = page.locator(`[data-testid="airspace-area"][data-name="${YARD}"]`);
    await item.waitFor();
    expect(await item.textContent()).toContain('4 个顶点');

    const reshape = async () => {
      await item.getByTestId('airspace-reshape').click();
      await page.getByTestId('airspace-reshape-bar').waitFor();
      // The map frames the area at once (no animation); its corners are read once it has drawn.
      await expect.poll(async () => (await reshapeCorners(page)).length).toBe(4);
      await drawnFrames(page);
      const [a, b] = await reshapeCorners(page);
      if (!a || !b) throw new Error('no corners');
      // A click on the middle of the first side adds a corner there…
      await page.mouse.click((a[0] + b[0]) / 2, (a[1] + b[1]) / 2);
      await expect.poll(async () => (await reshapeCorners(page)).length).toBe(5);
      // …and the first corner is pulled outwards.
      await drag(page, a, [a[0] - 50, a[1] + 50]);
      await expect
        .poll(async () => (await reshapeCorners(page))[0]?.[0] ?? 0)
        .toBeLessThan(a[0] - 30);
      expect(await page.getByTestId('airspace-reshape-save').isEnabled()).toBe(true);
      // An edit is no new area: no naming dialog opens.
      expect(await page.locator('.sd-airspace-dialog').count()).toBe(0);
    };

    // Discarded: nothing is stored.
    await reshape();
    await page.getByText('放弃修改').click();
    await page.getByTestId('airspace-reshape-bar').waitFor({ state: 'detached' });
    expect(await item.textContent()).toContain('4 个顶点');

    // Saved: the list and the server have the fifth corner.
    await reshape();
    await saveShot(page, 'airspace', 'reshape-zh-desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    await saveShot(page, 'airspace', 'reshape-zh-phone');
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByTestId('airspace-reshape-save').click();
    await page.getByTestId('airspace-reshape-bar').waitFor({ state: 'detached' });
    await expect.poll(() => item.textContent()).toContain('5 个顶点');
    const stored = await apiCall<AirspaceArea[]>(
      server.url,
      `${AIRSPACE_API.list}?workspace_id=${String(operator.user.workspace_id)}`,
      operator.token,
    );
    const yard = stored.find((a) => a.name === YARD);
    // Five corners and the first again, closing the ring; the first corner moved south-west.
    const ring = yard?.shape.type === 'polygon' ? yard.shape.coordinates : [];
    expect(ring).toHaveLength(6);
    expect(ring[0]?.[0]).toBeLessThan(113.96 - 0.0012);
    expect(ring[0]?.[1]).toBeLessThan(22.55 - 0.0012);
    expect(ring[5]).toEqual(ring[0]);

    // A circle is moved whole: dragged by its inside, it keeps its radius.
    await apiCall<AirspaceArea>(server.url, AIRSPACE_API.add, operator.token, {
      workspace_id: operator.user.workspace_id,
      name: POND,
      kind: 'operation',
      shape: { type: 'circle', center: [113.97, 22.55], radius: 150 },
    });
    await page.reload();
    const pond = page.locator(`[data-testid="airspace-area"][data-name="${POND}"]`);
    await pond.getByTestId('airspace-reshape').click();
    const circleMap = page.locator('.maplibregl-map[data-draw-tool="reshape-circle"]');
    await circleMap.waitFor();
    await drawnFrames(page);
    const box = await circleMap.boundingBox();
    const corners = ((await circleMap.getAttribute('data-reshape-corners')) ?? '')
      .split(';')
      .map((pair) => pair.split(',').map(Number));
    if (!box || corners.length < 8) throw new Error('no circle on the map');
    const cx = box.x + corners.reduce((sum, [x = 0]) => sum + x, 0) / corners.length;
    const cy = box.y + corners.reduce((sum, [, y = 0]) => sum + y, 0) / corners.length;
    await drag(page, [cx, cy], [cx + 80, cy]);
    await expect.poll(() => page.getByTestId('airspace-reshape-save').isEnabled()).toBe(true);
    await page.getByTestId('airspace-reshape-save').click();
    await page.getByTestId('airspace-reshape-bar').waitFor({ state: 'detached' });
    const moved = (
      await apiCall<AirspaceArea[]>(
        server.url,
        `${AIRSPACE_API.list}?workspace_id=${String(operator.user.workspace_id)}`,
        operator.token,
      )
    ).find((a) => a.name === POND)?.shape;
    expect(moved?.type).toBe('circle');
    if (moved?.type !== 'circle') return;
    expect(moved.center[0]).toBeGreaterThan(113.97 + 0.0003);
    expect(moved.center[1]).toBeCloseTo(22.55, 3);
    expect(moved.radius).toBeGreaterThan(140);
    expect(moved.radius).toBeLessThan(160);
  });
});

/** The corners of the area being reshaped, in page pixels (the map publishes them; see AreaDraw). */
async function reshapeCorners(page: Page): Promise<[number, number][]> {
  const map = page.locator('.maplibregl-map[data-draw-tool="reshape-polygon"]');
  const box = await map.boundingBox();
  const text = (await map.getAttribute('data-reshape-corners')) ?? '';
  if (!box || text === '') return [];
  return text.split(';').map((pair): [number, number] => {
    const [x = 0, y = 0] = pair.split(',').map(Number);
    return [box.x + x, box.y + y];
  });
}

/** Waits until the map has drawn two more frames: terra-draw's handles are then on screen. */
async function drawnFrames(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
}

/**
 * Drags with the mouse from one page point to another in small steps, as a hand does: a step each
 * animation frame, since terra-draw takes at most one drag event per frame.
 */
async function drag(page: Page, [x0, y0]: [number, number], [x1, y1]: [number, number]) {
  await page.mouse.move(x0, y0);
  await page.mouse.down();
  const steps = 12;
  for (let i = 1; i <= steps; i++) {
    await page.mouse.move(x0 + ((x1 - x0) * i) / steps, y0 + ((y1 - y0) * i) / steps);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
  }
  await page.mouse.up();
}

describe('an aircraft near a no-fly area, in the cockpit', () => {
  // Any area within 5 km counts as near: wherever its patrol takes the aircraft, it is warned. Its
  // rest in the dock before the patrol (up to 90 s) passes ten times faster.
  const e2e = useE2E({ SIM_DRONES: '1', SIM_TIME_SCALE: '10', AIRSPACE_WARN_M: '5000' });

  it('warns the pilot in the HUD with the area and its distance, in both languages', async () => {
    const { page, server } = e2e;
    page.setDefaultTimeout(60_000);
    const operator = await operatorLogin(server.url);
    const workspace = operator.user.workspace_id;
    // The dock, once it said where it stands.
    const placedDock = async () => {
      const listed = await apiCall<ApiPage<Device>>(
        server.url,
        `${API.deviceList}?workspace_id=${workspace}&domain=3`,
        operator.token,
      );
      return listed.data.find((d) => d.latitude !== null && d.longitude !== null) ?? null;
    };
    await expect.poll(placedDock, WAIT).not.toBeNull();
    const dock = await placedDock();
    if (!dock || dock.latitude === null || dock.longitude === null) throw new Error('no dock');
    // A square of about 200 m, 1.5 km east of the dock: near, never over it.
    const [lng, lat] = [dock.longitude + 0.015, dock.latitude];
    const name = 'E2E 油库';
    await addNoFlySquare(server.url, operator, name, [lng, lat]);

    // The dock fetches the file; airborne, its aircraft reports its distance each second, and the
    // server raises the alarm the HUD shows while it is active.
    await e2e.console.signIn('operator');
    await page.goto(`/drone_ctl?sn=${dock.device_sn}`);
    await page.getByTestId('cockpit').waitFor();
    const alert = page.getByTestId('hud-airspace');
    await alert.waitFor({ timeout: 90_000 });
    expect(await alert.getAttribute('data-breach')).toBe('false');
    expect(await alert.getAttribute('data-kind')).toBe('no_fly');
    expect(await alert.textContent()).toMatch(new RegExp(`接近禁飞区“${name}”：距边界 \\d+ 米`));
    // The distance follows the dock's reports each second as the aircraft flies on, not the one the
    // alarm was raised with.
    await expect.poll(() => alert.getAttribute('data-live')).toBe('true');
    const metres = async () => Number(/(\d+) 米/.exec((await alert.textContent()) ?? '')?.[1]);
    const first = await metres();
    await expect.poll(metres, { timeout: 30_000 }).not.toBe(first);
    // The cockpit's mini-map holds the project's areas too.
    await expect
      .poll(() =>
        page.getByTestId('cockpit').locator('.maplibregl-map').getAttribute('data-airspace-areas'),
      )
      .toBe(`${name}:no_fly`);
    await saveShot(page, 'airspace', 'hud-near-zh-desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    await saveShot(page, 'airspace', 'hud-near-zh-phone');
    await page.setViewportSize({ width: 1440, height: 900 });
    await e2e.console.switchLanguage('English');
    await expect
      .poll(() => alert.textContent())
      .toMatch(new RegExp(`Near the no-fly area “${name}”: \\d+ m from its boundary`));
    await saveShot(page, 'airspace', 'hud-near-en-desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    await saveShot(page, 'airspace', 'hud-near-en-phone');
  });
});
