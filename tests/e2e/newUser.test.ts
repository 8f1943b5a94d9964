/**
 * What a new user meets on first look: the route list fits a desktop window in English with every
 * row's actions on screen, and the hidden full-screen addresses opened bare (the wall map without a
 * flight, the cockpit without a device) offer a choice instead of a validation message.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { API, type Envelope, type LoginResult } from '../../protocol/http.ts';
import { TASK_API, type FlightTask, type FlightTaskDetail } from '../../protocol/tasks.ts';
import { WAYLINE_API, type Wayline } from '../../protocol/waylines.ts';
import { fixtureKmz } from '../fixtures/wpml/kmz.ts';
import { TEST_PASSWORD } from './support/server.ts';
import { useE2E } from './support/setup.ts';
import { saveShot } from './support/shots.ts';
import { forSimDock } from './support/simRoute.ts';

const WAIT = { timeout: 90_000, interval: 500 };

/** The operator over the API, with a bearer header. */
async function operator(baseUrl: string) {
  const login = await fetch(`${baseUrl}${API.login}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: 'operator', password: TEST_PASSWORD }),
  });
  const { token, user } = ((await login.json()) as Envelope<LoginResult>).data;
  return { workspaceId: user.workspace_id, auth: { Authorization: `Bearer ${token}` } };
}

/** Uploads a route named `name` into the operator's project; answers it. */
async function upload(baseUrl: string, name: string, kmz: Uint8Array): Promise<Wayline> {
  const { workspaceId, auth } = await operator(baseUrl);
  const query = `workspace_id=${String(workspaceId)}&name=${encodeURIComponent(name)}`;
  const response = await fetch(`${baseUrl}${WAYLINE_API.upload}?${query}`, {
    method: 'POST',
    headers: { ...auth, 'Content-Type': 'application/octet-stream' },
    body: Buffer.from(kmz),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as Envelope<Wayline>).data;
}

/** The serial number of the project's online dock, once the simulated one has connected. */
async function onlineDock(baseUrl: string): Promise<string> {
  const { workspaceId, auth } = await operator(baseUrl);
  const devices = `${baseUrl}${API.deviceAccountList}?workspace_id=${String(workspaceId)}&pageIndex=1&pageSize=100`;
  let dockSn = '';
  await expect
    .poll(async () => {
      const answer = await fetch(devices, { headers: auth });
      const page = (await answer.json()) as Envelope<{
        rows: { device_sn: string; domain: number; online: boolean }[];
      }>;
      dockSn = page.data.rows.find((d) => d.domain === 3 && d.online)?.device_sn ?? '';
      return dockSn;
    }, WAIT)
    .not.toBe('');
  return dockSn;
}

/** Creates an immediate task on the dock and waits until its run has gone to the dock. */
async function sentRun(baseUrl: string, dockSn: string): Promise<number> {
  const { workspaceId, auth } = await operator(baseUrl);
  const wayline = await upload(
    baseUrl,
    '新手巡检.kmz',
    forSimDock(fixtureKmz('waypoint-actions-1.0.6')),
  );
  const added = await fetch(`${baseUrl}${TASK_API.add}`, {
    method: 'POST',
    headers: { ...auth, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      workspace_id: workspaceId,
      name: '新手早巡',
      wayline_id: wayline.id,
      dock_sn: dockSn,
      schedule: { kind: 'immediate' },
      rth_altitude: 100,
    }),
  });
  const task = ((await added.json()) as Envelope<FlightTask>).data;
  let runId = 0;
  await expect
    .poll(async () => {
      const answer = await fetch(`${baseUrl}${TASK_API.info}?id=${String(task.id)}`, {
        headers: auth,
      });
      const last = ((await answer.json()) as Envelope<FlightTaskDetail>).data.last;
      runId = last?.id ?? 0;
      return last !== null && last.state !== 'pending';
    }, WAIT)
    .toBe(true);
  return runId;
}

/** Everything a toast or the page says, to look for raw validation text in. */
const pageText = (page: Page): Promise<string> => page.locator('body').innerText();

describe('a new user', () => {
  const e2e = useE2E({ SIM_DRONES: '1', SIM_PATROLS: '0', SIM_TIME_SCALE: '10' });

  it('sees the whole route list at 1440×900 in English, every row’s actions on screen', async () => {
    const { page } = e2e;
    const long = 'Riverside perimeter patrol loop, west bank, night shift, second variant';
    await upload(e2e.server.url, `${long}.kmz`, fixtureKmz('waypoint-actions-1.0.6'));
    await upload(e2e.server.url, '北门巡检.kmz', fixtureKmz('waypoint-actions-1.0.6'));
    await page.addInitScript(() => localStorage.setItem('lang', 'en'));
    await e2e.console.signIn('operator');
    await e2e.console.open('/wayline');
    const rows = page.locator('.sd-table tbody tr');
    await expect.poll(() => rows.count(), WAIT).toBe(2);
    await page.locator('.sd-table-body[aria-busy="false"]').waitFor();

    const fit = await page.evaluate(() => {
      const body = document.querySelector('.sd-table-body');
      const buttons = [...document.querySelectorAll('.sd-table tbody tr td:last-child button')];
      return {
        scrollWidth: body?.scrollWidth ?? Infinity,
        clientWidth: body?.clientWidth ?? 0,
        rightmost: Math.max(...buttons.map((b) => b.getBoundingClientRect().right)),
        buttons: buttons.length,
        viewport: window.innerWidth,
      };
    });
    expect(fit.scrollWidth).toBeLessThanOrEqual(fit.clientWidth);
    // Details, download, export KML, edit on the map, rename, duplicate and delete on both rows.
    expect(fit.buttons).toBe(14);
    expect(fit.rightmost).toBeLessThanOrEqual(fit.viewport);
    for (const name of [
      'Details',
      'Download',
      'Export KML',
      'Edit on the map',
      'Rename',
      'Duplicate',
      'Delete',
    ])
      expect(await rows.first().getByRole('button', { name }).isVisible()).toBe(true);
    // A name too long for its column is cut, and reads whole on hover.
    expect(await page.getByTitle(long, { exact: true }).count()).toBe(1);
    await saveShot(page, 'newUser', 'wayline-en-1440');

    await page.setViewportSize({ width: 390, height: 844 });
    await expect
      .poll(() =>
        page.evaluate(() => {
          const body = document.querySelector('.sd-table-body');
          return (body?.scrollWidth ?? Infinity) <= (body?.clientWidth ?? 0);
        }),
      )
      .toBe(true);
    expect(await rows.first().getByRole('button', { name: 'Delete' }).isVisible()).toBe(true);
    await saveShot(page, 'newUser', 'wayline-en-390');
  });

  it('opens the cockpit bare and gets the project’s docks to pick from', async () => {
    const { page } = e2e;
    const dockSn = await onlineDock(e2e.server.url);
    await e2e.console.signIn('operator');
    await e2e.console.open('/drone_ctl');
    await page.getByTestId('dock-picker').waitFor();
    const pick = page.locator(`[data-testid=dock-pick][data-sn="${dockSn}"]`);
    await expect.poll(() => pick.getAttribute('data-readiness'), WAIT).toBe('ready');
    expect(await pageText(page)).toContain('选择要远程控制的机场');
    await saveShot(page, 'newUser', 'cockpit-picker-zh-1440');
    await pick.click();
    await page.waitForURL((url) => url.pathname === '/drone_ctl' && url.search !== '');
    expect(new URL(page.url()).searchParams.get('sn')).toBe(dockSn);
    await page.getByTestId('cockpit').waitFor(WAIT);
  });

  it('opens the wall map bare and picks a recent flight instead of reading "id: 不能小于 1"', async () => {
    const { page } = e2e;
    const runId = await sentRun(e2e.server.url, await onlineDock(e2e.server.url));
    await e2e.console.signIn('operator');
    await e2e.console.open('/taskInfoMap');
    await page.getByTestId('wall-picker').waitFor();
    const pick = page.locator(`[data-testid=wall-pick][data-id="${String(runId)}"]`);
    await pick.waitFor(WAIT);
    const text = await pageText(page);
    expect(text).not.toContain('不能小于');
    expect(text).not.toContain('飞行记录不存在');
    expect(text).toContain('新手早巡');
    await saveShot(page, 'newUser', 'wall-picker-zh-1440');
    await pick.click();
    await page.waitForURL((url) => url.searchParams.get('id') === String(runId));
    await page.getByTestId('wall-map').waitFor(WAIT);
    expect(await pageText(page)).not.toContain('不能小于');
  });
});
