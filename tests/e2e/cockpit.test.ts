/**
 * The virtual cockpit against the real server, broker and simulator: a pilot takes control, takes
 * off, flies forward with W and turns with E, stops, returns home; a second user sees who flies; a
 * viewer only watches; the latency guard stops the sticks when the server slows the link down.
 */
import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DRC_TEST_API } from '../../protocol/drc.ts';
import { API, type LoginResult, type MenuNode, type Role } from '../../protocol/http.ts';
import { openPage } from './support/browser.ts';
import { ConsoleDriver, type DemoUser } from './support/consoleDriver.ts';
import { apiCall } from './support/api.ts';
import { TEST_PASSWORD } from './support/server.ts';
import { saveShot } from './support/shots.ts';
import { useWorkbench } from './support/workbench.ts';

/** The simulator needs a while to climb and to move; the console polls the holder every 3 s. */
const WAIT = { timeout: 60_000, interval: 300 };
const DRONES = 8;
const dockSn = (i: number) => `SIMDOCK${String(i).padStart(6, '0')}`;

/** The cockpit as a pilot reads and drives it. */
class Cockpit {
  constructor(readonly page: Page) {}

  async open(sn: string): Promise<void> {
    await this.page.goto(`/drone_ctl?sn=${sn}`);
    try {
      await this.page.getByTestId('cockpit').waitFor({ timeout: 30_000 });
    } catch (error) {
      await this.page.screenshot({ path: '/tmp/cockpit-open-failed.png' });
      throw error;
    }
  }

  /** The latency guard's level as the page has it. */
  guard(): Promise<string | null> {
    return this.page.getByTestId('cockpit').getAttribute('data-guard');
  }

  /** The aircraft's `mode_code` as the HUD has it, once known. */
  async modeCode(): Promise<number> {
    const hud = this.page.getByTestId('hud');
    await this.page.waitForFunction(
      () => document.querySelector('[data-testid=hud]')?.getAttribute('data-mode') !== '',
      undefined,
      { timeout: 30_000 },
    );
    return Number(await hud.getAttribute('data-mode'));
  }

  /**
   * Takes control. Right after start-up the server may not have seen the dock come online yet and
   * refuses (the banner says so); a pilot would simply try again, and so does this.
   */
  async takeControl(): Promise<void> {
    const flying = this.page.locator('[data-testid=cockpit][data-phase=flying]');
    await this.until(async () => {
      await this.page.getByTestId('drc-enter').click();
      return flying
        .waitFor({ timeout: 5_000 })
        .then(() => true)
        .catch(() => false);
    });
  }

  async holder(): Promise<string> {
    const holder = this.page.getByTestId('drc-holder');
    return (await holder.count()) === 0 ? '' : holder.innerText();
  }

  async number(testId: string): Promise<number> {
    const text = await this.page.getByTestId(testId).innerText();
    return Number.parseFloat(text);
  }

  async position(): Promise<{ lat: number; lon: number }> {
    const map = this.page.getByTestId('cockpit-map');
    return {
      lat: Number(await map.getAttribute('data-lat')),
      lon: Number(await map.getAttribute('data-lon')),
    };
  }

  async heading(): Promise<number> {
    return Number(await this.page.getByTestId('hud').getAttribute('data-heading'));
  }

  /** Holds a key for `ms`, answering the highest horizontal speed the HUD showed meanwhile. */
  async hold(code: string, ms: number): Promise<number> {
    await this.page.keyboard.down(code);
    let top = 0;
    const until = Date.now() + ms;
    while (Date.now() < until) {
      top = Math.max(top, await this.number('hud-hspeed'));
      await this.page.waitForTimeout(200);
    }
    await this.page.keyboard.up(code);
    return top;
  }

  async until(check: () => Promise<boolean>): Promise<void> {
    const end = Date.now() + WAIT.timeout;
    while (!(await check())) {
      if (Date.now() > end) throw new Error('the cockpit never showed it');
      await this.page.waitForTimeout(WAIT.interval);
    }
  }
}

const metres = (a: { lat: number; lon: number }, b: { lat: number; lon: number }): number => {
  const dLat = (b.lat - a.lat) * 111_320;
  const dLon = (b.lon - a.lon) * 111_320 * Math.cos((a.lat * Math.PI) / 180);
  return Math.hypot(dLat, dLon);
};

async function signedIn(browser: Browser, url: string, user: DemoUser | 'watcher1', sn: string) {
  const { context, page } = await openPage(browser, url);
  await page.goto('/login?redirect=%2Fdashboard');
  await new ConsoleDriver(page).fillSignIn(user, TEST_PASSWORD);
  await page.waitForURL((address) => address.pathname !== '/login');
  const cockpit = new Cockpit(page);
  await cockpit.open(sn);
  return { context, cockpit };
}

describe('virtual cockpit', () => {
  const world = useWorkbench({ drones: DRONES, osdHz: 2, env: { DRC_TEST_HOOKS: '1' } });
  let cockpit: Cockpit;
  let dock = '';
  let token = '';

  beforeAll(async () => {
    cockpit = new Cockpit(world.page);
    // A docked aircraft (mode 0, standby) can take off; about half the fleet starts on patrol.
    for (let i = 0; i < DRONES && dock === ''; i += 1) {
      await cockpit.open(dockSn(i));
      if ((await cockpit.modeCode()) === 0) dock = dockSn(i);
    }
    const login = await apiCall<LoginResult>(world.server.url, API.login, null, {
      username: 'admin',
      password: TEST_PASSWORD,
    });
    token = login.token;
    // A role that opens the cockpit page without the 'drc:control' button: it may watch, not fly.
    const menus = await apiCall<MenuNode[]>(world.server.url, API.menuList, token);
    const flat = (nodes: readonly MenuNode[]): MenuNode[] =>
      nodes.flatMap((n) => [n, ...flat(n.children ?? [])]);
    const ids = flat(menus)
      .filter((n) => n.kind !== 'button' && ['workbench', 'drone_ctl'].includes(n.name))
      .map((n) => n.id);
    const role = await apiCall<Role>(world.server.url, API.rolesAdd, token, {
      workspace_id: login.user.workspace_id,
      name: 'watcher',
      menu_ids: ids,
    });
    await apiCall(world.server.url, API.userAdd, token, {
      username: 'watcher1',
      password: TEST_PASSWORD,
      role_id: role.id,
      workspace_id: login.user.workspace_id,
    });
  }, 240_000);

  it('takes control, takes off, flies forward with W and turns with E', async () => {
    expect(dock).not.toBe('');
    await cockpit.open(dock);
    await saveShot(world.page, 'cockpit-page', 'zh-1440-watching');
    await cockpit.takeControl();
    expect(await cockpit.holder()).toContain('你正在控制');

    await world.page.getByTestId('act-takeoff').click();
    await world.page.getByTestId('takeoff-confirm').click();
    // Sticks take over once the automatic take-off (modes 0–2 on the ground, 4 climbing) is done.
    await cockpit.until(async () => ![0, 1, 2, 4].includes(await cockpit.modeCode()));
    expect(await cockpit.number('hud-agl')).toBeGreaterThan(15);

    await cockpit.until(async () => (await cockpit.guard()) === 'ok');
    const before = await cockpit.position();
    const top = await cockpit.hold('KeyW', 2_000);
    expect(top).toBeGreaterThan(2);
    await cockpit.until(async () => metres(before, await cockpit.position()) > 10);
    await saveShot(world.page, 'cockpit-page', 'zh-1440-flying');

    const heading = await cockpit.heading();
    await cockpit.hold('KeyE', 1_500);
    await cockpit.until(async () => {
      const turned = Math.abs((((await cockpit.heading()) - heading + 540) % 360) - 180);
      return turned > 20;
    });
  }, 180_000);

  it('shows the holder to a second user and hides the controls from a viewer', async () => {
    // Under load the first test's session may have lapsed (no heartbeat for 15 s): the admin takes
    // the dock again, as a pilot would.
    const phase = await world.page.getByTestId('cockpit').getAttribute('data-phase');
    if (phase !== 'flying') await cockpit.takeControl();
    const operator = await signedIn(world.browser, world.server.url, 'operator', dock);
    await operator.cockpit.until(async () => (await operator.cockpit.holder()).includes('admin'));
    expect(await operator.cockpit.page.getByTestId('drc-enter').isDisabled()).toBe(true);
    await operator.context.close();

    const viewer = await signedIn(world.browser, world.server.url, 'watcher1', dock);
    await viewer.cockpit.until(async () => (await viewer.cockpit.holder()).includes('admin'));
    expect(await viewer.cockpit.page.getByTestId('drc-enter').count()).toBe(0);
    expect(await viewer.cockpit.page.getByTestId('estop').count()).toBe(0);
    await viewer.context.close();
  }, 120_000);

  it('engages the latency guard when the link is slowed, and recovers', async () => {
    await apiCall(world.server.url, DRC_TEST_API.delay, token, { dock_sn: dock, extra_ms: 1_500 });
    await world.page.locator('[data-testid=cockpit][data-guard=stop]').waitFor(WAIT);
    await world.page.getByTestId('guard-banner').waitFor();
    await saveShot(world.page, 'cockpit-page', 'zh-1440-guard');
    await apiCall(world.server.url, DRC_TEST_API.delay, token, { dock_sn: dock, extra_ms: 0 });
    await world.page.locator('[data-testid=cockpit][data-guard=ok]').waitFor(WAIT);
  }, 120_000);

  it('stops on Space after confirmation, then returns home', async () => {
    await world.page.keyboard.down('KeyW');
    await world.page.waitForTimeout(1_000);
    await world.page.keyboard.up('KeyW');
    await world.page.keyboard.press('Space');
    await world.page.locator('.bp6-alert').getByRole('button', { name: '急停' }).click();
    await cockpit.until(async () => (await cockpit.number('hud-hspeed')) < 0.5);

    await world.page.getByTestId('act-rth').click();
    await world.page.locator('.bp6-alert').getByRole('button', { name: '返航' }).click();
    await world.page.locator('.bp6-toast', { hasText: '返航：已执行' }).waitFor(WAIT);
  }, 120_000);

  it('looks right in English and on a phone', async () => {
    await new ConsoleDriver(world.page).switchLanguage('English');
    await saveShot(world.page, 'cockpit-page', 'en-1440');
    await world.page.setViewportSize({ width: 390, height: 844 });
    await saveShot(world.page, 'cockpit-page', 'en-390');
    await world.page.evaluate(() => localStorage.setItem('lang', 'zh-CN'));
    await world.page.reload();
    await world.page.getByTestId('cockpit').waitFor();
    await saveShot(world.page, 'cockpit-page', 'zh-390');
    await world.page.setViewportSize({ width: 1440, height: 900 });
    expect(world.pageErrors).toEqual([]);
  }, 120_000);
});
