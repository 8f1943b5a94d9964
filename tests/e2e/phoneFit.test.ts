import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { API, type Envelope, type LoginResult } from '../../protocol/http.ts';
import { TASK_API, type FlightTask, type FlightTaskDetail } from '../../protocol/tasks.ts';
import { WAYLINE_API, type Wayline } from '../../protocol/waylines.ts';
import { fixtureKmz } from '../fixtures/wpml/kmz.ts';
import { apiCall } from './support/api.ts';
import type { Language } from './support/consoleDriver.ts';
import { TEST_PASSWORD } from './support/server.ts';
import { useE2E } from './support/setup.ts';
import { saveShot } from './support/shots.ts';
import { forSimDock } from './support/simRoute.ts';

/**
 * Issue 23: on a phone the task list's actions scrolled off inside its table, and the run page's
 * buttons wrapped a lone button onto a second line. The every-page guard opens these pages without
 * a task or a run; here they hold one, and every action a person would tap lies on the screen.
 */

const PHONE = { width: 390, height: 844 };
const LANGUAGES: readonly Language[] = ['简体中文', 'English'];

/**
 * The controls in `selector` that cannot be reached: outside the window, hidden, covered or clipped
 * (what lies at the control's centre is not the control), or without a name for a screen reader.
 */
async function unreachable(page: Page, selector: string): Promise<string[]> {
  return page.locator(selector).evaluateAll((controls) =>
    controls.flatMap((el) => {
      const box = el.getBoundingClientRect();
      const name = el.getAttribute('aria-label') ?? el.textContent.trim();
      const problems: string[] = [];
      if (name === '') problems.push('no name');
      if (box.width === 0 || box.height === 0) problems.push('not drawn');
      if (box.left < 0 || box.right > window.innerWidth)
        problems.push(`x ${box.left}–${box.right}`);
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      if (hit === null || !el.contains(hit)) problems.push('covered or clipped');
      return problems.length === 0 ? [] : [`${name}: ${problems.join(', ')}`];
    }),
  );
}

/** The distinct tops of the controls in `selector`: one value when they stand on one line. */
async function lines(page: Page, selector: string): Promise<number[]> {
  const tops = await page
    .locator(selector)
    .evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().top)));
  return [...new Set(tops)];
}

/** An immediate task on the simulated dock; answers its run's id once the aircraft took off. */
async function flownRun(baseUrl: string): Promise<number> {
  const { token, user } = await apiCall<LoginResult>(baseUrl, API.login, null, {
    username: 'operator',
    password: TEST_PASSWORD,
  });
  const workspace = String(user.workspace_id);
  const upload = await fetch(`${baseUrl}${WAYLINE_API.upload}?workspace_id=${workspace}&name=f`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/octet-stream' },
    body: Buffer.from(forSimDock(fixtureKmz('waypoint-actions-1.0.6'))),
  });
  const wayline = ((await upload.json()) as Envelope<Wayline>).data;
  const devices = `${API.deviceAccountList}?workspace_id=${workspace}&pageIndex=1&pageSize=100`;
  let dockSn = '';
  await expect
    .poll(
      async () => {
        const page = await apiCall<{
          rows: { device_sn: string; domain: number; online: boolean }[];
        }>(baseUrl, devices, token);
        dockSn = page.rows.find((d) => d.domain === 3 && d.online)?.device_sn ?? '';
        return dockSn;
      },
      { timeout: 60_000 },
    )
    .not.toBe('');
  const task = await apiCall<FlightTask>(baseUrl, TASK_API.add, token, {
    workspace_id: user.workspace_id,
    // A long name: it must be cut, not push the actions off.
    name: '海堤晨巡任务：南岸栈道至北岸泵站全段巡检（含夜间复核）',
    wayline_id: wayline.id,
    dock_sn: dockSn,
    schedule: { kind: 'immediate' },
    rth_altitude: 100,
  });
  let runId = 0;
  await expect
    .poll(
      async () => {
        const detail = await apiCall<FlightTaskDetail>(
          baseUrl,
          `${TASK_API.info}?id=${String(task.id)}`,
          token,
        );
        runId = detail.last?.id ?? 0;
        return detail.last?.started_at ?? null;
      },
      { timeout: 120_000 },
    )
    .not.toBeNull();
  return runId;
}

describe('the task list and a run on a phone', () => {
  // Simulated time at ×10: the run takes off within seconds of wall time.
  const e2e = useE2E({ SIM_DRONES: '1', SIM_PATROLS: '0', SIM_TIME_SCALE: '10' }, { seeded: true });
  let runId = 0;

  for (const language of LANGUAGES) {
    it(`keeps every action of a task row and of a run on screen in ${language}`, async () => {
      const { page } = e2e;
      if (runId === 0) runId = await flownRun(e2e.server.url);
      const lang = language === 'English' ? 'en' : 'zh';
      await page.setViewportSize(PHONE);
      await e2e.console.signIn('operator', { language, redirect: '/task' });
      await e2e.console.settled();

      // The task list: the row's actions are in the window, not scrolled off inside the table.
      const actions = '.sd-table tbody tr:first-child td:last-child button';
      await page.locator(actions).first().waitFor();
      expect(await page.locator(actions).count()).toBeGreaterThan(0);
      expect(await unreachable(page, actions)).toEqual([]);
      expect(
        await page.locator('.sd-table-body').evaluate((b) => b.scrollWidth - b.clientWidth),
      ).toBe(0);
      await saveShot(page, 'phoneFit', `${lang}-task`);
      // Folded into a menu on a phone: every entry of the menu is on screen too.
      const more = page.locator('.sd-table tbody tr:first-child').getByTestId('task-more');
      if ((await more.count()) > 0) {
        await more.click();
        const menu = page.getByTestId('task-more-menu');
        await menu.waitFor();
        // Measured once the popover has finished opening (it grows from the button meanwhile).
        await page.waitForFunction(
          () => document.querySelector('[class*="-enter-active"]') === null,
        );
        expect(await menu.locator('.bp6-menu-item').count()).toBeGreaterThan(0);
        expect(await unreachable(page, '[data-testid="task-more-menu"] .bp6-menu-item')).toEqual(
          [],
        );
        await saveShot(page, 'phoneFit', `${lang}-task-menu`);
        await page.keyboard.press('Escape');
      }

      // The run's page: its buttons stand on one line, each in the window, and so do the controls.
      await e2e.console.open(`/subtasksInfo/${String(runId)}`);
      const bar = '[data-testid="subtask-bar"] :is(button, a)';
      await page.locator(bar).first().waitFor();
      expect(await page.locator(bar).count()).toBeGreaterThanOrEqual(3);
      expect(await unreachable(page, bar)).toEqual([]);
      expect(await lines(page, bar)).toHaveLength(1);
      expect(await unreachable(page, '.sd-subtask-controls button')).toEqual([]);
      await saveShot(page, 'phoneFit', `${lang}-run`);
    });
  }
});
