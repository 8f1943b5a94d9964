/**
 * The workbench tells the truth, end to end: alarms read in words and counted as listed, still there
 * after a reload; a dock has its own panel; a project switch moves counters, list and map at once;
 * and on a phone the workbench stacks with a map of real width and the panel as a sheet.
 */
import { connectAsync } from 'mqtt';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { HmsAlarmRecord } from '../../protocol/alarms.ts';
import { ALARM_API } from '../../protocol/alarms.ts';
import { API } from '../../protocol/http.ts';
import type { DeviceAdded, LoginResult, WorkspaceNode } from '../../protocol/http.ts';
import { deviceClientId } from '../../protocol/mqtt/clientIds.ts';
import { DEMO_PASSWORD } from '../../bench/e2e/skydeckProcess.ts';
import { apiCall } from './support/api.ts';
import { ConsoleDriver } from './support/consoleDriver.ts';
import { useWorkbench } from './support/workbench.ts';

const WAIT = { timeout: 45_000, interval: 500 };
const DRONES = 3;
const DOCK = 'SIMDOCK000000';
/** A dock this test registers and speaks for (the simulator's own docks are the simulator's). */
const TEST_DOCK = 'E2EDOCK0001';

/** Registers {@link TEST_DOCK} in the simulator's project and connects as it. */
async function connectTestDock(
  url: string,
  port: number,
): Promise<{ client: MqttClient; token: string }> {
  const { token } = await apiCall<LoginResult>(url, API.login, null, {
    username: 'admin',
    password: DEMO_PASSWORD,
  });
  const tree = await apiCall<WorkspaceNode[]>(url, API.workspaceTree, token);
  const project = tree[0]?.children?.find((node) => node.name === '深圳湾巡检');
  const added = await apiCall<DeviceAdded>(url, API.deviceAdd, token, {
    device_sn: TEST_DOCK,
    name: 'E2E 机场',
    domain: 3,
    type: 2,
    sub_type: 0,
    model_name: 'DJI Dock 2',
    workspace_id: project?.id,
  });
  const client = await connectAsync(`ws://127.0.0.1:${port}/mqtt`, {
    clientId: deviceClientId(TEST_DOCK),
    username: TEST_DOCK,
    password: added.device_secret,
    reconnectPeriod: 0,
  });
  return { client, token };
}

/** The workbench as an operator reads it. */
class Workbench {
  constructor(readonly page: Page) {}

  count(name: string): Promise<number> {
    return this.page
      .getByTestId(`count-${name}`)
      .locator('.wb-counter-value')
      .innerText()
      .then(Number);
  }

  /** What the map holds: drawn aircraft and docks. */
  async drawn(): Promise<{ drones: number; docks: number }> {
    const map = this.page.locator('.wb-map .maplibregl-map');
    const read = async (name: string) => Number((await map.getAttribute(`data-${name}`)) ?? -1);
    return { drones: await read('drones'), docks: await read('docks') };
  }

  feed(): Promise<string[]> {
    return this.page.locator('[data-testid=alarm-item] .wb-alarm-title').allInnerTexts();
  }

  async switchTo(name: string): Promise<void> {
    await this.page.getByTestId('workspace-switcher').click();
    await this.page.locator('.sd-workspace-menu .bp6-menu-item', { hasText: name }).first().click();
  }
}

describe('workbench truth', () => {
  const world = useWorkbench({ drones: DRONES, osdHz: 2 });
  let bench: Workbench;
  let dock: MqttClient | undefined;

  beforeAll(() => {
    bench = new Workbench(world.page);
  });

  afterAll(async () => {
    await dock?.endAsync(true);
  });

  it('lists alarms in words, counts what it lists, and still shows them after a reload', async () => {
    await expect.poll(() => bench.count('online'), WAIT).toBe(DRONES * 2);
    const { client, token } = await connectTestDock(world.server.url, world.server.port);
    dock = client;
    await bench.page.reload();
    // Events are not replayed: publish them once the console hears this dock (a dock osd without a
    // position, so the map's dock count stays the simulator's).
    const row = bench.page.locator(`[data-testid=device-row][data-sn=${TEST_DOCK}]`);
    await expect
      .poll(async () => {
        await dock?.publishAsync(
          `thing/product/${TEST_DOCK}/osd`,
          JSON.stringify({
            tid: 'o',
            bid: 'o',
            timestamp: Date.now(),
            data: { mode_code: 0, cover_state: 0 },
          }),
        );
        return row.getAttribute('data-status');
      }, WAIT)
      .toBe('ground');
    const event = (method: string, data: unknown) =>
      JSON.stringify({
        tid: method,
        bid: method,
        timestamp: Date.now(),
        gateway: DOCK,
        method,
        data,
      });
    const rtk = {
      level: 1,
      module: 3,
      in_the_sky: 0,
      code: '0x12040000',
      device_type: '3-2-0',
      imminent: 0,
      args: { component_index: 0, sensor_index: 0 },
    };
    await dock.publishAsync(`thing/product/${TEST_DOCK}/events`, event('hms', { list: [rtk] }));
    await dock.publishAsync(
      `thing/product/${TEST_DOCK}/events`,
      event('ai_alarm', {
        alarm_id: 'e2e-1',
        category: 'person',
        confidence: 0.9,
        level: 2,
        latitude: 22.5,
        longitude: 113.9,
        payload_index: '80-0-0',
      }),
    );
    await expect
      .poll(() => bench.feed(), WAIT)
      .toEqual(expect.arrayContaining(['机场 RTK 基站断开', 'AI 识别：人员']));
    const listed = (await bench.feed()).length;
    expect(await bench.count('alarms')).toBe(listed);
    expect((await bench.feed()).join(' ')).not.toMatch(/ai_alarm|^0x/);

    // Once the server has stored it, a console opened now shows it before the dock speaks again.
    await expect
      .poll(() => apiCall<HmsAlarmRecord[]>(world.server.url, ALARM_API.active, token), WAIT)
      .toEqual(expect.arrayContaining([expect.objectContaining({ code: '0x12040000' })]));
    await bench.page.reload();
    await expect.poll(() => bench.feed(), WAIT).toContain('机场 RTK 基站断开');
  });

  it('draws docks, and a selected dock opens its own panel with its own words', async () => {
    await expect.poll(async () => (await bench.drawn()).docks, WAIT).toBe(DRONES);
    await bench.page.locator(`[data-testid=device-row][data-sn=${DOCK}]`).click();
    const panel = bench.page.getByTestId('dock-panel');
    await expect.poll(() => panel.getAttribute('data-sn'), WAIT).toBe(DOCK);
    await expect
      .poll(() => bench.page.getByTestId('dock-mode').innerText(), WAIT)
      .toMatch(/^(空闲|作业中)$/);
    await expect
      .poll(() => bench.page.getByTestId('dock-charging').innerText(), WAIT)
      .toMatch(/电量 \d+%/);
    for (const field of ['cover', 'network', 'temperature', 'humidity', 'rainfall', 'wind'])
      expect(await bench.page.getByTestId(`dock-${field}`).innerText(), field).not.toBe('—');
  });

  it('follows a project switch at once: counters, list and map', async () => {
    await bench.switchTo('前海应急');
    await expect.poll(() => bench.count('online'), WAIT).toBe(0);
    expect(await bench.count('offline')).toBe(0);
    expect(world.pageErrors).toEqual([]);
    await expect.poll(() => bench.drawn(), WAIT).toEqual({ drones: 0, docks: 0 });
    await expect
      .poll(() => bench.page.getByTestId('fleet-sidebar').getAttribute('data-state'))
      .toBe('ready');
    expect(await bench.page.locator('[data-testid=device-row]').count()).toBe(0);
    expect(await bench.count('alarms')).toBe(0);

    await bench.switchTo('Skydeck 演示组织');
    // Every device at once: the worker resends what it knows instead of waiting for changes.
    await expect
      .poll(() => bench.drawn(), { timeout: 10_000, interval: 250 })
      .toEqual({ drones: DRONES, docks: DRONES });
    // The simulator's aircraft and docks, and this test's dock.
    await expect
      .poll(() => bench.count('online'), { timeout: 10_000, interval: 250 })
      .toBe(DRONES * 2 + 1);
    expect(await bench.count('alarms')).toBe((await bench.feed()).length);
  });

  it('stacks on a phone: a map of real width, and a drone opens its panel as a sheet', async () => {
    const phone = await world.browser.newContext({
      baseURL: world.server.url,
      viewport: { width: 390, height: 844 },
    });
    const page = await phone.newPage();
    const person = new ConsoleDriver(page);
    await person.signIn('operator', { redirect: '/dashboard' });
    await person.settled();
    const canvas = page.locator('.wb-map canvas').first();
    await canvas.waitFor(WAIT);
    expect((await canvas.boundingBox())?.width ?? 0).toBeGreaterThan(300);
    const row = page.locator('[data-testid=device-row][data-sn^=SIMUAV]').first();
    await row.scrollIntoViewIfNeeded();
    await row.click();
    const panel = page.getByTestId('drone-panel');
    await panel.waitFor(WAIT);
    const box = await panel.boundingBox();
    expect(box?.width ?? 0).toBeGreaterThan(350);
    expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(845);
    await panel.getByRole('button', { name: '关闭' }).click();
    await expect.poll(() => panel.count()).toBe(0);
    await phone.close();
  });
});
