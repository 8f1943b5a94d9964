/**
 * Live AI-alarm toasts under a burst: a few at a time with one "N more alarms" toast for the rest,
 * gone when the user moves to another project, and compact on a phone.
 */
import { connectAsync } from 'mqtt';
import type { MqttClient } from 'mqtt';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../bench/e2e/skydeckProcess.ts';
import { API } from '../../protocol/http.ts';
import type { DeviceAdded, LoginResult, WorkspaceNode } from '../../protocol/http.ts';
import { deviceClientId } from '../../protocol/mqtt/clientIds.ts';
import { apiCall } from './support/api.ts';
import { saveShot } from './support/shots.ts';
import { useWorkbench } from './support/workbench.ts';

const WAIT = { timeout: 45_000, interval: 500 };
const DOCK = 'E2ETOASTDOCK1';
const PROJECT = '深圳湾巡检';
const OTHER_PROJECT = '前海应急';

/** Registers the test dock in the demo project and connects as it. */
async function connectDock(url: string, port: number): Promise<MqttClient> {
  const { token } = await apiCall<LoginResult>(url, API.login, null, {
    username: 'admin',
    password: DEMO_PASSWORD,
  });
  const tree = await apiCall<WorkspaceNode[]>(url, API.workspaceTree, token);
  const project = tree[0]?.children?.find((node) => node.name === PROJECT);
  const added = await apiCall<DeviceAdded>(url, API.deviceAdd, token, {
    device_sn: DOCK,
    name: '告警测试机场',
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

/** The dock says it is there until the workbench lists it. */
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

let burst = 0;
/** The dock reports `n` detections at once. */
async function detections(dock: MqttClient, n: number): Promise<void> {
  burst += 1;
  for (let i = 0; i < n; i++)
    await dock.publishAsync(
      `thing/product/${DOCK}/events`,
      message('ai_alarm', {
        alarm_id: `e2e-burst-${String(burst)}-${String(i)}`,
        category: 'person',
        confidence: 0.8,
        level: 2,
        latitude: 22.541,
        longitude: 113.951,
        payload_index: '80-0-0',
        box: { x: 0.4, y: 0.4, width: 0.1, height: 0.2 },
      }),
    );
}

async function switchProject(page: Page, name: string): Promise<void> {
  await page.getByTestId('workspace-switcher').click();
  await page.locator('.sd-workspace-menu .bp6-menu-item', { hasText: name }).first().click();
  await expect.poll(() => page.getByTestId('workspace-switcher').textContent()).toBe(name);
}

describe('AI alarm toasts', () => {
  const world = useWorkbench({ drones: 1, osdHz: 1 });
  let dock: MqttClient | undefined;

  beforeAll(async () => {
    dock = await connectDock(world.server.url, world.server.port);
    await world.page.reload();
  });

  afterAll(async () => {
    await dock?.endAsync(true);
  });

  it('shows three at a time and one "more" toast for a burst, and drops them on a project switch', async () => {
    const { page } = world;
    if (!dock) throw new Error('no dock');
    await untilHeard(page, dock);
    await detections(dock, 8);
    const more = page.getByTestId('alarm-toast-more');
    await expect.poll(() => more.getAttribute('data-count'), WAIT).toBe('5');
    expect(await page.getByTestId('alarm-toast').count()).toBe(3);
    await saveShot(page, 'alarmToasts', 'burst-zh-1440');

    await switchProject(page, OTHER_PROJECT);
    await expect.poll(() => page.locator('.sd-alarm-toast-host').count(), WAIT).toBe(0);
    await switchProject(page, PROJECT);
  });

  it('keeps a phone’s screen mostly free: one compact alarm toast and the count', async () => {
    const { page } = world;
    if (!dock) throw new Error('no dock');
    await untilHeard(page, dock);
    await page.setViewportSize({ width: 390, height: 844 });
    await detections(dock, 4);
    const more = page.getByTestId('alarm-toast-more');
    await expect.poll(() => more.getAttribute('data-count'), WAIT).toBe('3');
    expect(await page.getByTestId('alarm-toast').count()).toBe(1);
    // Toasts slide in: measure once they stand still.
    await page.waitForFunction(() => document.getAnimations().length === 0);
    const boxes = await page
      .locator('.sd-alarm-toast-host')
      .evaluateAll((toasts) => toasts.map((t) => t.getBoundingClientRect().toJSON() as DOMRect));
    const covered = boxes.reduce((sum, box) => sum + box.width * box.height, 0);
    expect(covered).toBeLessThanOrEqual(0.25 * 390 * 844);
    for (const box of boxes) expect(box.right).toBeLessThanOrEqual(390);
    await saveShot(page, 'alarmToasts', 'burst-zh-390');
    await more.click();
    await page.waitForURL((url) => url.pathname === '/aralm');
  });
});
