import dayjs from 'dayjs';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { API, type Envelope, type LoginResult, type Role } from '../../protocol/http.ts';
import { adminApi } from './support/api.ts';
import { TEST_PASSWORD } from './support/server.ts';
import { useE2E } from './support/setup.ts';
import { saveShot } from './support/shots.ts';
import { escapeOverlay } from './support/overlays.ts';

const SHOTS = 'admin-a';
const ORGANISATION = 'Skydeck 演示组织';

/** Signs in through the API; answers the envelope code, so a refusal is a value, not a throw. */
async function signInCode(baseUrl: string, username: string, password: string) {
  const response = await fetch(`${baseUrl}${API.login}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  return ((await response.json()) as Envelope<LoginResult>).code;
}

/** Calls the API with a bearer and answers the HTTP status and the message. */
async function callAs(baseUrl: string, token: string, path: string, body: unknown) {
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  return { status: response.status, msg: ((await response.json()) as Envelope<null>).msg };
}

async function tokenOf(baseUrl: string, username: string): Promise<LoginResult> {
  const response = await fetch(`${baseUrl}${API.login}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, password: TEST_PASSWORD }),
  });
  return ((await response.json()) as Envelope<LoginResult>).data;
}

/** What an administrator does on the projects and users pages. */
class AdminPages {
  constructor(readonly page: Page) {}

  projectRow(name: string): Locator {
    return this.page.locator('.sd-table:visible tbody tr').filter({
      has: this.page.locator(`[data-workspace="${name}"]`),
    });
  }

  userRow(username: string): Locator {
    return this.page.locator('.sd-table:visible tbody tr').filter({
      has: this.page.locator(`[data-username="${username}"]`),
    });
  }

  /** Waits for a toast saying `text`; a toast that never comes fails the test by time-out. */
  async toast(text: string | RegExp): Promise<void> {
    await this.page.locator('.bp6-toast', { hasText: text }).first().waitFor();
  }

  /** Waits until the table has finished loading. */
  async tableReady(): Promise<void> {
    await this.page.locator('.sd-table-body:visible[aria-busy="false"]').waitFor();
  }

  /** Fills a search field by its label and runs the search. */
  async search(fill: (form: Locator) => Promise<void>): Promise<void> {
    const form = this.page.locator('form[role="search"]:visible');
    await fill(form);
    await form.getByRole('button', { name: '搜索' }).click();
    await this.tableReady();
  }

  /** The usernames on screen, in order. */
  usernames(): Promise<string[]> {
    return this.page
      .locator('.sd-table:visible [data-username]')
      .evaluateAll((els) => els.map((el) => el.getAttribute('data-username') ?? ''));
  }

  /** Picks an option of a select by the text it shows (workspace options are indented). */
  async pick(select: Locator, text: string): Promise<void> {
    const value = await select
      .locator('option')
      .filter({ hasText: text })
      .first()
      .getAttribute('value');
    await select.selectOption(value ?? '');
  }

  async shot(name: string): Promise<void> {
    await saveShot(this.page, SHOTS, name, { animations: 'disabled' });
  }
}

describe('projects and users pages', () => {
  const e2e = useE2E();
  let admin: AdminPages;

  async function signInAsAdmin(path: string): Promise<AdminPages> {
    await e2e.console.signIn('admin');
    await e2e.console.open(path);
    admin = new AdminPages(e2e.page);
    await admin.tableReady();
    return admin;
  }

  it('creates a project and a user in it, then edits, resets, disables and deletes that user', async () => {
    const ui = await signInAsAdmin('/workspace');
    const url = e2e.server.url;

    // A project under the organisation, saved with Enter.
    await ui.projectRow(ORGANISATION).getByRole('button', { name: '添加下级' }).click();
    await e2e.page.locator('#workspace-name').press('Enter');
    expect(await e2e.page.locator('.sd-workspace-form .bp6-form-helper-text').textContent()).toBe(
      '请输入名称',
    );
    await e2e.page.locator('#workspace-name').fill('北坡巡检');
    await e2e.page.locator('#workspace-name').press('Enter');
    await ui.toast('已添加「北坡巡检」');
    await ui.projectRow('北坡巡检').waitFor();
    expect(await ui.projectRow('北坡巡检').locator('td').nth(1).textContent()).toBe('项目');

    // A user in that project; the empty form first says what is missing.
    await e2e.console.open('/users');
    await ui.tableReady();
    await e2e.page.getByRole('button', { name: '新增用户' }).click();
    await e2e.page.locator('#user-username').press('Enter');
    const helpers = e2e.page.locator('.sd-user-form .bp6-form-helper-text');
    expect(await helpers.allTextContents()).toEqual([
      '请输入用户名',
      '请输入密码',
      '请选择角色',
      '请选择所属项目',
    ]);
    await e2e.page.locator('#user-username').fill('inspector');
    await e2e.page.locator('#user-password').fill('short');
    await e2e.page.locator('#user-email').fill('not-an-address');
    await e2e.page.locator('#user-password').press('Enter');
    expect(await helpers.allTextContents()).toContain('密码长度为 6 到 12 个字符');
    expect(await helpers.allTextContents()).toContain('邮箱格式不正确');
    await e2e.page.locator('#user-password').fill('first123');
    await e2e.page.locator('#user-nickname').fill('巡检员');
    await e2e.page.locator('#user-email').fill('inspector@skydeck.example');
    await ui.pick(e2e.page.locator('#user-role'), 'operator');
    await ui.pick(e2e.page.locator('#user-project'), '北坡巡检');
    await ui.shot('users-add-dialog-zh');
    await e2e.page.locator('#user-phone').press('Enter');
    await ui.toast('已新增用户「inspector」');
    await ui.userRow('inspector').waitFor();
    expect(await signInCode(url, 'inspector', 'first123')).toBe(200);

    // A project that still holds a user is not deleted, and the message says why.
    await e2e.console.open('/workspace');
    await ui.tableReady();
    await ui.projectRow('北坡巡检').getByRole('button', { name: '删除' }).click();
    await e2e.page.locator('.sd-confirm-delete').getByRole('button', { name: '删除' }).click();
    await ui.toast(/1 (个用户|user)/);
    await ui.projectRow('北坡巡检').waitFor();

    // Searching with a text, a select and a date range field.
    await e2e.console.open('/users');
    await ui.tableReady();
    await ui.search((form) => form.getByPlaceholder('用户名').fill('insp'));
    expect(await ui.usernames()).toEqual(['inspector']);
    await form(e2e.page).getByRole('button', { name: '重置' }).click();
    await ui.tableReady();
    await ui.search((f) => ui.pick(f.locator('select').nth(1), '北坡巡检'));
    expect(await ui.usernames()).toEqual(['inspector']);
    await form(e2e.page).getByRole('button', { name: '重置' }).click();
    await ui.tableReady();
    await ui.search((f) => fillRange(f, '2020-01-01', '2020-01-31'));
    expect(await ui.usernames()).toEqual([]);
    expect(await e2e.page.locator('.sd-table-body:visible').textContent()).toContain('暂无数据');
    const today = dayjs().format('YYYY-MM-DD');
    await ui.search((f) => fillRange(f, today, today));
    expect(await ui.usernames()).toContain('inspector');

    // Edit.
    await ui.userRow('inspector').getByRole('button', { name: '编辑' }).click();
    await e2e.page.locator('#user-nickname').fill('北坡巡检员');
    await e2e.page.locator('#user-nickname').press('Enter');
    await ui.toast('已保存用户「inspector」');
    await expect
      .poll(() => ui.userRow('inspector').locator('td').nth(1).textContent())
      .toBe('北坡巡检员');

    // Reset the password: the new one signs in, the old one no longer does.
    await ui.userRow('inspector').getByRole('button', { name: '重置密码' }).click();
    await e2e.page.locator('#reset-password').fill('second12');
    await e2e.page.locator('#reset-confirm').fill('second13');
    await e2e.page.locator('#reset-confirm').press('Enter');
    expect(await e2e.page.locator('.sd-reset-form .bp6-form-helper-text').textContent()).toBe(
      '两次输入的密码不一致',
    );
    await e2e.page.locator('#reset-confirm').fill('second12');
    await e2e.page.locator('#reset-confirm').press('Enter');
    await ui.toast('已重置「inspector」的密码');
    expect(await signInCode(url, 'inspector', 'second12')).toBe(200);
    expect(await signInCode(url, 'inspector', 'first123')).not.toBe(200);

    // Disable, after confirmation: the user can no longer sign in.
    await ui.userRow('inspector').getByRole('button', { name: '停用' }).click();
    await e2e.page.locator('.sd-confirm-delete').getByRole('button', { name: '停用' }).click();
    await ui.toast('已停用「inspector」');
    await expect
      .poll(() => ui.userRow('inspector').locator('td').nth(6).textContent())
      .toBe('停用');
    expect(await signInCode(url, 'inspector', 'second12')).not.toBe(200);

    // Delete: Esc keeps the user, confirming removes them.
    await ui.userRow('inspector').getByRole('button', { name: '删除' }).click();
    await e2e.page.locator('.sd-confirm-delete').waitFor();
    await escapeOverlay(e2e.page);
    await e2e.page.locator('.sd-confirm-delete').waitFor({ state: 'detached' });
    expect(await ui.userRow('inspector').count()).toBe(1);
    await ui.userRow('inspector').getByRole('button', { name: '删除' }).click();
    await e2e.page.locator('.sd-confirm-delete').getByRole('button', { name: '删除' }).click();
    await ui.toast('已删除用户「inspector」');
    await ui.userRow('inspector').waitFor({ state: 'detached' });

    // The now empty project can go.
    await e2e.console.open('/workspace');
    await ui.tableReady();
    await ui.projectRow('北坡巡检').getByRole('button', { name: '删除' }).click();
    await e2e.page.locator('.sd-confirm-delete').getByRole('button', { name: '删除' }).click();
    await ui.toast('已删除「北坡巡检」');
    await ui.projectRow('北坡巡检').waitFor({ state: 'detached' });
  });

  it('does not offer disabling or deleting oneself, and the server refuses it anyway', async () => {
    const ui = await signInAsAdmin('/users');
    const own = ui.userRow('admin');
    await own.waitFor();
    expect(await own.getByRole('button', { name: '编辑' }).count()).toBe(1);
    expect(await own.getByRole('button', { name: '停用' }).count()).toBe(0);
    expect(await own.getByRole('button', { name: '删除' }).count()).toBe(0);
    expect(await ui.userRow('viewer').getByRole('button', { name: '删除' }).count()).toBe(1);

    const { token, user } = await tokenOf(e2e.server.url, 'admin');
    const del = await callAs(e2e.server.url, token, API.userDel, { id: user.id });
    expect(del.status).toBe(409);
    const off = await callAs(e2e.server.url, token, API.userEdit, { id: user.id, enabled: false });
    expect(off.status).toBe(409);
  });

  it('refuses the actions of these pages to a role without their buttons', async () => {
    const viewer = await tokenOf(e2e.server.url, 'viewer');
    expect(viewer.user.permissions).not.toContain('user:add');
    const calls: [string, unknown][] = [
      [API.userAdd, { username: 'x1', password: 'abcdef1', role_id: 1, workspace_id: 1 }],
      [API.userDel, { id: viewer.user.id }],
      [API.userResetPassword, { id: viewer.user.id, password: 'abcdef1' }],
      [API.workspaceAdd, { parent_id: viewer.user.workspace_id, name: 'x' }],
      [API.workspaceDel, { workspace_id: viewer.user.workspace_id }],
    ];
    for (const [path, body] of calls) {
      expect((await callAs(e2e.server.url, viewer.token, path, body)).status, path).toBe(403);
    }
  });

  it('lets a user edit their profile and change their password, ending their other sessions', async () => {
    const api = await adminApi(e2e.server.url);
    const roles = await fetch(`${e2e.server.url}${API.rolesList}?size=100`, {
      headers: { Authorization: `Bearer ${(await tokenOf(e2e.server.url, 'admin')).token}` },
    });
    const operator = ((await roles.json()) as Envelope<{ data: Role[] }>).data.data.find(
      (r) => r.name === 'operator',
    );
    await api.post(API.userAdd, {
      username: 'pilot7',
      password: 'pilot-one',
      role_id: operator?.id,
      workspace_id: api.workspaceId,
    });
    const elsewhere = await fetch(`${e2e.server.url}${API.login}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'pilot7', password: 'pilot-one' }),
    });
    const otherSession = ((await elsewhere.json()) as Envelope<LoginResult>).data;
    await e2e.page.goto('/login');
    await e2e.console.fillSignIn('pilot7', 'pilot-one');
    await e2e.page.waitForURL((u) => u.pathname !== '/login');
    await e2e.console.settled();

    // The user center: a bad email is caught, Enter saves, Esc drops an abandoned draft.
    await e2e.console.userDialog('个人中心');
    await e2e.page.locator('#profile-email').fill('nope');
    await e2e.page.locator('#profile-email').press('Enter');
    await e2e.page
      .locator('.bp6-dialog .bp6-form-helper-text', { hasText: '邮箱格式不正确' })
      .waitFor();
    await e2e.page.locator('#profile-email').fill('pilot7@skydeck.example');
    await e2e.page.locator('#profile-nickname').fill('七号飞手');
    await e2e.page.locator('#profile-nickname').press('Enter');
    await e2e.page.locator('.bp6-toast', { hasText: '已保存' }).first().waitFor();
    await e2e.page.locator('#profile-nickname').waitFor({ state: 'detached' });
    await e2e.console.userDialog('个人中心');
    expect(await e2e.page.locator('#profile-nickname').inputValue()).toBe('七号飞手');
    await e2e.page.locator('#profile-phone').fill('12345');
    await e2e.page.keyboard.press('Escape');
    await e2e.page.locator('#profile-phone').waitFor({ state: 'detached' });
    await e2e.console.userDialog('个人中心');
    expect(await e2e.page.locator('#profile-phone').inputValue()).toBe('');
    // Esc closes the dialog holding the focus: put it there first, as a user's click would.
    await e2e.page.locator('#profile-phone').focus();
    await e2e.page.keyboard.press('Escape');
    await e2e.page.locator('#profile-phone').waitFor({ state: 'detached' });

    // Modify password: the old one is checked by the server, then the user signs in again.
    await e2e.console.userDialog('修改密码');
    await e2e.page.locator('#pw-oldPassword').fill('not-mine1');
    await e2e.page.locator('#pw-newPassword').fill('pilot-two');
    await e2e.page.locator('#pw-confirmPassword').fill('pilot-two');
    await e2e.page.locator('#pw-confirmPassword').press('Enter');
    await e2e.page
      .locator('.bp6-toast', { hasText: /密码错误|wrong password/ })
      .first()
      .waitFor();
    await e2e.page.locator('#pw-oldPassword').fill('pilot-one');
    await e2e.page.locator('#pw-confirmPassword').press('Enter');
    await e2e.page.waitForURL('**/login**');
    expect(await signInCode(e2e.server.url, 'pilot7', 'pilot-one')).not.toBe(200);
    expect(await signInCode(e2e.server.url, 'pilot7', 'pilot-two')).toBe(200);
    const refresh = await fetch(`${e2e.server.url}${API.authorizations}`, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${otherSession.refresh_token}` },
    });
    expect(refresh.status).toBe(401);
  });

  it('draws both pages in both languages and in the light theme', async () => {
    const ui = await signInAsAdmin('/workspace');
    await ui.shot('workspace-dark-zh');
    await ui.projectRow(ORGANISATION).getByRole('button', { name: '编辑' }).click();
    await e2e.page.locator('#workspace-name').waitFor();
    await ui.shot('workspace-edit-dialog-zh');
    await escapeOverlay(e2e.page);
    await e2e.page.locator('#workspace-name').waitFor({ state: 'detached' });
    await e2e.console.open('/users');
    await ui.tableReady();
    await ui.shot('users-dark-zh');
    await e2e.console.switchLanguage('English');
    await ui.tableReady();
    await e2e.page.locator('.sd-table:visible th', { hasText: 'Username' }).waitFor();
    await ui.shot('users-dark-en');
    await ui.userRow('viewer').getByRole('button', { name: 'Reset password' }).click();
    await e2e.page.locator('#reset-password').press('Enter');
    await ui.shot('users-reset-dialog-en');
    await escapeOverlay(e2e.page);
    await e2e.console.open('/workspace');
    await ui.tableReady();
    await e2e.page.locator('.sd-table:visible th', { hasText: 'Kind' }).waitFor();
    await ui.shot('workspace-dark-en');
    await e2e.page.getByRole('button', { name: 'Light theme' }).click();
    await ui.shot('workspace-light-en');
    // Collapsing the organisation hides its projects.
    await ui.projectRow(ORGANISATION).getByRole('button', { name: 'Collapse' }).click();
    expect(await ui.projectRow('前海应急').count()).toBe(0);
    await ui.projectRow(ORGANISATION).getByRole('button', { name: 'Expand' }).click();
    await ui.projectRow('前海应急').waitFor();
  });
});

function form(page: Page): Locator {
  return page.locator('form[role="search"]:visible');
}

/** Types both days of the created-range field; the picker reads typed dates when focus leaves. */
async function fillRange(searchForm: Locator, start: string, end: string): Promise<void> {
  const start$ = searchForm.getByPlaceholder('开始');
  const end$ = searchForm.getByPlaceholder('结束');
  await start$.fill(start);
  await start$.press('Enter');
  await end$.fill(end);
  await end$.press('Enter');
  await searchForm.page().keyboard.press('Escape');
}
