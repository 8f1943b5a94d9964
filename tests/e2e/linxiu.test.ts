/**
 * Smell sensing end to end: a device reports a flight's multi-gas readings across a plume over the
 * real broker; the console hears the methane threshold crossing as an alarm toast, the smell page
 * shows the readings as a heat map with the estimated source, and its PDF report is the smell page.
 * A threshold edited in the dialog takes effect at once: the next reading over it raises an alarm,
 * placed where the aircraft was last seen when the reading has no position; the gauges follow the
 * pushed readings without asking the server again; a custom from/to range picks the readings.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { connectAsync } from 'mqtt';
import type { MqttClient } from 'mqtt';
import { PDFDocument } from 'pdf-lib';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AiAlarm } from '../../protocol/aiAlarms.ts';
import { AI_ALARM_API } from '../../protocol/aiAlarms.ts';
import { API } from '../../protocol/http.ts';
import type {
  DeviceAdded,
  LoginResult,
  Page as Paged,
  WorkspaceNode,
} from '../../protocol/http.ts';
import { deviceClientId } from '../../protocol/mqtt/clientIds.ts';
import { DEMO_PASSWORD } from '../../bench/e2e/skydeckProcess.ts';
import { concentrationAt, gM3ToPpm } from '../../server/physics/plume.ts';
import { offset } from '../../server/physics/geodesy.ts';
import { apiCall } from './support/api.ts';
import { ConsoleDriver } from './support/consoleDriver.ts';
import { saveShot, SHOTS_DIR, SHOTS_ON } from './support/shots.ts';
import { useWorkbench } from './support/workbench.ts';

const WAIT = { timeout: 45_000, interval: 500 };
const DOCK = 'E2EGASDOCK1';
const SOURCE = { lat: 22.552, lng: 113.94 };

const message = (method: string, data: unknown) =>
  JSON.stringify({
    tid: `${method}-${String(Math.random())}`,
    bid: method,
    timestamp: Date.now(),
    method,
    data,
  });

/** Legs across the plume of a methane source in a wind from the south-west, one reading every 20 m. */
function crossings() {
  const wind = { speed: 3, fromDeg: 225 };
  const to = ((wind.fromDeg + 180) * Math.PI) / 180;
  const out: object[] = [];
  for (const down of [450, 800])
    for (let across = -500; across <= 500; across += 20) {
      const at = offset(
        SOURCE,
        down * Math.sin(to) + across * Math.cos(to),
        down * Math.cos(to) - across * Math.sin(to),
      );
      const ch4 = 1.9 + gM3ToPpm(concentrationAt(SOURCE, at, 70, 10, wind, 4000), 16.04);
      out.push({
        sensor_id: 'E2E-GAS',
        gas: 'ch4',
        value: ch4,
        unit: 'ppm',
        level: 0,
        latitude: at.lat,
        longitude: at.lng,
        height: 80,
        relative_height: 70,
        gases: { ch4, h2s: 0.01, nh3: 0.02, voc: 0.05, so2: 0.002, co: 0.15 },
        odour: 20 + ch4 * 5,
        temperature: 27,
        humidity: 66,
        pressure: 1003,
        wind_speed: wind.speed,
        wind_direction: wind.fromDeg,
      });
    }
  return out;
}

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

describe('smell sensing', () => {
  const world = useWorkbench({ drones: 0, osdHz: 1 });
  let dock: MqttClient | undefined;
  let token = '';

  beforeAll(async () => {
    const url = world.server.url;
    token = (
      await apiCall<LoginResult>(url, API.login, null, {
        username: 'admin',
        password: DEMO_PASSWORD,
      })
    ).token;
    const tree = await apiCall<WorkspaceNode[]>(url, API.workspaceTree, token);
    const project = tree[0]?.children?.find((node) => node.name === '深圳湾巡检');
    const added = await apiCall<DeviceAdded>(url, API.deviceAdd, token, {
      device_sn: DOCK,
      name: '嗅觉测试机场',
      domain: 3,
      type: 2,
      sub_type: 0,
      model_name: 'DJI Dock 2',
      workspace_id: project?.id,
    });
    dock = await connectAsync(`ws://127.0.0.1:${String(world.server.port)}/mqtt`, {
      clientId: deviceClientId(DOCK),
      username: DOCK,
      password: added.device_secret,
      reconnectPeriod: 0,
    });
    await world.page.reload();
  });

  afterAll(async () => {
    await dock?.endAsync(true);
  });

  it('raises one alarm on the methane crossing, shows the heat map and source, exports the report', async () => {
    const page = world.page;
    if (dock) await untilHeard(page, dock);
    const readings = crossings();
    for (const r of readings)
      await dock?.publishAsync(`thing/product/${DOCK}/events`, message('gas_reading', r));

    // The crossing reaches the console live, as the alarm feed's toast.
    await page.getByTestId('alarm-toast').first().waitFor(WAIT);
    await saveShot(page, 'linxiu', 'toast');
    // Two legs cross the plume: two crossings of the 50 ppm caution level, one alarm each.
    // The first toast can come before the second crossing is stored: wait for both.
    await expect
      .poll(
        async () =>
          (
            await apiCall<Paged<AiAlarm>>(
              world.server.url,
              `${AI_ALARM_API.list}?category=gas_ch4&device_sn=${DOCK}`,
              token,
            )
          ).total,
        WAIT,
      )
      .toBe(2);

    await new ConsoleDriver(page).open('/linxiu');
    const map = page.getByTestId('gas-map').locator('.maplibregl-map');
    await expect
      .poll(() => map.getAttribute('data-heat-points'), WAIT)
      .toBe(String(readings.length));
    await expect.poll(() => map.getAttribute('data-source'), WAIT).toBe('yes');
    expect(await page.getByTestId('gas-source-fit').innerText()).toContain('不确定半径');
    expect(await page.getByTestId('gauge-ch4').innerText()).toContain('ppm');
    await expect
      .poll(() => page.getByTestId('gas-peaks').locator('tbody tr').count(), WAIT)
      .toBe(10);
    await expect.poll(() => map.getAttribute('data-idle'), WAIT).toBe('yes');
    await saveShot(page, 'linxiu', 'page');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('gas-pdf').click(),
    ]);
    expect(download.suggestedFilename()).toBe('报告.pdf');
    const bytes = await readFile(await download.path());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getTitle()).toContain('嗅觉感知');
    // Gauges, the map, the source estimate, the peaks and the charts do not fit on one page.
    expect(pdf.getPageCount()).toBeGreaterThanOrEqual(2);
    if (SHOTS_ON) await writeFile(join(SHOTS_DIR, 'linxiu', 'report.pdf'), bytes);
    expect(world.pageErrors).toEqual([]);
  });

  it('raises an alarm from a threshold edited in the dialog; gauges follow pushed readings', async () => {
    const page = world.page;
    await page.getByTestId('gauge-h2s').waitFor();
    // Gauges are read once, then only pushed: count the readings asked for from here on.
    let asked = 0;
    page.on('request', (r) => {
      if (r.url().includes('/api/linxiu/latest')) asked += 1;
    });
    await page.getByTestId('gas-thresholds-open').click();
    const dialog = page.getByTestId('gas-thresholds');
    await dialog.getByTestId('threshold-h2s-caution').fill('0.5');
    await dialog.getByTestId('threshold-h2s-warning').fill('1');
    await saveShot(page, 'linxiu', 'thresholds-edit');
    await page.getByTestId('gas-thresholds-save').click();
    await dialog.waitFor({ state: 'detached' });

    // A reading over the new caution level, without a position (the sensor lost its fix).
    const over = { ...(crossings().at(-1) as Record<string, unknown>) };
    delete over.latitude;
    delete over.longitude;
    over.gases = { ch4: 2, h2s: 0.8, nh3: 0.02, voc: 0.05, so2: 0.002, co: 0.15 };
    await dock?.publishAsync(`thing/product/${DOCK}/events`, message('gas_reading', over));

    await expect.poll(() => page.getByTestId('gauge-h2s').innerText(), WAIT).toContain('0.8');
    expect(
      await page.getByTestId('gauge-h2s').locator('[data-level]').getAttribute('data-level'),
    ).toBe('1');
    await page.getByTestId('alarm-toast').filter({ hasText: '硫化氢超限' }).waitFor(WAIT);
    await saveShot(page, 'linxiu', 'threshold-crossing');
    const alarms = await apiCall<Paged<AiAlarm>>(
      world.server.url,
      `${AI_ALARM_API.list}?category=gas_h2s&device_sn=${DOCK}`,
      token,
    );
    expect(alarms.total).toBe(1);
    // Placed at the last reading that had a position, never at 0,0.
    const last = crossings().at(-1) as { latitude: number; longitude: number };
    expect(alarms.data[0]?.latitude).toBeCloseTo(last.latitude, 6);
    expect(alarms.data[0]?.longitude).toBeCloseTo(last.longitude, 6);
    expect(asked).toBe(0);

    // A custom range around now holds every reading; one that ended before them holds none.
    await page.getByTestId('gas-range').selectOption('custom');
    const range = page.getByTestId('gas-custom-range');
    const at = (ms: number) => new Date(ms - new Date().getTimezoneOffset() * 60_000).toISOString();
    const local = (ms: number) => at(ms).slice(0, 16).replace('T', ' ');
    await range.getByLabel('开始时间').fill(local(Date.now() - 3_600_000));
    await range.getByLabel('结束时间').fill(local(Date.now() + 3_600_000));
    await range.getByLabel('结束时间').press('Enter');
    const count = page.getByTestId('gas-count');
    await expect
      .poll(() => count.innerText(), WAIT)
      .toBe(`原始读数 ${String(crossings().length + 1)} 条`);
    await saveShot(page, 'linxiu', 'custom-range');
    await range.getByLabel('开始时间').fill(local(Date.now() - 7_200_000));
    await range.getByLabel('结束时间').fill(local(Date.now() - 3_600_000));
    await range.getByLabel('结束时间').press('Enter');
    await expect.poll(() => count.innerText(), WAIT).toBe('原始读数 0 条');
    // The page with its custom range on a phone, and in English.
    await page.setViewportSize({ width: 390, height: 844 });
    await saveShot(page, 'linxiu', 'custom-range-zh-390', { fullPage: true });
    await page.setViewportSize({ width: 1440, height: 900 });
    await new ConsoleDriver(page).switchLanguage('English');
    await expect.poll(() => count.innerText(), WAIT).toBe('0 raw readings');
    await saveShot(page, 'linxiu', 'custom-range-en-1440');
    await page.setViewportSize({ width: 390, height: 844 });
    await saveShot(page, 'linxiu', 'custom-range-en-390', { fullPage: true });
    await page.setViewportSize({ width: 1440, height: 900 });
    expect(world.pageErrors).toEqual([]);
  });
});
