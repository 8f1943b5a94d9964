import { readFile } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { API, type Device, type Envelope, type LoginResult } from '../../protocol/http.ts';
import { TEST_PASSWORD } from './support/server.ts';
import { useE2E } from './support/setup.ts';
import { saveShot, SHOTS_ON } from './support/shots.ts';
import { escapeOverlay } from './support/overlays.ts';

const SHOTS = 'admin-c';
const NEW_SN = 'E2EUAV0001';
const SIM_DOCK = 'SIMDOCK000000';
const SIM_AIRCRAFT = 'SIMUAV000000';

/** Calls the API with a bearer; answers the HTTP status and the envelope. */
async function callAs<T>(
  baseUrl: string,
  token: string,
  method: string,
  path: string,
  body?: unknown,
) {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Envelope<T> };
}

async function tokenOf(baseUrl: string, username: string): Promise<string> {
  const response = await fetch(`${baseUrl}${API.login}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, password: TEST_PASSWORD }),
  });
  return ((await response.json()) as Envelope<LoginResult>).data.token;
}

/** What a person does on the devices and logs pages. */
class AdminPages {
  constructor(readonly page: Page) {}

  row(text: string): Locator {
    return this.page.locator('.sd-table tbody tr').filter({ hasText: text });
  }

  /** Waits until the table has answered (rows or the empty state). */
  async tableReady(): Promise<void> {
    await this.page.locator('.sd-table-body[aria-busy="false"]').waitFor();
  }

  /** Waits for a toast saying `text`. */
  async toast(text: string): Promise<void> {
    await this.page.locator('.bp6-toast', { hasText: text }).waitFor();
  }

  /** Picks an option of a search-form select by its field label. */
  async searchSelect(label: string, option: string): Promise<void> {
    const group = this.page.locator('form[role="search"] .bp6-form-group', { hasText: label });
    await group.locator('select').selectOption({ label: option });
  }

  async search(): Promise<void> {
    await this.page.locator('form[role="search"] button[type="submit"]').click();
    await this.tableReady();
  }

  /** Screenshots the page once any dialog or drawer has finished sliding in. */
  async shot(name: string): Promise<void> {
    if (!SHOTS_ON) return;
    await this.page.waitForFunction(
      () => !document.getAnimations().some((a) => a instanceof CSSTransition),
    );
    await saveShot(this.page, SHOTS, name);
  }
}

describe('the devices and logs pages', () => {
  const e2e = useE2E({ SIM_DRONES: '2' });
  let ui: AdminPages;

  async function openAs(user: 'admin' | 'viewer', path: string): Promise<AdminPages> {
    await e2e.console.signIn(user);
    await e2e.console.open(path);
    ui = new AdminPages(e2e.page);
    await ui.tableReady();
    return ui;
  }

  it('lets the admin bind a device, see its secret once, edit it and delete it', async () => {
    await openAs('admin', '/device');
    await e2e.page.getByTestId('device-add').click();
    // Enter on an empty form submits it, and the checks say what is missing.
    await e2e.page.locator('#device-device_sn').press('Enter');
    await e2e.page.getByText('请填写序列号').waitFor();
    await e2e.page.locator('#device-device_sn').fill('bad sn!');
    await e2e.page.locator('#device-model').selectOption({ label: 'Matrice 3D' });
    await e2e.page.locator('#device-device_sn').press('Enter');
    await e2e.page.getByText('序列号只能包含字母和数字').waitFor();
    await e2e.page.locator('#device-device_sn').fill(NEW_SN);
    await e2e.page.locator('#device-name').fill('测试飞机');
    await e2e.page.locator('#device-gateway_sn').fill(SIM_DOCK);
    await ui.shot('device-add-dialog-zh');
    await e2e.page.locator('#device-name').press('Enter');

    const secret = e2e.page.getByTestId('device-secret');
    await secret.waitFor();
    await ui.toast(`设备 ${NEW_SN} 已绑定`);
    const secretText = await secret.inputValue();
    expect(secretText.length).toBeGreaterThanOrEqual(32);
    await e2e.page.getByText('密钥只显示这一次').waitFor();
    await ui.shot('device-secret-dialog-zh');
    // A click outside must not lose the secret; only the button (or Esc) closes it.
    await e2e.page.mouse.click(5, 5);
    expect(await secret.isVisible()).toBe(true);
    await e2e.page.getByRole('button', { name: '我已保存' }).click();
    await secret.waitFor({ state: 'detached' });
    await ui.row(NEW_SN).waitFor();
    expect(await e2e.page.content()).not.toContain(secretText);

    await ui.row(NEW_SN).getByRole('button', { name: '编辑' }).click();
    expect(await e2e.page.locator('#device-device_sn').isDisabled()).toBe(true);
    await e2e.page.locator('#device-name').fill('巡检一号');
    await e2e.page.locator('#device-name').press('Enter');
    await ui.toast(`设备 ${NEW_SN} 已保存`);
    await ui.row('巡检一号').waitFor();

    // Esc cancels the confirmation and the device stays.
    await ui.row(NEW_SN).getByRole('button', { name: '删除' }).click();
    await e2e.page.locator('.bp6-alert').getByText('巡检一号').waitFor();
    await escapeOverlay(e2e.page);
    await e2e.page.locator('.bp6-alert').waitFor({ state: 'detached' });
    expect(await ui.row(NEW_SN).count()).toBe(1);
    await ui.row(NEW_SN).getByRole('button', { name: '删除' }).click();
    await ui.shot('device-delete-confirm-zh');
    await e2e.page.locator('.bp6-alert').getByRole('button', { name: '删除' }).click();
    await ui.toast(`设备 ${NEW_SN} 已删除`);
    await ui.row(NEW_SN).waitFor({ state: 'detached' });
  });

  it('shows the simulated fleet online and live in the detail drawer', async () => {
    await openAs('admin', '/device');
    await e2e.page.locator('form[role="search"] label', { hasText: /^在线$/ }).click();
    // The server records presence a few seconds after the first messages: search until it has.
    await expect
      .poll(
        async () => {
          await ui.search();
          return ui.row(SIM_DOCK).count();
        },
        { timeout: 60_000, interval: 1_000 },
      )
      .toBe(1);
    await ui.row(SIM_DOCK).locator('[data-online="true"]').waitFor();
    await ui.row(SIM_AIRCRAFT).locator('[data-online="true"]').waitFor();
    expect(await ui.row(SIM_DOCK).textContent()).toContain('机场');

    await ui.row(SIM_DOCK).getByRole('button', { name: '详情' }).click();
    const drawer = e2e.page.getByTestId('device-drawer');
    await drawer.locator('code', { hasText: /^3-\d+-0$/ }).waitFor();
    await drawer.getByTestId('device-topology').getByText(SIM_AIRCRAFT).waitFor();
    await drawer.locator('[data-live="age"]').waitFor();
    await escapeOverlay(e2e.page);

    await ui.row(SIM_AIRCRAFT).getByRole('button', { name: '详情' }).click();
    await drawer.getByTestId('device-topology').getByText(SIM_DOCK).waitFor();
    await expect.poll(() => drawer.locator('[data-live="battery"] td').textContent()).toMatch(/%$/);
    await ui.shot('device-drawer-zh');
  });

  it('searches by type, model and serial number', async () => {
    await openAs('admin', '/device');
    await ui.searchSelect('设备类型', '机场');
    await ui.search();
    await ui.row(SIM_DOCK).waitFor();
    expect(await ui.row(SIM_AIRCRAFT).count()).toBe(0);
    await e2e.page.locator('form[role="search"]').getByRole('button', { name: '重置' }).click();
    await ui.tableReady();
    await ui.searchSelect('型号', 'Matrice 4D');
    await ui.search();
    expect(await ui.row(SIM_DOCK).count()).toBe(0);
    await e2e.page.locator('form[role="search"]').getByRole('button', { name: '重置' }).click();
    await e2e.page.locator('form[role="search"] input').first().fill('UAV000000');
    await ui.search();
    await ui.row(SIM_AIRCRAFT).waitFor();
    expect(await e2e.page.locator('.sd-table tbody tr').count()).toBe(1);
  });

  it('hides the device buttons from a viewer, and the server refuses them', async () => {
    await openAs('viewer', '/device');
    await ui.row(SIM_DOCK).waitFor();
    expect(await e2e.page.getByTestId('device-add').count()).toBe(0);
    expect(await ui.row(SIM_DOCK).getByRole('button', { name: '编辑' }).count()).toBe(0);
    expect(await ui.row(SIM_DOCK).getByRole('button', { name: '删除' }).count()).toBe(0);
    expect(await ui.row(SIM_DOCK).getByRole('button', { name: '详情' }).count()).toBe(1);

    const token = await tokenOf(e2e.server.url, 'viewer');
    const device = await callAs<Device>(
      e2e.server.url,
      token,
      'GET',
      `${API.deviceInfo}?device_sn=${SIM_DOCK}`,
    );
    const workspace_id = device.body.data.workspace_id;
    const refused = [
      [API.deviceAdd, { device_sn: 'VIEWER1', domain: 0, type: 91, sub_type: 0, workspace_id }],
      [API.deviceEdit, { device_sn: SIM_DOCK, name: 'x' }],
      [API.deviceDel, { device_sn: SIM_DOCK, workspace_id }],
    ] as const;
    for (const [path, body] of refused) {
      expect((await callAs(e2e.server.url, token, 'POST', path, body)).status, path).toBe(403);
    }
    const still = await callAs<Device>(
      e2e.server.url,
      token,
      'GET',
      `${API.deviceInfo}?device_sn=${SIM_DOCK}`,
    );
    expect(still.body.data.name).toBe(device.body.data.name);
  });

  it('shows the earlier device actions in the logs and exports them as CSV', async () => {
    await openAs('admin', '/logs');
    await ui.searchSelect('模块', '设备');
    await ui.searchSelect('操作', '编辑');
    await ui.search();
    const edit = ui.row(NEW_SN);
    await edit.waitFor();
    // The admin's edit succeeded; the viewer's attempt (refused earlier) is there as a failure.
    const rows = e2e.page.locator('.sd-table tbody tr');
    await expect.poll(() => rows.count()).toBe(2);
    expect(await edit.textContent()).toContain('成功');
    // The target reads as the device's name at the time (before the rename), with its serial.
    expect(await edit.textContent()).toContain(`测试飞机 (${NEW_SN})`);
    expect(await rows.filter({ hasText: 'viewer' }).textContent()).toContain('失败');
    await edit.getByRole('button', { name: '详情' }).click();
    await e2e.page.getByTestId('log-drawer').getByText('巡检一号').waitFor();
    await ui.shot('logs-drawer-zh');
    await escapeOverlay(e2e.page);

    await e2e.page.locator('form[role="search"]').getByRole('button', { name: '重置' }).click();
    await ui.tableReady();
    await ui.searchSelect('模块', '设备');
    await ui.search();
    for (const action of ['新增', '编辑', '删除']) {
      await ui.row(NEW_SN).filter({ hasText: action }).first().waitFor();
    }
    await ui.shot('logs-dark-zh');

    const [download] = await Promise.all([
      e2e.page.waitForEvent('download'),
      e2e.page.getByTestId('logs-export').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^logs-\d{8}-\d{6}\.csv$/);
    const csv = await readFile(await download.path(), 'utf8');
    const lines = csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    // What the page shows: words, names and the browser's local time, plus a UTC column.
    const zone = await e2e.page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(lines[0]).toContain(`"时间 (${zone})","用户","模块","操作","对象"`);
    expect(lines[0]).toContain('"时间 (UTC, ISO 8601)"');
    for (const [action, name] of [
      ['新增', '测试飞机'],
      ['编辑', '测试飞机'],
      ['删除', '巡检一号'],
    ]) {
      const target = `"${name} (${NEW_SN})"`;
      expect(lines.some((l) => l.includes(`"设备","${action}",${target}`))).toBe(true);
    }
    // The export followed the filter: only device entries.
    expect(lines.slice(1).every((l) => l.includes('"设备"'))).toBe(true);
    const firstTime = await e2e.page.locator('.sd-table tbody tr td').first().textContent();
    expect(lines[1]?.split('","')[1]).toBe(firstTime);
  });

  it('filters the logs by time range and user', async () => {
    await openAs('admin', '/logs');
    const form = e2e.page.locator('form[role="search"]');
    // The picker reads a typed time on Enter.
    for (const [placeholder, value] of [
      ['开始', '2000-01-01 00:00:00'],
      ['结束', '2000-12-31 23:59:59'],
    ] as const) {
      await form.getByPlaceholder(placeholder).fill(value);
      await form.getByPlaceholder(placeholder).press('Enter');
    }
    await e2e.page.keyboard.press('Escape');
    await ui.search();
    await e2e.page.getByText('暂无数据').waitFor();
    await form.getByRole('button', { name: '重置' }).click();
    await ui.tableReady();
    await form.locator('.bp6-form-group', { hasText: '用户' }).locator('input').fill('viewer');
    await ui.searchSelect('操作', '登录');
    await ui.search();
    await ui.row('viewer').first().waitFor();
    const users = await e2e.page.locator('.sd-table tbody tr td:nth-child(2)').allTextContents();
    expect(users.length).toBeGreaterThan(0);
    expect(users.every((u) => u === 'viewer')).toBe(true);
  });

  it('draws both pages in English and in the light theme', async () => {
    await openAs('admin', '/device');
    await e2e.console.switchLanguage('English');
    await e2e.page.locator('.sd-table th', { hasText: 'Serial number' }).waitFor();
    await ui.tableReady();
    await ui.shot('device-dark-en');
    const headers = () => e2e.page.locator('.sd-table th').allInnerTexts();
    expect(await headers()).toEqual(expect.arrayContaining(['Serial number']));
    expect((await headers()).join(' ')).not.toMatch(/[\u4e00-\u9fff]/);
    await e2e.page.getByTestId('device-add').click();
    await e2e.page.locator('#device-device_sn').waitFor();
    await ui.shot('device-add-dialog-en');
    // The serial number is marked required next to its English label.
    const snGroup = e2e.page.locator('.bp6-form-group', {
      has: e2e.page.locator('#device-device_sn'),
    });
    expect(await snGroup.locator('label').innerText()).toMatch(/^Serial number\s*\*$/);
    await escapeOverlay(e2e.page);
    await e2e.console.open('/logs');
    await ui.tableReady();
    await e2e.page.locator('.sd-table th', { hasText: 'Module' }).waitFor();
    await ui.shot('logs-dark-en');
    expect(await e2e.page.locator('body').getAttribute('class')).toContain('bp6-dark');
    await e2e.page.getByRole('button', { name: 'Light theme' }).click();
    await ui.shot('logs-light-en');
    expect(await e2e.page.locator('body').getAttribute('class')).not.toContain('bp6-dark');
    await e2e.console.open('/device');
    await ui.tableReady();
    await ui.shot('device-light-en');
    // Theme and language both survive a reload.
    expect(await e2e.page.locator('body').getAttribute('class')).not.toContain('bp6-dark');
    expect(await headers()).toEqual(expect.arrayContaining(['Serial number']));
  });
});
