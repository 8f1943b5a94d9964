import { readFile } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { API, type Envelope, type LoginResult } from '../../../protocol/http.ts';

/** Waits until a searchable table has answered (rows or the empty state). */
async function tableReady(page: Page): Promise<void> {
  await page.locator('.sd-table-body:visible[aria-busy="false"]').waitFor();
}

/** Waits for a toast saying `text`; one that never comes fails the test by time-out. */
async function toast(page: Page, text: string): Promise<void> {
  await page.locator('.bp6-toast', { hasText: text }).first().waitFor();
}

/** Picks the option of a select whose text holds `text` (project options may be indented). */
async function pick(select: Locator, text: string): Promise<void> {
  const option = select.locator('option').filter({ hasText: text }).first();
  await select.selectOption((await option.getAttribute('value')) ?? '');
}

/** The projects page (`/workspace`), labels in Chinese. */
export class ProjectsPage {
  constructor(
    readonly page: Page,
    readonly organisation: string,
  ) {}

  /** Adds a project under the organisation and waits until its row is on screen. */
  async add(name: string): Promise<void> {
    await tableReady(this.page);
    await this.row(this.organisation).getByRole('button', { name: '添加下级' }).click();
    await this.page.locator('#workspace-name').fill(name);
    await this.page.locator('#workspace-name').press('Enter');
    await toast(this.page, `已添加「${name}」`);
    await this.row(name).waitFor();
  }

  /** The row of a project or organisation by its name. */
  row(name: string): Locator {
    return this.page
      .locator('.sd-table:visible tbody tr')
      .filter({ has: this.page.locator(`[data-workspace="${name}"]`) });
  }
}

/** What the bind form asks for. */
export interface DeviceToBind {
  sn: string;
  name: string;
  model: string;
  project: string;
}

/** The devices page (`/device`). */
export class DevicesPage {
  constructor(readonly page: Page) {}

  /** Binds a device, closes the one-time secret and waits for its row. */
  async bind(device: DeviceToBind): Promise<void> {
    await this.bindButton().click();
    await this.page.locator('#device-device_sn').fill(device.sn);
    await this.page.locator('#device-name').fill(device.name);
    await this.page.locator('#device-model').selectOption({ label: device.model });
    await this.page.locator('#device-workspace_id').selectOption({ label: device.project });
    await this.page.locator('#device-name').press('Enter');
    await toast(this.page, `设备 ${device.sn} 已绑定`);
    await this.page.getByRole('button', { name: '我已保存' }).click();
    await this.row(device.sn).waitFor();
  }

  /** The "Bind device" button of the toolbar. */
  bindButton(): Locator {
    return this.page.getByTestId('device-add');
  }

  /** The row of a device once the table has loaded it. */
  async shownRow(sn: string): Promise<Locator> {
    await tableReady(this.page);
    await this.row(sn).waitFor();
    return this.row(sn);
  }

  /** Whether a device's row offers the button labelled `label`. */
  async rowOffers(sn: string, label: string): Promise<boolean> {
    const row = await this.shownRow(sn);
    return (await row.getByRole('button', { name: label }).count()) > 0;
  }

  private row(sn: string): Locator {
    return this.page.locator('.sd-table:visible tbody tr').filter({ hasText: sn });
  }
}

/** The add-role dialog of the roles page (`/role`), its permission tree and sidebar preview. */
export class RoleDialog {
  constructor(readonly page: Page) {}

  /** Ticks a page: it brings all of its buttons along. */
  async grantPage(menuTitle: string): Promise<void> {
    await this.tick(menuTitle);
  }

  /** Ticks one button of a page: it brings its page, and nothing else of it. */
  async grantButton(menuTitle: string, code: string): Promise<void> {
    await this.expand(menuTitle);
    await this.tick(code);
  }

  /** Unticks one button of an already granted page. */
  async revokeButton(menuTitle: string, code: string): Promise<void> {
    await this.expand(menuTitle);
    await this.tick(code);
  }

  /** The route names of the sidebar the role will see, as the preview draws it. */
  preview(): Promise<(string | null)[]> {
    return this.page
      .locator('.sd-role-preview [data-preview-menu]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-preview-menu')));
  }

  /** Saves with Enter and waits for the dialog to close with its success toast. */
  async save(): Promise<void> {
    await this.page.locator('#role-name').press('Enter');
    await toast(this.page, '角色已新增');
    await this.page.locator('.sd-role-dialog').waitFor({ state: 'detached' });
  }

  private row(text: string): Locator {
    return this.page.locator('.sd-perm-tree .bp6-tree-node-content', { hasText: text }).first();
  }

  private async tick(text: string): Promise<void> {
    await this.row(text).locator('label.bp6-checkbox').click();
  }

  /** Opens a tree row's children unless they are open already. */
  private async expand(text: string): Promise<void> {
    const caret = this.row(text).locator('.bp6-tree-node-caret');
    if ((await caret.getAttribute('class'))?.includes('bp6-tree-node-caret-open')) return;
    await caret.click();
  }
}

/** The roles page (`/role`). */
export class RolesPage {
  constructor(readonly page: Page) {}

  /** Opens the add dialog with the role's name typed in. */
  async startAdding(name: string): Promise<RoleDialog> {
    await this.page.getByRole('button', { name: '新增角色' }).click();
    await this.page.locator('#role-name').fill(name);
    return new RoleDialog(this.page);
  }

  /** Waits until the table lists the role. */
  async waitForRow(name: string): Promise<void> {
    await this.page.locator('.sd-table:visible tbody td', { hasText: name }).first().waitFor();
  }
}

/** What the add-user form asks for. */
export interface UserToAdd {
  username: string;
  password: string;
  nickname: string;
  role: string;
  project: string;
}

/** The users page (`/users`). */
export class UsersPage {
  constructor(readonly page: Page) {}

  /** Adds a user with Enter and waits for their row. */
  async add(user: UserToAdd): Promise<void> {
    await tableReady(this.page);
    await this.page.getByRole('button', { name: '新增用户' }).click();
    await this.page.locator('#user-username').fill(user.username);
    await this.page.locator('#user-password').fill(user.password);
    await this.page.locator('#user-nickname').fill(user.nickname);
    await pick(this.page.locator('#user-role'), user.role);
    await pick(this.page.locator('#user-project'), user.project);
    await this.page.locator('#user-password').press('Enter');
    await toast(this.page, `已新增用户「${user.username}」`);
    await this.page.locator(`.sd-table:visible [data-username="${user.username}"]`).waitFor();
  }
}

/** One audit-log row as the logs table shows it. */
export interface LogRow {
  user: string;
  module: string;
  action: string;
  target: string;
  result: string;
}

/** The filters of the logs page a test uses (labels as shown). */
export interface LogFilter {
  user?: string;
  action?: string;
}

/** The logs page (`/logs`). */
export class LogsPage {
  constructor(readonly page: Page) {}

  /** Fills the filter from scratch and runs the search (the table may still be answering). */
  async filter(filter: LogFilter): Promise<void> {
    const form = this.page.locator('form[role="search"]:visible');
    await tableReady(this.page);
    await form.getByRole('button', { name: '重置' }).click();
    if (filter.user !== undefined) {
      await this.group('用户').locator('input').fill(filter.user);
    }
    if (filter.action !== undefined) {
      await this.group('操作').locator('select').selectOption({ label: filter.action });
    }
    await form.locator('button[type="submit"]').click();
  }

  /** The rows on screen (empty while the table shows its empty state). */
  rows(): Promise<LogRow[]> {
    return this.page.locator('.sd-table:visible tbody tr').evaluateAll((trs) =>
      trs
        .map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent))
        .filter((cells) => cells.length >= 7)
        .map(([, user, module, action, target, , result]) => ({
          user: user ?? '',
          module: module ?? '',
          action: action ?? '',
          target: target ?? '',
          result: result ?? '',
        })),
    );
  }

  /** Whether the "Export CSV" button is offered. */
  async offersExport(): Promise<boolean> {
    await tableReady(this.page);
    return (await this.page.getByTestId('logs-export').count()) > 0;
  }

  /** Exports the current filter and answers the downloaded file's records. */
  async exportCsv(): Promise<Record<string, string>[]> {
    const [download] = await Promise.all([
      this.page.waitForEvent('download'),
      this.page.getByTestId('logs-export').click(),
    ]);
    return csvRecords(await readFile(await download.path(), 'utf8'));
  }

  private group(label: string): Locator {
    return this.page.locator('form[role="search"]:visible .bp6-form-group', { hasText: label });
  }
}

/** Reads the export's CSV (fully quoted cells, the header too) into records by column title. */
export function csvRecords(text: string): Record<string, string>[] {
  const [header = '', ...lines] = text
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  const cellsOf = (line: string) =>
    [...line.matchAll(/"((?:[^"]|"")*)"/g)].map((m) => (m[1] ?? '').replaceAll('""', '"'));
  const columns = cellsOf(header);
  return lines.map((line) => {
    const cells = cellsOf(line);
    return Object.fromEntries(columns.map((c, i) => [c, cells[i] ?? '']));
  });
}

/** Signs in through the API and answers the access token. */
export async function tokenOf(baseUrl: string, username: string, password: string) {
  const response = await fetch(`${baseUrl}${API.login}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  return ((await response.json()) as Envelope<LoginResult>).data.token;
}

/** POSTs to the API with a bearer token and answers the HTTP status. */
export async function postAs(baseUrl: string, token: string, path: string, body: unknown) {
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  return response.status;
}
