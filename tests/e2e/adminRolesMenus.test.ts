import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  API,
  type Envelope,
  type LoginResult,
  type MenuNode,
  type Page as PageOf,
  type Role,
} from '../../protocol/http.ts';
import { adminApi } from './support/api.ts';
import { openPage } from './support/browser.ts';
import { ConsoleDriver } from './support/consoleDriver.ts';
import { TEST_PASSWORD } from './support/server.ts';
import { useE2E } from './support/setup.ts';
import { saveShot, SHOTS_ON } from './support/shots.ts';
import { escapeOverlay } from './support/overlays.ts';

const SHOTS = 'admin-b';

/** The permission-tree row whose label holds `text`. */
const treeRow = (page: Page, text: string) =>
  page.locator('.sd-perm-tree .bp6-tree-node-content', { hasText: text }).first();

/** Ticks (or unticks) the checkbox of a permission-tree row. */
async function tick(page: Page, text: string): Promise<void> {
  await treeRow(page, text).locator('label.bp6-checkbox').click();
}

/** Opens a permission-tree row's children. */
async function expand(page: Page, text: string): Promise<void> {
  await treeRow(page, text).locator('.bp6-tree-node-caret').click();
}

/** Signs in with any account (the driver's `signIn` knows only the demo users). */
async function signInAs(driver: ConsoleDriver, username: string): Promise<void> {
  await driver.page.goto('/login');
  await driver.fillSignIn(username, TEST_PASSWORD);
  await driver.page.waitForURL((url) => url.pathname !== '/login');
  await driver.page.locator('.sd-shell, .sd-error-page').first().waitFor();
  await driver.settled();
}

/** Signs in through the API and answers the session (tokens and user info with permissions). */
async function sessionOf(baseUrl: string, username: string): Promise<LoginResult> {
  const response = await fetch(`${baseUrl}${API.login}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, password: TEST_PASSWORD }),
  });
  return ((await response.json()) as Envelope<LoginResult>).data;
}

/** Calls the API with a token: a POST with `body`, else a GET; answers the status and envelope. */
async function callWith<T>(baseUrl: string, token: string, path: string, body?: unknown) {
  const response = await fetch(`${baseUrl}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      Authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, envelope: (await response.json()) as Envelope<T> };
}

/** Waits until no dialog, popover or menu is still fading in or out (for screenshots). */
async function still(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      document.querySelector(
        '[class*="-enter-active"], [class*="-exit-active"], [class*="-appear-active"]',
      ) === null,
  );
}

/** Saves a screenshot once nothing is moving. */
async function shot(page: Page, name: string): Promise<void> {
  if (!SHOTS_ON) return;
  await still(page);
  await saveShot(page, SHOTS, name);
}

/** The toast texts on screen. */
const toasts = (page: Page) => page.locator('.bp6-toast').allTextContents();

describe('roles and menus pages', () => {
  const e2e = useE2E();

  it('builds a role from the tree, and its user sees exactly those menus and buttons', async () => {
    const { page } = e2e;
    await e2e.console.signIn('admin');
    await e2e.console.open('/role');
    await page.getByRole('button', { name: '新增角色' }).click();
    await page.locator('#role-name').fill('inspector');
    // A page brings all its buttons; the workbench's export is then taken off again.
    await tick(page, '工作台');
    await expand(page, '工作台');
    await tick(page, 'report:export');
    // A button brings its page along (device:add → device), and nothing else of that page.
    await expand(page, '设备管理');
    await tick(page, 'device:add');
    await expand(page, '菜单管理');
    await tick(page, 'menu:edit');
    const preview = page.locator('.sd-role-preview [data-preview-menu]');
    await expect
      .poll(() => preview.evaluateAll((els) => els.map((e) => e.getAttribute('data-preview-menu'))))
      .toEqual(['workbench', 'device', 'meunan']);
    await shot(page, 'role-dialog-zh');
    await page.locator('#role-name').press('Enter');
    await page.locator('.sd-role-dialog').waitFor({ state: 'detached' });
    await expect.poll(() => toasts(page)).toContain('角色已新增');
    await page.locator('td', { hasText: 'inspector' }).waitFor();

    const api = await adminApi(e2e.server.url);
    const admin = await sessionOf(e2e.server.url, 'admin');
    const found = await callWith<PageOf<Role>>(
      e2e.server.url,
      admin.token,
      `${API.rolesList}?current=1&size=50&name=inspector`,
    );
    const role = found.envelope.data.data[0];
    expect(role?.name).toBe('inspector');
    await api.post(API.userAdd, {
      username: 'inspector1',
      password: TEST_PASSWORD,
      role_id: role?.id,
      workspace_id: api.workspaceId,
    });

    await e2e.context.clearCookies();
    await page.evaluate(() => localStorage.clear());
    await signInAs(e2e.console, 'inspector1');
    expect(await e2e.console.menu()).toEqual(['workbench', 'device', 'meunan']);

    // The menus page shows the one granted button (edit) and none of add / delete.
    await e2e.console.clickMenu('meunan');
    await page.locator('[data-menu-row="device"]').waitFor();
    const deviceRow = page.locator('[data-menu-row="device"]');
    expect(await deviceRow.getByRole('button', { name: '编辑' }).count()).toBe(1);
    expect(await deviceRow.getByRole('button', { name: '删除' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: '新增顶级菜单' }).count()).toBe(0);
    await shot(page, 'menus-as-inspector-zh');

    // A page outside the role shows 403, and so does a hidden action called through the API.
    await e2e.console.open('/role');
    expect(await e2e.console.shownError()).toContain('403');
    const user = await sessionOf(e2e.server.url, 'inspector1');
    expect([...user.user.permissions].sort()).toEqual(['device:add', 'menu:edit']);
    const refused = [
      [API.menuDel, { id: 1 }],
      [API.menuAdd, { name: 'sneaky' }],
      [API.deviceDel, { device_sn: 'x' }],
      [API.rolesAdd, { workspace_id: api.workspaceId, name: 'sneaky' }],
    ] as const;
    for (const [path, body] of refused) {
      expect((await callWith(e2e.server.url, user.token, path, body)).status, path).toBe(403);
    }
  });

  it('lets a role editor hand out only what they hold themselves', async () => {
    const { page } = e2e;
    const api = await adminApi(e2e.server.url);
    const admin = await sessionOf(e2e.server.url, 'admin');
    const tree = (await callWith<MenuNode[]>(e2e.server.url, admin.token, API.menuList)).envelope
      .data;
    const flat = (nodes: readonly MenuNode[]): MenuNode[] =>
      nodes.flatMap((n) => [n, ...flat(n.children ?? [])]);
    const idOf = (code: string) =>
      flat(tree).find((n) => (n.kind === 'button' ? n.perms : n.name) === code)?.id ?? 0;
    const keeper = await api.post<Role>(API.rolesAdd, {
      workspace_id: api.workspaceId,
      name: 'keeper',
      menu_ids: ['workbench', 'role', 'role:add', 'device', 'device:add'].map(idOf),
    });
    await api.post(API.userAdd, {
      username: 'keeper1',
      password: TEST_PASSWORD,
      role_id: keeper.id,
      workspace_id: api.workspaceId,
    });
    await signInAs(e2e.console, 'keeper1');
    await e2e.console.open('/role');
    await page.getByRole('button', { name: '新增角色' }).click();
    await page.locator('#role-name').fill('device-clerk');
    await expand(page, '设备管理');
    expect(await treeRow(page, 'device:del').locator('input').isDisabled()).toBe(true);
    expect(await treeRow(page, '项目管理').locator('input').isDisabled()).toBe(true);
    // Ticking the page takes along only the buttons the editor holds.
    await tick(page, '设备管理');
    expect(await treeRow(page, 'device:add').locator('input').isChecked()).toBe(true);
    expect(await treeRow(page, 'device:del').locator('input').isChecked()).toBe(false);
    await page.locator('#role-name').press('Enter');
    await expect.poll(() => toasts(page)).toContain('角色已新增');
    const found = await callWith<PageOf<Role>>(
      e2e.server.url,
      admin.token,
      `${API.rolesList}?current=1&size=10&name=device-clerk`,
    );
    expect(found.envelope.data.data[0]?.menu_ids).toEqual(
      [idOf('device'), idOf('device:add')].sort((a, b) => a - b),
    );
  });

  it('hides a menu: the user loses it at the next load of their menu', async () => {
    const { page } = e2e;
    await e2e.console.signIn('operator');
    expect(await e2e.console.menu()).toContain('wayline');

    const browser = e2e.context.browser();
    if (!browser) throw new Error('no browser behind the context');
    const admin = await openPage(browser, e2e.server.url);
    try {
      const driver = new ConsoleDriver(admin.page);
      await driver.signIn('admin');
      await driver.open('/meunan');
      const row = admin.page.locator('[data-menu-row="wayline"]');
      await row.locator('.sd-menu-visible').click();
      await expect.poll(() => toasts(admin.page)).toContain('「航线管理」已隐藏');
      await expect.poll(() => row.getAttribute('class')).toContain('sd-menu-row--hidden');
    } finally {
      await admin.context.close();
    }

    // The open session keeps the menu it loaded; a reload asks the server again.
    expect(await e2e.console.menu()).toContain('wayline');
    await page.reload();
    await e2e.console.settled();
    await expect.poll(() => e2e.console.menu()).not.toContain('wayline');
    expect(await e2e.console.menu()).toContain('task');
  });

  it('refuses to delete a role in use with the number of its users, after asking', async () => {
    const { page } = e2e;
    await e2e.console.signIn('admin');
    await e2e.console.open('/role');
    await page.locator('.sd-search-form input').first().fill('viewer');
    await page.locator('.sd-search-form input').first().press('Enter');
    const row = page.locator('tr', { has: page.locator('td', { hasText: /^viewer$/ }) });
    await row.waitFor();
    await expect.poll(() => page.locator('.sd-table tbody tr').count()).toBe(1);
    await row.getByRole('button', { name: '删除' }).click();
    const alert = page.locator('.bp6-alert');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('viewer');
    await alert.getByRole('button', { name: '删除' }).click();
    await expect
      .poll(() => toasts(page))
      .toContainEqual(
        // The server words it in the browser's language (Chromium asks for English here).
        expect.stringMatching(/该角色仍有 1 个用户|still has 1 user/),
      );
    await alert.waitFor({ state: 'detached' });
    expect(await row.count()).toBe(1);
  });

  it('edits a menu with the icon picker, moves it and shows both pages in both languages', async () => {
    const { page } = e2e;
    await e2e.console.signIn('admin');
    await e2e.console.open('/meunan');
    await page.locator('[data-menu-row="logs"]').waitFor();
    await shot(page, 'menus-zh');
    const names = () =>
      page
        .locator('[data-menu-row]')
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-menu-row')));
    const before = await names();
    const at = before.indexOf('logs');
    await page.locator('[data-menu-row="logs"]').getByRole('button', { name: '上移' }).click();
    await expect.poll(async () => (await names()).indexOf('logs')).toBe(at - 1);

    await page.locator('[data-menu-row="logs"]').getByRole('button', { name: '编辑' }).click();
    await page.getByRole('button', { name: '选择图标' }).click();
    await page.getByRole('textbox', { name: '搜索图标' }).fill('timeline-bar');
    await shot(page, 'menu-icon-picker-zh');
    await page.getByRole('option', { name: 'timeline-bar-chart' }).click();
    await page.locator('#menu-name').press('Enter');
    await expect.poll(() => toasts(page)).toContain('菜单已保存');
    const logsIcon = page.locator(
      '[data-menu-row="logs"] .sd-menu-cell > .bp6-icon-timeline-bar-chart',
    );
    await logsIcon.waitFor();
    // The sidebar draws the menu's own icon: after a reload it shows the one just chosen.
    await page.reload();
    await page
      .locator('.sd-sidebar [data-menu="logs"] svg[data-icon="timeline-bar-chart"]')
      .waitFor();

    // A button needs its permission code: the form says so before anything is sent.
    await page.locator('[data-menu-row="logs"]').getByRole('button', { name: '新增下级' }).click();
    await page.locator('#menu-name').fill('logs_purge');
    await page.locator('#menu-name').press('Enter');
    expect(await page.locator('.sd-menu-dialog').textContent()).toContain('按钮必须有权限码');
    await shot(page, 'menu-dialog-zh');
    await page.locator('#menu-perms').fill('log:purge');
    await page.locator('#menu-perms').press('Enter');
    await expect.poll(() => toasts(page)).toContain('菜单已新增');
    await page.locator('[data-menu-row="logs_purge"]').waitFor();
    expect(await page.locator('[data-menu-row="logs_purge"] td').first().textContent()).toBe(
      'log:purge',
    );

    // The filter keeps the matches and the branches that lead to them.
    await page.getByRole('searchbox', { name: '按名称、路径或权限码筛选' }).fill('purge');
    await expect.poll(names).toEqual(['logs', 'logs_purge']);
    await page.getByRole('searchbox', { name: '按名称、路径或权限码筛选' }).fill('');

    await e2e.console.switchLanguage('English');
    await page.getByRole('button', { name: 'Add top-level menu' }).waitFor();
    await shot(page, 'menus-en');
    await e2e.console.open('/role');
    await page.locator('td', { hasText: 'operator' }).waitFor();
    await shot(page, 'roles-en');
    await page.locator('tr', { hasText: 'operator' }).getByRole('button', { name: 'Edit' }).click();
    await page.locator('.sd-role-preview [data-preview-menu]').first().waitFor();
    await shot(page, 'role-dialog-en');
    await escapeOverlay(page);
    await page.locator('.sd-role-dialog').waitFor({ state: 'detached' });
    await e2e.console.switchLanguage('简体中文');
    await page.getByRole('button', { name: '新增角色' }).waitFor();
    await shot(page, 'roles-zh');
    await page.getByRole('button', { name: '浅色主题' }).click();
    await page.locator('tr', { hasText: 'viewer' }).getByRole('button', { name: '编辑' }).click();
    await page.locator('.sd-role-preview [data-preview-menu]').first().waitFor();
    await shot(page, 'role-dialog-light-zh');
  });
});
