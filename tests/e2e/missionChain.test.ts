/**
 * One mission from file to report, as an operator works it in the console: import a KMZ with a
 * `takePhoto` action on /wayline, fly it now on the simulated dock from /task, follow it on the list
 * and the wall map, find that flight's own photos in /resources filtered by the task, preview one,
 * and export the flight's report PDF with the photos in it.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  API,
  type Device,
  type Envelope,
  type LoginResult,
  type RowsPage,
} from '../../protocol/http.ts';
import { TASK_API, type FlightTask, type FlightTaskDetail } from '../../protocol/tasks.ts';
import { buildFleet, DEFAULT_CENTER } from '../../server/sim/fleet.ts';
import { kmzForAircraft } from '../fixtures/wpml/forAircraft.ts';
import { fixtureFiles, zipFiles } from '../fixtures/wpml/kmz.ts';
import { TEST_PASSWORD } from './support/server.ts';
import { useE2E } from './support/setup.ts';
import { saveShot, SHOTS_DIR, SHOTS_ON } from './support/shots.ts';
import { embeddedJpegs, jpegInk } from './support/pdfImages.ts';

const ROUTE = '近场拍照航线';
const TASK = '近场拍照任务';
/** Flying, landing and uploading take a minute or two on a busy machine. */
const FLIGHT = { timeout: 240_000, interval: 1_000 };
const WAIT = { timeout: 45_000, interval: 500 };
/** A map on a page just opened, drawn by software WebGL while the whole suite loads the machine. */
const DRAWN = { timeout: 120_000 };
/** The fixture's points are scaled to this share of their spread: a route of a few hundred metres. */
const SHRINK = 0.5;

/**
 * The waypoint-actions fixture (a `takePhoto` at its first point) moved next to the simulated dock
 * and made smaller, so the flight takes about a minute instead of crossing the district.
 */
function nearDockKmz(home: { lat: number; lng: number }): Uint8Array {
  const first = { lng: 113.943, lat: 22.54 };
  // 60 m east of the dock: the aircraft climbs and is there almost at once.
  const origin = { lng: home.lng + 0.0006, lat: home.lat };
  return zipFiles(
    fixtureFiles('waypoint-actions-1.0.6', (path, text) =>
      path.endsWith('.kmz') || path.startsWith('res/')
        ? text
        : text.replace(
            /(\d+\.\d+),(\d+\.\d+)(\s*<\/coordinates>)/g,
            (_m, lon: string, lat: string, end: string) =>
              `${(origin.lng + (Number(lon) - first.lng) * SHRINK).toFixed(7)},${(
                origin.lat +
                (Number(lat) - first.lat) * SHRINK
              ).toFixed(7)}${end}`,
          ),
    ),
  );
}

async function operatorApi(baseUrl: string): Promise<{ token: string; workspaceId: number }> {
  const login = await fetch(`${baseUrl}${API.login}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: 'operator', password: TEST_PASSWORD }),
  });
  const { token, user } = ((await login.json()) as Envelope<LoginResult>).data;
  return { token, workspaceId: user.workspace_id };
}

/** Whether the device list says the dock is online. */
async function dockOnline(
  baseUrl: string,
  token: string,
  workspaceId: number,
  sn: string,
): Promise<boolean> {
  const url = `${baseUrl}${API.deviceAccountList}?workspace_id=${String(workspaceId)}&pageIndex=1&pageSize=100`;
  const answer = await fetch(url, { headers: { Authorization: `Bearer ${token}` } });
  const rows = ((await answer.json()) as Envelope<RowsPage<Device>>).data.rows;
  return rows.some((d) => d.device_sn === sn && d.online);
}

/** The task's detail as the server has it now. */
async function taskDetail(baseUrl: string, token: string, id: number): Promise<FlightTaskDetail> {
  const answer = await fetch(`${baseUrl}${TASK_API.info}?id=${String(id)}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  return ((await answer.json()) as Envelope<FlightTaskDetail>).data;
}

/** The id of the task named `name` in the operator's project (0 while there is none). */
async function taskId(baseUrl: string, token: string, workspaceId: number): Promise<number> {
  const answer = await fetch(`${baseUrl}${TASK_API.list}?workspace_id=${String(workspaceId)}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  const rows = ((await answer.json()) as Envelope<{ data: FlightTask[] }>).data.data;
  return rows.find((r) => r.name === TASK)?.id ?? 0;
}

/** Waits until a dialog's fade-in has finished, so a screenshot shows it whole. */
async function settledDialog(page: Page, selector: string): Promise<void> {
  await page.locator(selector).waitFor();
  await page.waitForFunction((sel) => {
    const box = document.querySelector(sel)?.closest('.bp6-dialog-container');
    return box !== null && box !== undefined && getComputedStyle(box).opacity === '1';
  }, selector);
}

describe('a mission from KMZ to report', () => {
  // Simulated time at ×10: the flight and its landing take seconds of wall time, not minutes.
  const e2e = useE2E({ SIM_DRONES: '1', SIM_PATROLS: '0', SIM_TIME_SCALE: '10' });

  it('imports, flies, follows, finds its photos and exports its report', async () => {
    const { page } = e2e;
    const base = e2e.server.url;
    // The server builds the same one-dock fleet from the default centre and seed.
    const [unit] = buildFleet({ drones: 1, seed: 1, center: DEFAULT_CENTER });
    if (!unit) throw new Error('no simulated dock');
    const { token, workspaceId } = await operatorApi(base);
    // Pages load their chunks and the offline basemap: slow when the machine is busy.
    page.setDefaultTimeout(60_000);

    // 1. The route, imported through the wayline page's file picker.
    await e2e.console.signIn('operator');
    await e2e.console.open('/wayline');
    await page.getByTestId('wayline-import').click();
    await page.getByTestId('wayline-file-input').setInputFiles({
      name: `${ROUTE}.kmz`,
      mimeType: 'application/vnd.google-earth.kmz',
      buffer: Buffer.from(kmzForAircraft(nearDockKmz(unit.home), unit.aircraft.modelKey)),
    });
    const imported = page
      .locator('.sd-import-item')
      .filter({ hasText: `${ROUTE}.kmz` })
      .and(page.locator('[data-state="done"], [data-state="failed"]'));
    await imported.waitFor(WAIT);
    expect(await imported.locator('.sd-import-item__status').textContent()).toBe(
      '已导入：4 个航点',
    );

    // 2. An immediate task for the simulated dock, created on the task page once the dock is online
    // (a task for an offline dock is refused, rightly).
    await expect.poll(() => dockOnline(base, token, workspaceId, unit.dock.sn), WAIT).toBe(true);
    await e2e.console.open('/task');
    await page.getByTestId('task-create').click();
    await page.locator('#task-name').fill(TASK);
    await page.locator('#task-wayline option', { hasText: ROUTE }).waitFor({ state: 'attached' });
    await page
      .locator('#task-dock option')
      .nth(1)
      .waitFor({ state: 'attached', ...WAIT });
    await page.locator('#task-wayline').selectOption({ label: ROUTE });
    await page.locator('#task-dock').selectOption({ value: unit.dock.sn });
    await page.getByTestId('task-form').locator('button[type="submit"]').click();
    await page.getByTestId('task-form').waitFor({ state: 'detached' });

    // 3. Live progress on the list…
    const row = page.locator('.sd-table tbody tr').filter({ hasText: TASK });
    const bar = row.getByTestId('task-progress');
    await expect
      .poll(async () => ((await bar.count()) > 0 ? 'flying' : await row.innerText()), FLIGHT)
      .toBe('flying');
    await expect
      .poll(async () => Number(await bar.getAttribute('data-percent')), FLIGHT)
      .toBeGreaterThan(0);
    await saveShot(page, 'chain', 'task-flying');
    const id = await taskId(base, token, workspaceId);
    const run = (await taskDetail(base, token, id)).last;
    if (!run) throw new Error('the task has no execution');

    // …and on the wall map, until the aircraft has landed.
    await e2e.console.open(`/taskInfoMap?id=${String(run.id)}`);
    // A busy machine may take a while to load the page and its offline basemap.
    await page.getByTestId('wall-map').waitFor(FLIGHT);
    await expect.poll(() => page.getByTestId('wall-percent').textContent(), WAIT).toMatch(/^\d+%$/);
    await page.locator('.maplibregl-map[data-drawn*="planned"]').waitFor(WAIT);
    await saveShot(page, 'chain', 'wall-flying');
    await expect
      .poll(async () => (await taskDetail(base, token, id)).last?.state, FLIGHT)
      .toBe('ok');

    // 4. The flight's page, and its report with the photos.
    await e2e.console.open(`/subtasksInfo/${String(run.id)}`);
    const photos = page.locator('[data-testid=subtask-media] img');
    // The photos are uploaded after landing; the page lists what is there when it opens.
    await expect
      .poll(async () => {
        if ((await photos.count()) > 0) return true;
        await page.reload();
        await page.getByTestId('subtask-media').waitFor();
        return (await photos.count()) > 0;
      }, FLIGHT)
      .toBe(true);
    await expect
      .poll(() =>
        photos.evaluateAll((imgs) =>
          imgs.every((img) => img instanceof HTMLImageElement && img.naturalWidth > 0),
        ),
      )
      .toBe(true);
    await page
      .locator('[data-testid="subtask-map"] .maplibregl-map[data-drawn*="planned"]')
      .waitFor(DRAWN);
    await saveShot(page, 'chain', 'subtask-done', { fullPage: true });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: '导出 PDF' }).click(),
    ]);
    const { readFile } = await import('node:fs/promises');
    const bytes = await readFile(await download.path());
    if (SHOTS_ON) await writeFile(join(SHOTS_DIR, 'chain', 'report.pdf'), bytes);
    const pdf = await PDFDocument.load(bytes);
    // The report is a document (its text in bands with a text layer, its tables, its pictures),
    // not one picture of the page per page: its JPEGs (FF D8) are its pictures, each its own.
    const jpegs = embeddedJpegs(pdf).filter((b) => b[0] === 0xff && b[1] === 0xd8);
    const inks = await Promise.all(jpegs.map((jpeg) => jpegInk(page, jpeg)));
    // The flight's photo is among them as a real picture: a thumbnail of at most 64 × 48 points
    // at 4 pixels a point, drawn on most of its area.
    expect(inks.some((i) => i.width <= 256 && i.height <= 192 && i.marked > 0.05)).toBe(true);

    // 5. The flight's own photos in the library, found by filtering on the task.
    await e2e.console.open('/resources');
    // Other open tabs keep their pages (and search forms) alive but hidden: stay inside this one.
    const library = page.getByTestId('resources-page');
    await library.waitFor();
    const search = library.locator('.sd-search-actions button[type="submit"]');
    const taskPicker = library
      .locator('.sd-search-field', { hasText: '所属任务' })
      .locator('select');
    await taskPicker.locator('option', { hasText: TASK }).waitFor({ state: 'attached', ...WAIT });
    await taskPicker.selectOption({ label: TASK });
    await search.click();
    const cards = page.getByTestId('media-card');
    // Photos arrive after landing: ask again until the upload is in.
    await expect
      .poll(async () => {
        await search.click();
        await page.waitForTimeout(1_000);
        return cards.count();
      }, FLIGHT)
      .toBeGreaterThanOrEqual(1);
    await saveShot(page, 'chain', 'resources-by-task');
    await cards.first().locator('.sd-media-open').click();
    await settledDialog(page, '.sd-media-preview');
    const preview = page.locator('.sd-media-preview');
    expect(await preview.locator('.sd-media-facts td').allInnerTexts()).toEqual(
      expect.arrayContaining([run.flight_id]),
    );
    await expect
      .poll(
        () =>
          preview
            .locator('img')
            .first()
            .evaluate((img: HTMLImageElement) => img.naturalWidth),
        WAIT,
      )
      .toBeGreaterThan(0);
    await saveShot(page, 'chain', 'photo-preview');
    await page.keyboard.press('Escape');
    await preview.waitFor({ state: 'detached' });
  }, 600_000);
});
