/**
 * AI alarms end to end: a detection a dock reports reaches two consoles of the project live as a
 * toast with its thumbnail, opens in the alarm page's drawer with the snapshot and its box, is
 * confirmed and resolved there, and both moves are in the logs.
 */
import { connectAsync } from 'mqtt';
import type { MqttClient } from 'mqtt';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../protocol/http.ts';
import type { DeviceAdded, LoginResult, WorkspaceNode } from '../../protocol/http.ts';
import { deviceClientId } from '../../protocol/mqtt/clientIds.ts';
import { DEMO_PASSWORD } from '../../bench/e2e/skydeckProcess.ts';
import { apiCall } from './support/api.ts';
import { openPage } from './support/browser.ts';
import { ConsoleDriver } from './support/consoleDriver.ts';
import { saveShot } from './support/shots.ts';
import { TabsDriver } from './support/tabsDriver.ts';
import { useWorkbench } from './support/workbench.ts';

const WAIT = { timeout: 45_000, interval: 500 };
const DOCK = 'E2EAIDOCK01';

/** Registers the test dock in the demo project and connects as it. */
async function connectDock(url: string, port: number): Promise<MqttClient> {
  const { token } = await apiCall<LoginResult>(url, API.login, null, {
    username: 'admin',
    password: DEMO_PASSWORD,
  });
  const tree = await apiCall<WorkspaceNode[]>(url, API.workspaceTree, token);
  const project = tree[0]?.children?.find((node) => node.name === '深圳湾巡检');
  const added = await apiCall<DeviceAdded>(url, API.deviceAdd, token, {
    device_sn: DOCK,
    name: 'AI 测试机场',
    domain: 3,
    type: 2,
    sub_type: 0,
    model_name: 'DJI Dock 2',
    workspace_id: project?.id,
  });
  return connectAsync(`ws://127.0.0.1:${String(port)}/mqtt`, {
    clientId: deviceClientId(DOCK),
    username: DOCK,
    password: added.device_secret,
    reconnectPeriod: 0,
  });
}

const message = (method: string, data: unknown) =>
  JSON.stringify({ tid: method, bid: method, timestamp: Date.now(), method, data });

/** The dock says it is there until the console lists it on the workbench. */
async function untilHeard(page: Page, dock: MqttClient): Promise<void> {
  const row = page.locator(`[data-testid=device-row][data-sn=${DOCK}]`);
  await expect
    .poll(async () => {
      await dock.publishAsync(
        `thing/product/${DOCK}/osd`,
        message('osd', { mode_code: 0, cover_state: 0 }),
      );
      return row.getAttribute('data-status');
    }, WAIT)
    .toBe('ground');
}

/**
 * Pixels of the alarm map drawn in a strong colour: the alarm dots and cluster bubbles. The basemap
 * is drawn in greys and muted blues, so on an empty map this stays near zero.
 */
function markerPixels(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const canvas = document.querySelector<HTMLCanvasElement>(
      '[data-testid=alarm-map] canvas.maplibregl-canvas',
    );
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
    let strong = 0;
    for (let i = 0; i < data.length; i += 4) {
      const rgb = [data[i] ?? 0, data[i + 1] ?? 0, data[i + 2] ?? 0];
      if (Math.max(...rgb) - Math.min(...rgb) > 120) strong += 1;
    }
    return strong;
  });
}

describe('AI alarms', () => {
  const world = useWorkbench({ drones: 1, osdHz: 1 });
  let dock: MqttClient | undefined;
  let second: Page;

  beforeAll(async () => {
    dock = await connectDock(world.server.url, world.server.port);
    await world.page.reload();
    const other = await openPage(world.browser, world.server.url);
    second = other.page;
    await new ConsoleDriver(second).signIn('operator', { redirect: '/dashboard' });
  });

  afterAll(async () => {
    await dock?.endAsync(true);
    await second.context().close();
  });

  it('shows a detection live on every console with its thumbnail, then works it to closure', async () => {
    // Events are not replayed: both consoles must list the dock before it reports a detection.
    if (dock) for (const page of [world.page, second]) await untilHeard(page, dock);
    await dock?.publishAsync(
      `thing/product/${DOCK}/events`,
      message('ai_alarm', {
        alarm_id: 'e2e-fire-1',
        category: 'fire',
        confidence: 0.93,
        level: 2,
        latitude: 22.541,
        longitude: 113.951,
        payload_index: '80-0-0',
        box: { x: 0.45, y: 0.4, width: 0.15, height: 0.22 },
        sim_scene: { height: 90, yaw: 15 },
      }),
    );
    for (const page of [second, world.page]) {
      const toast = page.getByTestId('alarm-toast');
      await toast.waitFor(WAIT);
      expect(await toast.innerText()).toContain('AI 告警：火情');
      await page.getByTestId('alarm-toast-thumb').waitFor(WAIT);
      await expect
        .poll(() =>
          page
            .getByTestId('alarm-toast-thumb')
            .evaluate((img: HTMLImageElement) => img.naturalWidth),
        )
        .toBeGreaterThan(0);
      expect(await page.getByTestId('alarm-unread').innerText()).toBe('1');
    }
    // The workbench's alarm feed shows the detection with its snapshot too.
    const feedThumb = world.page
      .getByTestId('alarm-feed')
      .locator('[data-testid=alarm-item][data-code=fire]')
      .getByTestId('alarm-item-thumb');
    await feedThumb.waitFor(WAIT);
    await expect
      .poll(() => feedThumb.evaluate((img: HTMLImageElement) => img.naturalWidth), WAIT)
      .toBeGreaterThan(0);
    await saveShot(world.page, 'alarms', 'toast-zh');

    // The toast opens the alarm in the page's drawer: the snapshot with its box over it.
    await world.page.getByTestId('alarm-toast').click();
    const drawer = world.page.locator('.aralm-drawer');
    await drawer.getByTestId('alarm-snapshot').waitFor(WAIT);
    await drawer.getByTestId('alarm-box').waitFor();
    expect(await drawer.getByTestId('drawer-status').innerText()).toBe('新告警');
    await drawer.getByTestId('alarm-move-confirmed').click();
    await expect.poll(() => drawer.getByTestId('drawer-status').innerText(), WAIT).toBe('已确认');
    await saveShot(world.page, 'alarms', 'drawer-zh');
    await drawer.getByTestId('alarm-move-resolved').click();
    await expect.poll(() => drawer.getByTestId('drawer-status').innerText(), WAIT).toBe('已处置');
    expect(await drawer.getByTestId('alarm-history').innerText()).toContain('已确认 → 已处置');
    await world.page.locator('.aralm-drawer .bp6-dialog-close-button').click();
    await expect
      .poll(() => world.page.getByTestId('alarm-status').first().innerText(), WAIT)
      .toBe('已处置');
    expect(await world.page.locator('[data-testid=alarm-unread]').count()).toBe(0);
    await saveShot(world.page, 'alarms', 'list-zh');

    // Both moves are in the audit log, with who made them.
    await new ConsoleDriver(world.page).open('/logs');
    const rows = world.page.locator('.sd-table tbody tr', { hasText: 'AI 告警' });
    await expect.poll(() => rows.count(), WAIT).toBeGreaterThanOrEqual(2);
    const text = (await rows.allInnerTexts()).join('\n');
    expect(text).toContain('admin');
    expect(text).toContain('fire · E2EAIDOCK01');
  });

  it('lists the alarms with thumbnails and counts them per day and class', async () => {
    const spots = [
      ['person', 22.5412, 113.9512],
      ['vehicle', 22.5413, 113.9511],
      ['smoke', 22.552, 113.938],
    ] as const;
    for (const [i, [category, latitude, longitude]] of spots.entries())
      await dock?.publishAsync(
        `thing/product/${DOCK}/events`,
        message('ai_alarm', {
          alarm_id: `e2e-more-${String(i)}`,
          category,
          confidence: 0.8,
          level: 1,
          latitude,
          longitude,
          payload_index: '80-0-0',
          box: { x: 0.3, y: 0.3, width: 0.12, height: 0.2 },
          sim_scene: { height: 80, yaw: 0 },
        }),
      );
    const ui = new ConsoleDriver(world.page);
    await ui.open('/aralm');
    const rows = world.page.locator('.sd-table tbody tr');
    await expect.poll(() => rows.count(), WAIT).toBeGreaterThanOrEqual(spots.length);
    await saveShot(world.page, 'alarms', 'list-desktop-zh');
    await world.page.getByTestId('aralm-tab-stats').click();
    await world.page.locator('.aralm-stats .recharts-bar-rectangle').first().waitFor(WAIT);
    await saveShot(world.page, 'alarms', 'stats-desktop-zh');
    // Map mode: the alarms drawn as bubbles and dots, also after the page was hidden behind another
    // tab and shown again (the console keeps hidden tabs alive).
    await world.page.getByTestId('aralm-tab-map').click();
    await expect.poll(() => markerPixels(world.page), WAIT).toBeGreaterThan(100);
    expect(Number(await world.page.getByTestId('alarm-map').getAttribute('data-alarms'))).toBe(4);
    await saveShot(world.page, 'alarms', 'map-desktop-zh');
    const tags = new TabsDriver(world.page);
    await tags.open('/dashboard');
    await tags.open('/aralm');
    await expect.poll(() => markerPixels(world.page), WAIT).toBeGreaterThan(100);
    await world.page.getByTestId('aralm-tab-stats').click();
    await ui.switchLanguage('English');
    await world.page.getByText('Alarms per day').waitFor();
    await saveShot(world.page, 'alarms', 'stats-desktop-en');
    await world.page.getByRole('tab', { name: 'List' }).click();
    await world.page.getByTestId('alarm-open').first().click();
    await world.page.locator('.aralm-drawer').getByTestId('alarm-snapshot').waitFor(WAIT);
    await saveShot(world.page, 'alarms', 'drawer-desktop-en');
    await world.page.locator('.aralm-drawer .bp6-dialog-close-button').click();
    await saveShot(world.page, 'alarms', 'list-desktop-en');
    await world.page.setViewportSize({ width: 390, height: 844 });
    await saveShot(world.page, 'alarms', 'list-phone-en');
    await world.page.getByTestId('alarm-open').first().click();
    await world.page.locator('.aralm-drawer').getByTestId('alarm-snapshot').waitFor(WAIT);
    await saveShot(world.page, 'alarms', 'drawer-phone-en');
    await world.page.locator('.aralm-drawer .bp6-dialog-close-button').click();
    // On a phone the language switch sits elsewhere: switch back at desktop size.
    await world.page.setViewportSize({ width: 1440, height: 900 });
    await ui.switchLanguage('简体中文');
    await world.page.setViewportSize({ width: 390, height: 844 });
    await world.page.getByRole('tab', { name: '列表' }).click();
    await saveShot(world.page, 'alarms', 'list-phone-zh');
  });
});
