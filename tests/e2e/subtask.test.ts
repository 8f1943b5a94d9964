import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { API, type Envelope, type LoginResult } from '../../protocol/http.ts';
import { TASK_API, type FlightTask, type FlightTaskDetail } from '../../protocol/tasks.ts';
import { WAYLINE_API, type Wayline } from '../../protocol/waylines.ts';
import { fixtureKmz } from '../fixtures/wpml/kmz.ts';
import { TEST_PASSWORD } from './support/server.ts';
import { useE2E } from './support/setup.ts';
import { saveShot, SHOTS_DIR, SHOTS_ON } from './support/shots.ts';

/** Signs the operator in over the API. */
async function operator(baseUrl: string): Promise<LoginResult> {
  const login = await fetch(`${baseUrl}${API.login}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: 'operator', password: TEST_PASSWORD }),
  });
  return ((await login.json()) as Envelope<LoginResult>).data;
}

/**
 * Imports the fixture route, waits for the simulated dock, creates an immediate task on it and
 * waits until the aircraft is in the air; answers the flight's execution id.
 */
async function flyingRun(baseUrl: string): Promise<number> {
  const { token, user } = await operator(baseUrl);
  const auth = { Authorization: `Bearer ${token}` };
  const query = `workspace_id=${String(user.workspace_id)}&name=${encodeURIComponent('海堤巡检')}`;
  const upload = await fetch(`${baseUrl}${WAYLINE_API.upload}?${query}`, {
    method: 'POST',
    headers: { ...auth, 'Content-Type': 'application/octet-stream' },
    body: Buffer.from(fixtureKmz('waypoint-actions-1.0.6')),
  });
  const wayline = ((await upload.json()) as Envelope<Wayline>).data;
  const devices = `${baseUrl}${API.deviceAccountList}?workspace_id=${String(user.workspace_id)}&pageIndex=1&pageSize=100`;
  let dockSn = '';
  await expect
    .poll(
      async () => {
        const answer = await fetch(devices, { headers: auth });
        const page = (await answer.json()) as Envelope<{
          rows: { device_sn: string; domain: number; online: boolean }[];
        }>;
        dockSn = page.data.rows.find((d) => d.domain === 3 && d.online)?.device_sn ?? '';
        return dockSn !== '';
      },
      { timeout: 60_000 },
    )
    .toBe(true);
  const added = await fetch(`${baseUrl}${TASK_API.add}`, {
    method: 'POST',
    headers: { ...auth, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      workspace_id: user.workspace_id,
      name: '海堤晨巡',
      wayline_id: wayline.id,
      dock_sn: dockSn,
      schedule: { kind: 'immediate' },
      rth_altitude: 100,
    }),
  });
  const task = ((await added.json()) as Envelope<FlightTask>).data;
  let runId = 0;
  await expect
    .poll(
      async () => {
        const answer = await fetch(`${baseUrl}${TASK_API.info}?id=${String(task.id)}`, {
          headers: auth,
        });
        const last = ((await answer.json()) as Envelope<FlightTaskDetail>).data.last;
        runId = last?.id ?? 0;
        return last?.state;
      },
      { timeout: 120_000 },
    )
    .toBe('in_progress');
  return runId;
}

describe('one flight: subtask page, wall map and report', () => {
  const e2e = useE2E({ SIM_DRONES: '1' });

  it('shows the flight live with its timeline and track, on the wall map, and exports its PDF', async () => {
    const { page } = e2e;
    const runId = await flyingRun(e2e.server.url);
    await e2e.console.signIn('operator');
    await e2e.console.open(`/subtasksInfo/${String(runId)}`);
    const timeline = page.getByTestId('subtask-timeline');
    await timeline.locator('tr[data-kind="takeoff"]').waitFor({ timeout: 60_000 });
    // The page asks again while the flight goes on: waypoints appear, and the flown track with them.
    await timeline.locator('tr[data-kind="waypoint"]').first().waitFor({ timeout: 120_000 });
    expect(await timeline.locator('tr[data-kind="takeoff"] td').nth(1).textContent()).toBe('起飞');
    await expect.poll(() => page.getByText('暂无飞行轨迹').count(), { timeout: 60_000 }).toBe(0);
    const figures = page.getByTestId('subtask-figures');
    expect(await figures.locator('dt').allTextContents()).toEqual([
      '飞行时长',
      '飞行距离',
      '已到航点',
      '照片',
      '告警',
    ]);
    expect(await figures.locator('[data-figure="waypoints"] dd').textContent()).toMatch(
      /^\d+ \/ 4$/,
    );
    // An operator sees the flight controls; each asks before it is sent.
    await page.getByRole('button', { name: '暂停' }).click();
    await page.getByText('飞行器将悬停').waitFor();
    await page.getByRole('button', { name: '取消' }).click();
    // The map has drawn the planned route and the flown track before anything copies its canvas.
    await page
      .locator(
        '[data-testid="subtask-map"] .maplibregl-map[data-drawn*="planned"][data-drawn*="flown"]',
      )
      .waitFor({ timeout: 60_000 });
    await saveShot(page, 'subtask', 'page-zh-1440');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: '导出 PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('报告.pdf');
    const bytes = await (await import('node:fs/promises')).readFile(await download.path());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const pdf = await PDFDocument.load(bytes);
    // Title, figures, map, timeline, alarms and photos, cut into A-series pages.
    expect(pdf.getPageCount()).toBeGreaterThanOrEqual(1);
    expect(pdf.getSubject()).toContain('操作员');
    if (SHOTS_ON) await writeFile(join(SHOTS_DIR, 'subtask', 'report.pdf'), bytes);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForTimeout(800);
    await saveShot(page, 'subtask', 'page-zh-390', { fullPage: true });
    await page.setViewportSize({ width: 1440, height: 900 });
    await e2e.console.switchLanguage('English');
    await timeline.locator('tr[data-kind="takeoff"]').waitFor();
    expect(await timeline.locator('tr[data-kind="takeoff"] td').nth(1).textContent()).toBe(
      'Take-off',
    );
    await page.waitForTimeout(800);
    await saveShot(page, 'subtask', 'page-en-1440');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForTimeout(800);
    await saveShot(page, 'subtask', 'page-en-390', { fullPage: true });

    // The wall map: full screen, no layout, live progress in large type.
    await page.setViewportSize({ width: 1440, height: 900 });
    await e2e.console.open(`/taskInfoMap?id=${String(runId)}`);
    const wall = page.getByTestId('wall-map');
    await wall.waitFor();
    expect(await page.locator('.sd-layout, .bp6-navbar').count()).toBe(0);
    expect(await page.getByTestId('wall-state').textContent()).toBe('Flying');
    expect(await page.getByTestId('wall-percent').textContent()).toMatch(/^\d+%$/);
    await page
      .locator('.maplibregl-map[data-drawn*="planned"][data-drawn*="aircraft"]')
      .waitFor({ timeout: 60_000 });
    await page.waitForTimeout(1500);
    await saveShot(page, 'subtask', 'wall-en-1440');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForTimeout(800);
    await saveShot(page, 'subtask', 'wall-en-390');
  }, 420_000);

  it('hides the flight controls from a viewer', async () => {
    const { page } = e2e;
    await e2e.console.signIn('viewer');
    const { token, user } = await operator(e2e.server.url);
    const list = await fetch(
      `${e2e.server.url}${TASK_API.list}?workspace_id=${String(user.workspace_id)}`,
      { headers: { Authorization: `Bearer ${token}` } },
    );
    const rows = ((await list.json()) as Envelope<{ data: FlightTask[] }>).data.data;
    const runId = rows.find((r) => r.name === '海堤晨巡')?.last?.id ?? 0;
    await e2e.console.open(`/subtasksInfo/${String(runId)}`);
    await page.getByTestId('subtask-timeline').waitFor({ timeout: 30_000 });
    expect(await page.getByRole('button', { name: '暂停' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: '导出 PDF' }).count()).toBe(1);
  });
});
