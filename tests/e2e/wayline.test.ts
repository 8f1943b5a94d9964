import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { API, type Envelope, type LoginResult } from '../../protocol/http.ts';
import { WAYLINE_API } from '../../protocol/waylines.ts';
import { fixtureKmz } from '../fixtures/wpml/kmz.ts';
import { TEST_PASSWORD } from './support/server.ts';
import { useE2E } from './support/setup.ts';
import { saveShot } from './support/shots.ts';
import { escapeOverlay } from './support/overlays.ts';

const md5 = (bytes: Uint8Array) => createHash('md5').update(bytes).digest('hex');

/** What a person does on the wayline library page. */
class WaylinePage {
  constructor(readonly page: Page) {}

  row(name: string) {
    return this.page.locator('.sd-table tbody tr').filter({ hasText: name });
  }

  async tableReady(): Promise<void> {
    await this.page.locator('.sd-table-body[aria-busy="false"]').waitFor();
  }

  /** Opens the import dialog and picks files with the file picker. */
  async pick(files: { name: string; buffer: Buffer }[]): Promise<void> {
    await this.page
      .getByTestId('wayline-file-input')
      .setInputFiles(files.map((f) => ({ ...f, mimeType: 'application/vnd.google-earth.kmz' })));
  }

  /** Drops a file on the import dialog's drop zone, as dragging it from the desktop does. */
  async drop(name: string, bytes: Uint8Array): Promise<void> {
    const transfer = await this.page.evaluateHandle(
      ([fileName, data]) => {
        const dt = new DataTransfer();
        dt.items.add(new File([new Uint8Array(data)], fileName));
        return dt;
      },
      [name, [...bytes]] as const,
    );
    await this.page
      .getByTestId('wayline-dropzone')
      .dispatchEvent('drop', { dataTransfer: transfer });
  }

  /** The status line of an imported file once it has finished (imported or refused). */
  async outcome(fileName: string): Promise<string> {
    const item = this.page
      .locator('.sd-import-item')
      .filter({ hasText: fileName })
      .and(this.page.locator('[data-state="done"], [data-state="failed"]'));
    await item.waitFor();
    return (await item.locator('.sd-import-item__status').textContent()) ?? '';
  }
}

async function signInApi(baseUrl: string, username: string): Promise<LoginResult> {
  const response = await fetch(`${baseUrl}${API.login}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, password: TEST_PASSWORD }),
  });
  return ((await response.json()) as Envelope<LoginResult>).data;
}

/** Uploads a KMZ through the API as `username` into that account's project; answers the status. */
async function uploadAs(baseUrl: string, username: string, name: string, bytes: Uint8Array) {
  const { token, user } = await signInApi(baseUrl, username);
  const query = `workspace_id=${user.workspace_id}&name=${encodeURIComponent(name)}`;
  const response = await fetch(`${baseUrl}${WAYLINE_API.upload}?${query}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/octet-stream' },
    body: Buffer.from(bytes),
  });
  return response.status;
}

describe('the wayline library', () => {
  const e2e = useE2E({ SIM_DRONES: '0' });
  const kmz = fixtureKmz('waypoint-actions-1.0.6');

  it('imports KMZ files with a per-file outcome, lists their facts, downloads the same bytes and deletes', async () => {
    const { page } = e2e;
    const ui = new WaylinePage(page);
    await e2e.console.signIn('operator');
    await e2e.console.open('/wayline');
    await ui.tableReady();

    await page.getByTestId('wayline-import').click();
    await ui.pick([
      { name: '北门巡检.kmz', buffer: Buffer.from(kmz) },
      { name: '坏文件.kmz', buffer: Buffer.from('not a zip at all') },
    ]);
    await ui.drop('测绘区.kmz', fixtureKmz('mapping2d-1.0.6'));
    expect(await ui.outcome('北门巡检.kmz')).toBe('已导入：4 个航点');
    expect(await ui.outcome('坏文件.kmz')).toBe('不是 KMZ（ZIP）文件');
    expect(await ui.outcome('测绘区.kmz')).toBe('已导入：10 个航点');
    await saveShot(page, 'wayline', 'import-dialog');
    await page.getByRole('button', { name: '完成', exact: true }).click();
    await ui.tableReady();

    const row = ui.row('北门巡检');
    await expect.poll(() => row.count()).toBe(1);
    const cells = await row.locator('td').allTextContents();
    expect(cells).toEqual(
      expect.arrayContaining(['北门巡检', 'Matrice 30T', '航点航线', '4', 'operator']),
    );
    expect(cells.some((c) => /^\d{3} 米$/.test(c))).toBe(true);
    expect(await row.locator('svg.sd-route-thumb polyline').getAttribute('points')).toMatch(
      /^(\d+(\.\d)?,\d+(\.\d)?\s?){4}$/,
    );
    await expect.poll(() => ui.row('测绘区').count()).toBe(1);
    await saveShot(page, 'wayline', 'list');

    await row.getByRole('button', { name: '详情' }).click();
    const drawer = page.getByTestId('wayline-drawer');
    await drawer.waitFor();
    const facts = await drawer.locator('td').allTextContents();
    expect(facts).toEqual(
      expect.arrayContaining(['M30T Camera', '相对起飞点高度', '自动返航', '1.0.6', md5(kmz)]),
    );
    await page.waitForFunction(
      () => !document.getAnimations().some((a) => a instanceof CSSTransition),
    );
    await saveShot(page, 'wayline', 'drawer');
    await escapeOverlay(page);
    await drawer.waitFor({ state: 'detached' });

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('button', { name: '下载' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('北门巡检.kmz');
    expect(new Uint8Array(await readFile(await download.path()))).toEqual(kmz);

    await row.getByRole('button', { name: '收藏' }).click();
    await expect.poll(() => row.getByRole('button', { name: '取消收藏' }).count()).toBe(1);

    await row.getByRole('button', { name: '删除' }).click();
    await page.locator('.sd-confirm-delete').getByRole('button', { name: '删除' }).click();
    await page.locator('.bp6-toast', { hasText: '航线「北门巡检」已删除' }).waitFor();
    await expect.poll(() => ui.row('北门巡检').count()).toBe(0);
  });

  it('shows a viewer the list without the import button, and the API refuses its upload', async () => {
    const { page, server } = e2e;
    const ui = new WaylinePage(page);
    expect(await uploadAs(server.url, 'operator', '巡检 B.kmz', kmz)).toBe(200);
    await e2e.console.signIn('viewer');
    await e2e.console.open('/wayline');
    await ui.tableReady();
    await expect.poll(() => ui.row('巡检 B').count()).toBe(1);
    expect(await page.getByTestId('wayline-import').count()).toBe(0);
    expect(await ui.row('巡检 B').getByRole('button', { name: '删除' }).count()).toBe(0);
    expect(await ui.row('巡检 B').getByRole('button', { name: '下载' }).count()).toBe(1);
    expect(await uploadAs(server.url, 'viewer', 'x.kmz', kmz)).toBe(403);
  });
});
