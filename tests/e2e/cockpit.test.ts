/**
 * The virtual cockpit against the real server, broker and simulator: a pilot takes control, takes
 * off, flies forward with W and turns with E, stops, returns home; a second user sees who flies; a
 * viewer only watches; the pilot sets the latency guard's thresholds, and the guard first warns and
 * then stops the sticks as the server slows the link down; a gamepad shows in the session bar and is
 * not read while the window is not the pilot's; the Logs page shows what was flown.
 */
import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DRC_API, DRC_TEST_API } from '../../protocol/drc.ts';
import type { DrcGuardSettings } from '../../protocol/drc.ts';
import { API, type LoginResult, type MenuNode, type Role } from '../../protocol/http.ts';
import { openPage } from './support/browser.ts';
import { ConsoleDriver, type DemoUser } from './support/consoleDriver.ts';
import { LogsPage } from './support/adminDrivers.ts';
import { apiCall } from './support/api.ts';
import { TEST_PASSWORD } from './support/server.ts';
import { saveShot } from './support/shots.ts';
import { useWorkbench } from './support/workbench.ts';

/** The simulator needs a while to climb and to move; the console polls the holder every 3 s. */
const WAIT = { timeout: 60_000, interval: 300 };
const DRONES = 8;
const dockSn = (i: number) => `SIMDOCK${String(i).padStart(6, '0')}`;
const PAD_NAME = 'Test gamepad (STANDARD GAMEPAD)';

/**
 * A gamepad as the Gamepad API shows one, installed before the page's scripts run: headless Chromium
 * has none. Its axes start centred; a test moves them through `window.testPad`.
 */
const FAKE_GAMEPAD = `
  const pad = { id: ${JSON.stringify(PAD_NAME)}, index: 0, connected: true, mapping: 'standard',
    axes: [0, 0, 0, 0], buttons: [], timestamp: 0 };
  window.testPad = pad;
  Object.defineProperty(navigator, 'getGamepads', { configurable: true, value: () => [pad] });
  addEventListener('load', () => dispatchEvent(new Event('gamepadconnected')));
`;

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
    const enter = this.page.getByTestId('drc-enter');
    await this.until(async () => {
      if ((await flying.count()) > 0) return true;
      // A slow answer to the last click may still be on its way (the button spins, disabled).
      if (await enter.isEnabled().catch(() => false))
        await enter.click({ timeout: 5_000 }).catch(() => undefined);
      return flying
        .waitFor({ timeout: 5_000 })
        .then(() => true)
        .catch(() => false);
    });
  }

  /** Saves the latency guard's thresholds through the session bar's popover. */
  async setGuard(warn: number, stop: number): Promise<void> {
    await this.openGuard();
    await this.page.locator('#guard-warn_ms').fill(String(warn));
    await this.page.locator('#guard-stop_ms').fill(String(stop));
    await this.page.getByTestId('guard-form').locator('button[type=submit]').click();
    await this.page.getByTestId('guard-form').waitFor({ state: 'detached' });
  }

  async openGuard(): Promise<void> {
    await this.page.getByTestId('guard-settings').click();
    await this.page.getByTestId('guard-form').waitFor();
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

  /**
   * Holds a key until the cockpit sends sticks and `reached` says the aircraft got where the test
   * wants it, then lets go; answers the highest horizontal speed the HUD showed meanwhile. A hold of
   * fixed length carried few sticks on a loaded machine (the aircraft brakes when they come more
   * than half a second apart), so the hold ends on what the aircraft did, not on the clock.
   */
  async holdUntil(code: string, reached: (top: number) => Promise<boolean>): Promise<number> {
    await this.page.keyboard.down(code);
    let top = 0;
    try {
      await this.page.locator('[data-testid=cockpit][data-sending=yes]').waitFor(WAIT);
      await this.until(async () => {
        top = Math.max(top, await this.number('hud-hspeed'));
        return reached(top);
      });
    } finally {
      await this.page.keyboard.up(code);
    }
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
  // At once, as a pilot following a link would: the cockpit must not depend on the workbench having
  // settled first (it once lost its device list when opened this early).
  const cockpit = new Cockpit(page);
  await cockpit.open(sn);
  return { context, cockpit };
}

describe('virtual cockpit', () => {
  // The dock's cover and the automatic climb run on simulated time, at ×4 here; the stick model and
  // every protocol time-out stay on the wall clock, so flying by stick is unchanged. Without patrols
  // no aircraft launches by itself from the dock this file takes off from (faster time would make
  // a rested, charged one do so within a minute).
  const world = useWorkbench({
    drones: DRONES,
    osdHz: 2,
    env: { DRC_TEST_HOOKS: '1', SIM_TIME_SCALE: '4', SIM_PATROLS: '0' },
    seeded: true,
  });
  let cockpit: Cockpit;
  let dock = '';
  let token = '';

  beforeAll(async () => {
    await world.context.addInitScript(FAKE_GAMEPAD);
    cockpit = new Cockpit(world.page);
    // A docked aircraft (mode 0, standby) can take off.
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
    // The shared test machine's hiccups reach most of a second: guard lines above them, so that
    // the sticks fly here and the guard's own tests below decide when it steps in.
    await cockpit.setGuard(2_000, 10_000);

    await world.page.getByTestId('act-takeoff').click();
    await world.page.getByTestId('takeoff-confirm').click();
    // Sticks take over once the automatic take-off (modes 0–2 on the ground, 4 climbing) is done.
    await cockpit.until(async () => ![0, 1, 2, 4].includes(await cockpit.modeCode()));
    expect(await cockpit.number('hud-agl')).toBeGreaterThan(15);

    await cockpit.until(async () => (await cockpit.guard()) === 'ok');
    const before = await cockpit.position();
    const flown = async () => metres(before, await cockpit.position());
    const top = await cockpit.holdUntil(
      'KeyW',
      async (fastest) => fastest > 2 && (await flown()) > 10,
    );
    expect(top).toBeGreaterThan(2);
    await cockpit.until(async () => (await flown()) > 10);
    await saveShot(world.page, 'cockpit-page', 'zh-1440-flying');

    const heading = await cockpit.heading();
    const turned = async () => Math.abs((((await cockpit.heading()) - heading + 540) % 360) - 180);
    await cockpit.holdUntil('KeyE', async () => (await turned()) > 20);
    await cockpit.until(async () => (await turned()) > 20);
  }, 180_000);

  it('shows the holder to a second user and hides the controls from a viewer', async () => {
    // Under load the first test's session may have lapsed (no heartbeat for 15 s): the admin takes
    // the dock again, as a pilot would.
    const phase = await world.page.getByTestId('cockpit').getAttribute('data-phase');
    if (phase !== 'flying') await cockpit.takeControl();
    const operator = await signedIn(world.browser, world.server.url, 'operator', dock);
    await operator.cockpit.until(async () => (await operator.cockpit.holder()).includes('admin'));
    const enter = operator.cockpit.page.getByTestId('drc-enter');
    await enter.waitFor(WAIT);
    expect(await enter.isDisabled()).toBe(true);
    await operator.context.close();

    const viewer = await signedIn(world.browser, world.server.url, 'watcher1', dock);
    await viewer.cockpit.until(async () => (await viewer.cockpit.holder()).includes('admin'));
    expect(await viewer.cockpit.page.getByTestId('drc-enter').count()).toBe(0);
    expect(await viewer.cockpit.page.getByTestId('estop').count()).toBe(0);
    await viewer.context.close();
  }, 120_000);

  it('keeps the pilot’s latency-guard thresholds and warns before it stops', async () => {
    if ((await world.page.getByTestId('cockpit').getAttribute('data-phase')) !== 'flying')
      await cockpit.takeControl();
    // Stop at or below warn is refused where it was typed, naming both fields.
    await cockpit.openGuard();
    await saveShot(world.page, 'cockpit-page', 'zh-1440-guard-settings');
    await world.page.locator('#guard-warn_ms').fill('300');
    await world.page.locator('#guard-stop_ms').fill('200');
    await world.page.getByTestId('guard-form').locator('button[type=submit]').click();
    await world.page.getByText('停止阈值必须大于警告阈值（300 毫秒）').waitFor();
    await saveShot(world.page, 'cockpit-page', 'zh-1440-guard-settings-refused');
    await world.page.getByTestId('guard-form').getByRole('button', { name: '取消' }).click();
    // Lines far above what a loaded machine adds by itself (its hiccups reach most of a second and
    // would hold the guard at "stop"), and far apart: a link slowed by 2.5 s can only warn.
    await cockpit.setGuard(2_000, 10_000);
    await world.page.locator('.bp6-toast', { hasText: '延迟保护阈值已保存' }).waitFor();
    const saved = await apiCall<DrcGuardSettings>(world.server.url, DRC_API.guard, token);
    expect(saved).toEqual({ warn_ms: 2_000, stop_ms: 10_000 });
    await cockpit.until(async () => (await cockpit.guard()) === 'ok');

    await apiCall(world.server.url, DRC_TEST_API.delay, token, { dock_sn: dock, extra_ms: 2_500 });
    await world.page.locator('[data-testid=guard-banner][data-level=warn]').waitFor(WAIT);
    // The link cells turn amber by the same thresholds.
    await world.page.locator('.dc-cell.dc-warn [data-testid=hud-cmd-delay]').waitFor(WAIT);
    await saveShot(world.page, 'cockpit-page', 'zh-1440-guard-warn');
    expect(await cockpit.guard()).toBe('warn');
    await apiCall(world.server.url, DRC_TEST_API.delay, token, { dock_sn: dock, extra_ms: 0 });
    await world.page.locator('[data-testid=cockpit][data-guard=ok]').waitFor(WAIT);
  }, 180_000);

  it('shows the gamepad and reads it only while the window is the pilot’s', async () => {
    const pad = world.page.getByTestId('gamepad');
    await pad.waitFor();
    expect(await pad.innerText()).toBe('已连接手柄');
    expect(await pad.getAttribute('title')).toBe(PAD_NAME);
    // Right stick forward: the cockpit sends sticks (the wide guard of the test before keeps a
    // loaded machine's hiccups from stopping them).
    await world.page.evaluate(() => {
      (window as unknown as { testPad: { axes: number[] } }).testPad.axes = [0, 0, 0, -1];
    });
    await world.page.locator('[data-testid=cockpit][data-sending=yes]').waitFor(WAIT);
    // The window loses the focus with the stick still forward: centred, then nothing more is sent.
    await world.page.evaluate(() => {
      Object.defineProperty(document, 'hasFocus', { configurable: true, value: () => false });
      dispatchEvent(new Event('blur'));
    });
    await world.page.locator('[data-testid=cockpit][data-sending=no]').waitFor(WAIT);
    await world.page.evaluate(() => {
      (window as unknown as { testPad: { axes: number[] } }).testPad.axes = [0, 0, 0, 0];
      Object.defineProperty(document, 'hasFocus', { configurable: true, value: () => true });
    });
    // Back to the usual lines for the stop test.
    await cockpit.setGuard(300, 800);
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
    if ((await world.page.getByTestId('cockpit').getAttribute('data-phase')) !== 'flying')
      await cockpit.takeControl();
    // Forward until the HUD shows the aircraft moving, however long the sticks take on a loaded
    // machine: the stop then has speed to take away.
    await cockpit.holdUntil('KeyW', (fastest) => Promise.resolve(fastest > 1));
    await world.page.keyboard.press('Space');
    await world.page.locator('.bp6-alert').getByRole('button', { name: '急停' }).click();
    await cockpit.until(async () => (await cockpit.number('hud-hspeed')) < 0.5);

    await world.page.getByTestId('act-rth').click();
    await world.page.locator('.bp6-alert').getByRole('button', { name: '返航' }).click();
    await world.page.locator('.bp6-toast', { hasText: '返航：已执行' }).waitFor(WAIT);
  }, 120_000);

  it('shows the admin the drc rows of what was just flown on the Logs page', async () => {
    await world.page.goto('/logs');
    const logs = new LogsPage(world.page);
    for (const action of ['一键起飞', '一键返航', '紧急停止']) {
      await logs.filter({ user: 'admin', action });
      await cockpit.until(async () =>
        (await logs.rows()).some(
          (r) => r.module === '虚拟座舱' && r.target.includes(dock) && r.result === '成功',
        ),
      );
    }
    // The e-stop's row (the filter shows those now) carries the dock's answer like any command.
    await world.page
      .locator('.sd-table:visible tbody tr', { hasText: '紧急停止' })
      .first()
      .getByRole('button', { name: '详情' })
      .click();
    const drawer = world.page.getByTestId('log-drawer');
    await drawer.waitFor();
    expect(await drawer.innerText()).toMatch(/result=0 latency=\d+ms/);
    await saveShot(world.page, 'cockpit-page', 'zh-1440-logs');
  }, 120_000);

  it('says it is reading the devices while the list is on its way, then opens', async () => {
    const page = world.page;
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(`**${API.deviceList}*`, async (route) => {
      await held;
      await route.continue();
    });
    try {
      await page.goto(`/drone_ctl?sn=${dock}`);
      // A fresh tab knows nothing of the fleet yet: no "no dock" verdict before the list is in. It
      // says it is reading the devices, unless the dock's own telemetry, which names its aircraft,
      // came first and the cockpit is already open.
      await page.getByText('正在读取设备…').or(page.getByTestId('cockpit')).first().waitFor(WAIT);
      expect(await page.getByText('找不到该设备的机场').count()).toBe(0);
      release();
      await page.getByTestId('cockpit').waitFor(WAIT);
    } finally {
      release();
      // A held request may still be on its way out when the page is done with it: wait for it, or
      // Playwright fails the run with "Route is already handled" after the test has passed.
      await page.unrouteAll({ behavior: 'wait' });
    }
  }, 120_000);

  it('opens from a link straight after signing in, in a fresh browser, and shows live data', async () => {
    const admin = await signedIn(world.browser, world.server.url, 'admin', dock);
    // The device list the page read survives the account settling on its project, so the aircraft
    // is watched and its telemetry reaches the HUD.
    expect(Number.isInteger(await admin.cockpit.modeCode())).toBe(true);
    expect(await admin.cockpit.page.getByText('找不到该设备的机场').count()).toBe(0);
    // The project's docks are on the mini-map, by name, from the device list at once.
    const map = admin.cockpit.page.getByTestId('cockpit-map');
    await expect
      .poll(async () => (await map.getAttribute('data-docks'))?.split('\n').length, WAIT)
      .toBe(DRONES);
    await admin.context.close();
  }, 120_000);

  it('looks right in English and on a phone', async () => {
    await cockpit.open(dock);
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
