import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  API,
  type Device,
  type Envelope,
  type LoginResult,
  type RowsPage,
} from '../../protocol/http.ts';
import { TASK_API } from '../../protocol/tasks.ts';
import { WAYLINE_API } from '../../protocol/waylines.ts';
import { fixtureKmz } from '../fixtures/wpml/kmz.ts';
import { TEST_PASSWORD } from './support/server.ts';
import { useE2E } from './support/setup.ts';
import { forSimDock } from './support/simRoute.ts';
import { saveShot } from './support/shots.ts';

/**
 * Imports the fixture route into the operator's project through the wayline API, then waits for the
 * simulated dock to come online (it connects a few seconds after the server starts).
 */
async function prepare(baseUrl: string, name: string): Promise<void> {
  const login = await fetch(`${baseUrl}${API.login}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: 'operator', password: TEST_PASSWORD }),
  });
  const { token, user } = ((await login.json()) as Envelope<LoginResult>).data;
  const query = `workspace_id=${String(user.workspace_id)}&name=${encodeURIComponent(name)}`;
  const response = await fetch(`${baseUrl}${WAYLINE_API.upload}?${query}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/octet-stream' },
    body: Buffer.from(forSimDock(fixtureKmz('waypoint-actions-1.0.6'))),
  });
  expect(response.status).toBe(200);
  const devices = `${baseUrl}${API.deviceAccountList}?workspace_id=${String(user.workspace_id)}&pageIndex=1&pageSize=100`;
  await expect
    .poll(
      async () => {
        const answer = await fetch(devices, { headers: { Authorization: `Bearer ${token}` } });
        const page = (await answer.json()) as Envelope<RowsPage<Device>>;
        return page.data.rows.some((d) => d.domain === 3 && d.online);
      },
      { timeout: 60_000 },
    )
    .toBe(true);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** `ms` as a `datetime-local` input holds it, in this machine's time zone (the browser's too). */
function localInput(ms: number): string {
  const d = new Date(ms);
  return `${String(d.getFullYear())}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** `ms` as the console shows a time. */
const shownTime = (ms: number): string => `${localInput(ms).replace('T', ' ')}:00`;

/** Fills the create dialog for an immediate task on the first dock and saves. */
async function createImmediateTask(page: Page, name: string): Promise<void> {
  await fillImmediateTask(page, name);
  // Saved, the dialog closes; refused, it stays and a toast says why: fail with those words.
  const refusal = page.locator('.bp6-toast.bp6-intent-danger').first();
  // Whichever loses the race times out later: its rejection is caught here, not left unhandled.
  const outcome = await Promise.race([
    page
      .getByTestId('task-form')
      .waitFor({ state: 'detached' })
      .then(
        () => 'saved',
        () => 'the dialog stayed open',
      ),
    refusal.waitFor().then(
      async () => `refused: ${(await refusal.textContent()) ?? ''}`,
      () => 'the dialog stayed open',
    ),
  ]);
  if (outcome !== 'saved') throw new Error(`the task ${name} was not saved: ${outcome}`);
}

/** Fills the create dialog for an immediate task of `北门巡检` on the first dock and submits it. */
async function fillImmediateTask(page: Page, name: string): Promise<void> {
  await page.getByTestId('task-create').click();
  await page.locator('#task-name').fill(name);
  // The pickers fill once the project's routes and docks have loaded.
  await page.locator('#task-wayline option').nth(1).waitFor({ state: 'attached' });
  await page.locator('#task-dock option').nth(1).waitFor({ state: 'attached' });
  await page.locator('#task-wayline').selectOption({ label: '北门巡检' });
  await page.locator('#task-dock').selectOption({ index: 1 });
  await page.getByTestId('task-form').locator('button[type="submit"]').click();
}

describe('flight tasks', () => {
  // The aircraft waits in its dock for the tasks (no patrols of its own that a slow start could catch).
  // Simulated time at ×5: flights take seconds of wall time, not minutes, and the first one is
  // still in the air when the test tries a second on the same dock.
  const e2e = useE2E({ SIM_DRONES: '1', SIM_PATROLS: '0', SIM_TIME_SCALE: '5' });

  it('flies an immediate task on a simulated dock and follows it live', async () => {
    const { page } = e2e;
    await prepare(e2e.server.url, '北门巡检.kmz');
    await e2e.console.signIn('operator');
    await e2e.console.open('/task');
    // The row follows its run through the server's push: it never asks for the task meanwhile.
    const asked: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === TASK_API.info) asked.push(request.url());
    });
    await createImmediateTask(page, '北门早巡');

    const row = page.locator('.sd-table tbody tr').filter({ hasText: '北门早巡' });
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.locator('td').allTextContents()).toEqual(
      expect.arrayContaining(['北门巡检', '立即执行']),
    );
    // The run goes from sending to flying, and its bar moves while the dock reports progress.
    const bar = row.getByTestId('task-progress');
    await bar.waitFor({ timeout: 90_000 });
    await expect
      .poll(async () => Number(await bar.getAttribute('data-percent')), { timeout: 90_000 })
      .toBeGreaterThan(0);
    expect(await row.getByTestId('task-run').textContent()).toContain('飞行中');
    expect(asked).toEqual([]);
    // An immediate task has no run left to schedule, yet it is not finished while its flight is in
    // the air: read afresh from the server, the row still says so.
    await page.reload();
    await row.getByTestId('task-progress').waitFor({ timeout: 30_000 });
    expect(await row.getByTestId('task-state').textContent()).toBe('进行中');
    await saveShot(page, 'tasks', 'list-flying');

    // A second immediate flight on the busy dock is refused where it is made, naming the flight
    // in the way; the dialog stays open with what was typed, and no row is added.
    await fillImmediateTask(page, '北门加巡');
    await page
      .locator('.bp6-toast', { hasText: '机场正在执行其他任务：“北门早巡”' })
      .waitFor({ timeout: 30_000 });
    expect(await page.locator('#task-name').inputValue()).toBe('北门加巡');
    await page.getByTestId('task-form').getByRole('button', { name: '取消' }).click();
    await page.getByTestId('task-form').waitFor({ state: 'detached' });
    expect(await page.locator('.sd-table tbody tr').filter({ hasText: '北门加巡' }).count()).toBe(
      0,
    );

    await row.getByRole('button', { name: '详情' }).click();
    const info = page.getByTestId('task-info');
    // A page of its own, loaded on first use: a loaded test machine has taken over 30 s to show it.
    await info.waitFor({ timeout: 90_000 });
    expect(await info.locator('td').allTextContents()).toEqual(
      expect.arrayContaining(['北门早巡', '立即执行', '100 米', '返航', 'GPS 普通定位']),
    );
    await expect.poll(() => info.getByTestId('task-runs').locator('tbody tr').count()).toBe(1);
    await saveShot(page, 'tasks', 'detail');
  });

  it('edits a timed task from the list: the dialog comes filled and the next run moves', async () => {
    const { page } = e2e;
    await prepare(e2e.server.url, '南门巡检.kmz');
    await e2e.console.signIn('operator');
    await e2e.console.open('/task');
    const minute = 60_000;
    const at = Math.ceil((Date.now() + 3 * 3_600_000) / minute) * minute;
    const later = at + 90 * minute;

    await page.getByTestId('task-create').click();
    const form = page.getByTestId('task-form');
    await page.locator('#task-name').fill('南门定时巡检');
    await page.locator('#task-wayline option').nth(1).waitFor({ state: 'attached' });
    await page.locator('#task-dock option').nth(1).waitFor({ state: 'attached' });
    await page.locator('#task-wayline').selectOption({ label: '南门巡检' });
    await page.locator('#task-dock').selectOption({ index: 1 });
    await form.getByRole('radio', { name: '定时执行' }).click();
    await page.locator('#task-at').fill(localInput(at));
    await form.locator('button[type="submit"]').click();
    await form.waitFor({ state: 'detached' });

    const row = page.locator('.sd-table tbody tr').filter({ hasText: '南门定时巡检' });
    const next = row.getByTestId('task-next-run');
    await expect.poll(() => next.textContent()).toBe(shownTime(at));

    await row.getByTestId('task-edit').click();
    await form.waitFor();
    // The dialog is the create dialog, filled with the task.
    expect(await page.locator('#task-name').inputValue()).toBe('南门定时巡检');
    expect(await page.locator('#task-at').inputValue()).toBe(localInput(at));
    expect(await page.locator('#task-rth').inputValue()).toBe('100');
    await saveShot(page, 'tasks', 'edit-dialog');
    await page.locator('#task-at').fill(localInput(later));
    await form.locator('button[type="submit"]').click();
    await form.waitFor({ state: 'detached' });
    await expect.poll(() => next.textContent()).toBe(shownTime(later));

    // The detail page reads the new plan too, and offers the same edit.
    await row.getByRole('button', { name: '详情' }).click();
    const info = page.getByTestId('task-info');
    await info.waitFor();
    expect(await info.locator('td').allTextContents()).toEqual(
      expect.arrayContaining([shownTime(later)]),
    );
    expect(await page.getByTestId('task-info-edit').isEnabled()).toBe(true);
  });

  it('shows a viewer the tasks without the create button', async () => {
    const { page } = e2e;
    await e2e.console.signIn('viewer');
    await e2e.console.open('/task');
    await expect.poll(() => page.locator('.sd-table tbody tr').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('task-create').count()).toBe(0);
    expect(await page.getByRole('button', { name: '取消任务' }).count()).toBe(0);
    expect(await page.getByTestId('task-edit').count()).toBe(0);
  });
});
