import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Language } from './support/consoleDriver.ts';
import { useE2E } from './support/setup.ts';
import { saveShot } from './support/shots.ts';
import { startSimRun } from './support/simRun.ts';

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

describe('the task list and a run on a phone', () => {
  // Simulated time at ×10: the run takes off within seconds of wall time.
  const e2e = useE2E({ SIM_DRONES: '1', SIM_PATROLS: '0', SIM_TIME_SCALE: '10' }, { seeded: true });
  let runId = 0;

  for (const language of LANGUAGES) {
    it(`keeps every action of a task row and of a run on screen in ${language}`, async () => {
      const { page } = e2e;
      if (runId === 0) {
        // A long name: it must be cut, not push the actions off.
        const name = '海堤晨巡任务：南岸栈道至北岸泵站全段巡检（含夜间复核）';
        runId = (await startSimRun(e2e.server.url, { name, routeName: 'f', until: 'started' }))
          .runId;
      }
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
