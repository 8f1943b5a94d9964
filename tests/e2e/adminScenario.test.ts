import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { API } from '../../protocol/http.ts';
import {
  DevicesPage,
  LogsPage,
  ProjectsPage,
  RolesPage,
  UsersPage,
  postAs,
  tokenOf,
} from './support/adminDrivers.ts';
import { openPage } from './support/browser.ts';
import { ConsoleDriver } from './support/consoleDriver.ts';
import { useE2E } from './support/setup.ts';

const ORGANISATION = 'Skydeck 演示组织';
const PROJECT = '巡检二队';
const ROLE = '巡检飞手';
const PILOT = { username: 'patrol01', password: 'patrol-123', nickname: '二队飞手' };
const AIRCRAFT = { sn: 'PATROL2UAV01', name: '二队一号机', model: 'Matrice 3D', project: PROJECT };

/** A ceiling for a filtered table to show the server's answer on a busy machine (never asserted). */
const SERVER_ANSWERS = { timeout: 20_000 };

/** The acceptance scenario, told as one story: the admin sets up, the pilot is held to it. */
describe('issue 5 scenario: a project, a role and a user, held to their permissions', () => {
  const e2e = useE2E();

  /** The pilot's own browser: a fresh profile, signed in through the sign-in page. */
  async function pilotSignsIn(browser: Browser): Promise<ConsoleDriver> {
    const { page } = await openPage(browser, e2e.server.url);
    const pilot = new ConsoleDriver(page);
    await page.goto('/login');
    await pilot.fillSignIn(PILOT.username, PILOT.password);
    await page.waitForURL((url) => url.pathname !== '/login');
    await pilot.settled();
    return pilot;
  }

  it('lets the pilot do only what the role grants, and the admin reads it all in the logs', async () => {
    const admin = e2e.console;
    await admin.signIn('admin');

    // 1. The admin creates a project under the organisation and binds an aircraft to it.
    await admin.open('/workspace');
    await new ProjectsPage(admin.page, ORGANISATION).add(PROJECT);
    await admin.open('/device');
    const adminDevices = new DevicesPage(admin.page);
    await adminDevices.bind(AIRCRAFT);
    expect(await adminDevices.rowOffers(AIRCRAFT.sn, '删除')).toBe(true);

    // 2. A role with the workbench, the devices page with only "bind", the logs without "export".
    await admin.open('/role');
    const roles = new RolesPage(admin.page);
    const dialog = await roles.startAdding(ROLE);
    await dialog.grantPage('工作台');
    await dialog.grantButton('设备管理', 'device:add');
    await dialog.grantPage('日志管理');
    await dialog.revokeButton('日志管理', 'log:export');
    await expect.poll(() => dialog.preview()).toEqual(['workbench', 'device', 'logs']);
    await dialog.save();
    await roles.waitForRow(ROLE);

    // 3. A user in that project with that role.
    await admin.open('/users');
    await new UsersPage(admin.page).add({ ...PILOT, role: ROLE, project: PROJECT });

    // 4. The pilot signs in and sees exactly those menus and buttons.
    const browser = e2e.context.browser();
    if (!browser) throw new Error('no browser behind the context');
    const pilot = await pilotSignsIn(browser);
    try {
      expect(await pilot.menu()).toEqual(['workbench', 'device', 'logs']);
      await pilot.clickMenu('device');
      const devices = new DevicesPage(pilot.page);
      expect(await devices.rowOffers(AIRCRAFT.sn, '详情')).toBe(true);
      expect(await devices.bindButton().isVisible()).toBe(true);
      expect(await devices.rowOffers(AIRCRAFT.sn, '编辑')).toBe(false);
      expect(await devices.rowOffers(AIRCRAFT.sn, '删除')).toBe(false);
      await pilot.clickMenu('logs');
      expect(await new LogsPage(pilot.page).offersExport()).toBe(false);

      // 5. A page outside the role shows 403.
      await pilot.open('/users');
      await pilot.page.locator('.sd-error:visible h4').first().waitFor();
      expect(await pilot.shownError()).toContain('403');

      // 6. The hidden actions, called through the API with the pilot's token, are refused.
      const token = await tokenOf(e2e.server.url, PILOT.username, PILOT.password);
      const sneakyUser = {
        username: 'sneaky',
        password: 'sneaky-123',
        role_id: 1,
        workspace_id: 1,
      };
      expect(await postAs(e2e.server.url, token, API.deviceDel, { device_sn: AIRCRAFT.sn })).toBe(
        403,
      );
      expect(await postAs(e2e.server.url, token, API.userAdd, sneakyUser)).toBe(403);
      await pilot.open('/device');
      expect(await devices.rowOffers(AIRCRAFT.sn, '详情')).toBe(true);
    } finally {
      await pilot.page.context().close();
    }

    // 7. The admin finds the set-up in the logs and exports it.
    await admin.open('/logs');
    const logs = new LogsPage(admin.page);
    await logs.filter({ user: 'admin', action: '新增' });
    const added = (module: string, target: string) => ({
      user: 'admin',
      module,
      action: '新增',
      target,
      result: '成功',
    });
    await expect
      .poll(() => logs.rows(), SERVER_ANSWERS)
      .toEqual([
        added('用户', PILOT.username),
        added('角色', ROLE),
        // A device is named as it was at the time, with its serial number beside the name.
        added('设备', `${AIRCRAFT.name} (${AIRCRAFT.sn})`),
        added('项目', PROJECT),
      ]);
    // The export says what the page says, in the console's language.
    const exported = await logs.exportCsv();
    expect(exported.map((r) => [r['用户'], r['模块'], r['操作'], r['对象'], r['结果']])).toEqual([
      ['admin', '用户', '新增', PILOT.username, '成功'],
      ['admin', '角色', '新增', ROLE, '成功'],
      ['admin', '设备', '新增', `${AIRCRAFT.name} (${AIRCRAFT.sn})`, '成功'],
      ['admin', '项目', '新增', PROJECT, '成功'],
    ]);

    // The pilot's entries: their sign-ins, and both refused attempts as failures.
    await logs.filter({ user: PILOT.username });
    await expect
      .poll(async () => {
        const rows = await logs.rows();
        return new Set(rows.map((r) => `${r.user} ${r.module} ${r.action} ${r.result}`));
      }, SERVER_ANSWERS)
      .toEqual(
        new Set([
          `${PILOT.username} 登录认证 登录 成功`,
          `${PILOT.username} 设备 删除 失败`,
          `${PILOT.username} 用户 新增 失败`,
        ]),
      );
    const pilotRows = await logs.rows();
    const pilotCsv = await logs.exportCsv();
    expect(pilotCsv.length).toBe(pilotRows.length);
    expect(
      pilotCsv
        .filter((r) => r['结果'] === '失败')
        .map((r) => [r['用户'], r['模块'], r['操作']])
        .sort(),
    ).toEqual([
      [PILOT.username, '用户', '新增'],
      [PILOT.username, '设备', '删除'],
    ]);
  });
});
