/**
 * The flight report is a document, not a picture of the page: a flight of many waypoints near the
 * simulated dock, exported from its page in Chinese and in English, read back with `pdftotext`
 * (the run's facts, every waypoint row whole on one page under its header, page numbers) and with
 * pdf-lib (the map copied from the page's canvas as its own JPEG).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { API, type Envelope, type LoginResult } from '../../protocol/http.ts';
import { MEDIA_API, type MediaListPage } from '../../protocol/media.ts';
import { TASK_API, type FlightTask, type FlightTaskDetail } from '../../protocol/tasks.ts';
import { WAYLINE_API, type Wayline } from '../../protocol/waylines.ts';
import { buildFleet, DEFAULT_CENTER } from '../../server/sim/fleet.ts';
import { kmzForAircraft } from '../fixtures/wpml/forAircraft.ts';
import { fixtureFiles, zipFiles } from '../fixtures/wpml/kmz.ts';
import { embeddedJpegs, jpegInk } from './support/pdfImages.ts';
import { TEST_PASSWORD } from './support/server.ts';
import { useE2E } from './support/setup.ts';
import { SHOTS_DIR, SHOTS_ON } from './support/shots.ts';

const HAS_PDFTOTEXT = spawnSync('pdftotext', ['-v']).status === 0;
const TASK = '报告航点巡检';
/** Enough waypoints that their table runs onto a second page. */
const WAYPOINTS = 48;
const FLIGHT = { timeout: 300_000, interval: 1_000 };

/**
 * The waypoint-actions fixture (a photo at its first point) turned into a lawnmower of `count`
 * waypoints 20 m apart, beside the dock: every placemark after the fourth is a copy of the fourth
 * without its actions.
 */
function manyWaypointsKmz(home: { lat: number; lng: number }, count: number): Uint8Array {
  const at = (i: number) => {
    const row = Math.floor(i / 6);
    const col = row % 2 === 0 ? i % 6 : 5 - (i % 6);
    return `${(home.lng + 0.0005 + col * 0.0002).toFixed(7)},${(home.lat + row * 0.0002).toFixed(7)}`;
  };
  const place = (block: string, i: number) =>
    block
      .replace(/<wpml:index>\d+<\/wpml:index>/, `<wpml:index>${String(i)}</wpml:index>`)
      .replace(/<coordinates>[\s\S]*?<\/coordinates>/, `<coordinates>${at(i)}</coordinates>`);
  return zipFiles(
    fixtureFiles('waypoint-actions-1.0.6', (path, text) => {
      if (!path.endsWith('.kml') && !path.endsWith('.wpml')) return text;
      const blocks = text.match(/<Placemark>[\s\S]*?<\/Placemark>/g) ?? [];
      const last = (blocks.at(-1) ?? '').replace(
        /<wpml:actionGroup>[\s\S]*<\/wpml:actionGroup>/,
        '',
      );
      const all = Array.from({ length: count }, (_, i) => place(blocks[i] ?? last, i));
      const start = text.indexOf('<Placemark>');
      const end = text.lastIndexOf('</Placemark>') + '</Placemark>'.length;
      return `${text.slice(0, start)}${all.join('\n      ')}${text.slice(end)}`;
    }),
  );
}

async function api(baseUrl: string) {
  const login = await fetch(`${baseUrl}${API.login}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: 'operator', password: TEST_PASSWORD }),
  });
  const { token, user } = ((await login.json()) as Envelope<LoginResult>).data;
  const auth = { Authorization: `Bearer ${token}` };
  const get = async <T>(path: string): Promise<T> =>
    ((await (await fetch(`${baseUrl}${path}`, { headers: auth })).json()) as Envelope<T>).data;
  const post = async <T>(path: string, body: BodyInit, type: string): Promise<T> => {
    const answer = await fetch(`${baseUrl}${path}`, {
      method: 'POST',
      headers: { ...auth, 'Content-Type': type },
      body,
    });
    const envelope = (await answer.json()) as Envelope<T>;
    if (envelope.data === null) throw new Error(`${path}: ${JSON.stringify(envelope)}`);
    return envelope.data;
  };
  return { workspace: user.workspace_id, get, post };
}

/** Flies the many-waypoint route now on the simulated dock; answers the finished run's id. */
async function finishedRun(baseUrl: string): Promise<{ runId: number; dockSn: string }> {
  const [unit] = buildFleet({ drones: 1, seed: 1, center: DEFAULT_CENTER });
  if (!unit) throw new Error('no simulated dock');
  const { workspace, get, post } = await api(baseUrl);
  const query = `workspace_id=${String(workspace)}&name=${encodeURIComponent('报告航线')}`;
  const wayline = await post<Wayline>(
    `${WAYLINE_API.upload}?${query}`,
    Buffer.from(kmzForAircraft(manyWaypointsKmz(unit.home, WAYPOINTS), unit.aircraft.modelKey)),
    'application/octet-stream',
  );
  const devices = `${API.deviceAccountList}?workspace_id=${String(workspace)}&pageIndex=1&pageSize=100`;
  await expect
    .poll(async () => {
      const page = await get<{ rows: { device_sn: string; online: boolean }[] }>(devices);
      return page.rows.some((d) => d.device_sn === unit.dock.sn && d.online);
    }, FLIGHT)
    .toBe(true);
  const task = await post<FlightTask>(
    TASK_API.add,
    JSON.stringify({
      workspace_id: workspace,
      name: TASK,
      wayline_id: wayline.id,
      dock_sn: unit.dock.sn,
      schedule: { kind: 'immediate' },
      rth_altitude: 100,
    }),
    'application/json',
  );
  let runId = 0;
  await expect
    .poll(async () => {
      const last = (await get<FlightTaskDetail>(`${TASK_API.info}?id=${String(task.id)}`)).last;
      runId = last?.id ?? 0;
      return last?.state;
    }, FLIGHT)
    .toBe('ok');
  // The photo of the first waypoint is uploaded after landing.
  const flightId = (await get<FlightTaskDetail>(`${TASK_API.info}?id=${String(task.id)}`)).last
    ?.flight_id;
  const media = `${MEDIA_API.list}?workspace_id=${String(workspace)}&flight_id=${flightId ?? ''}&current=1&size=10`;
  await expect
    .poll(async () => (await get<MediaListPage>(media)).rows.length, FLIGHT)
    .toBeGreaterThan(0);
  return { runId, dockSn: unit.dock.sn };
}

/** Exports the open flight page's report; answers the file's path, bytes and pages' text. */
async function exportReport(page: Page, button: string, name: string) {
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 120_000 }),
    page.getByRole('button', { name: button }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('报告.pdf');
  const path = await download.path();
  const bytes = await readFile(path);
  if (SHOTS_ON) {
    await mkdir(join(SHOTS_DIR, 'report'), { recursive: true });
    await writeFile(join(SHOTS_DIR, 'report', `${name}.pdf`), bytes);
  }
  const pdf = await PDFDocument.load(bytes);
  const pages = Array.from({ length: pdf.getPageCount() }, (_, i) =>
    execFileSync(
      'pdftotext',
      ['-layout', '-enc', 'UTF-8', '-f', String(i + 1), '-l', String(i + 1), path, '-'],
      { encoding: 'utf8' },
    ).replace(/[ \t]+/g, ' '),
  );
  return { pdf, pages, text: pages.join('\n') };
}

/** The waypoint rows of each page's text: "index lat, lon height reached", whole rows only. */
function waypointRows(pages: readonly string[], metres: string, words: readonly string[]) {
  const escape = (w: string) => w.replace(/[()]/g, '\\$&');
  const row = new RegExp(
    `^ ?(\\d+) (\\d+\\.\\d{6}, \\d+\\.\\d{6}) ([\\d.]+ ${metres}) (\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d|${words.map(escape).join('|')})$`,
    'gm',
  );
  return pages.map((text) => [...text.matchAll(row)].map((m) => Number(m[1])));
}

describe('the flight report as a document', () => {
  // Simulated time at ×10: the flight takes seconds of wall time, not minutes.
  const e2e = useE2E({ SIM_DRONES: '1', SIM_PATROLS: '0', SIM_TIME_SCALE: '10' });

  it.skipIf(!HAS_PDFTOTEXT)(
    'writes the facts, the map, whole waypoint rows and page numbers as text, in zh and en',
    async () => {
      const { page } = e2e;
      page.setDefaultTimeout(60_000);
      const { runId, dockSn } = await finishedRun(e2e.server.url);
      await e2e.console.signIn('operator');
      await e2e.console.open(`/subtasksInfo/${String(runId)}`);
      const map = page.locator(
        '[data-testid="subtask-map"] .maplibregl-map[data-drawn*="planned"][data-drawn*="flown"]',
      );
      await map.waitFor({ timeout: 120_000 });
      await page.locator('[data-testid=subtask-media] img').first().waitFor();
      const canvas = await page
        .locator('[data-testid="subtask-map"] canvas.maplibregl-canvas')
        .evaluate((c: HTMLCanvasElement) => ({ width: c.width, height: c.height }));

      const zh = await exportReport(page, '导出 PDF', 'flight-zh');
      const count = zh.pdf.getPageCount();
      expect(count).toBeGreaterThan(1);
      for (const p of zh.pdf.getPages()) expect(p.getSize().height).toBeLessThanOrEqual(14_400);
      // Title block and the run's facts, as text.
      expect(zh.text).toContain('飞行报告');
      expect(zh.text).toContain(`${TASK} · 飞行 ${String(runId)}`);
      expect(zh.text).toMatch(/导出人 操作员/);
      expect(zh.text).toContain(`任务 ${TASK}`);
      expect(zh.text).toContain(`机场 ${dockSn}`);
      expect(zh.text).toContain(`已到航点 ${String(WAYPOINTS)} / ${String(WAYPOINTS)}`);
      expect(zh.text).toMatch(/飞行时长 \d+ (分 \d+ )?秒/);
      // The result is the run's verdict: what the aircraft did, not only the dock's last word.
      expect(zh.text).toContain(`结果 已完成：${String(WAYPOINTS)} / ${String(WAYPOINTS)} 个航点`);
      expect(zh.text).toContain('飞行地图');
      // Every waypoint is one whole row on one page; a page the table continues onto repeats
      // the header above its rows.
      const rows = waypointRows(zh.pages, '米', ['已到达（时间未上报）', '未到达']);
      expect(rows.flat().sort((a, b) => a - b)).toEqual(
        Array.from({ length: WAYPOINTS }, (_, i) => i + 1),
      );
      const holding = rows.flatMap((r, i) => (r.length > 0 ? [i] : []));
      expect(holding.length).toBeGreaterThan(1);
      for (const i of holding) {
        const text = zh.pages[i] ?? '';
        const header = text.search(/序号 位置（纬度, 经度） 高度 到达时间/);
        expect(header).toBeGreaterThanOrEqual(0);
        expect(header).toBeLessThan(text.search(new RegExp(`^ ?${String(rows[i]?.[0])} \\d`, 'm')));
      }
      expect(zh.text).toMatch(/^ ?1 \d+\.\d{6}, \d+\.\d{6} 60 米 \d{4}-\d\d-\d\d [\d:]{8}$/m);
      // The photo of the first waypoint, listed by its file name.
      expect(zh.text).toMatch(/拍摄的照片[\s\S]*\d{4}-\d\d-\d\d [\d:]{8} \S+\.(jpe?g|JPG)/);
      // Page numbers on every page.
      zh.pages.forEach((text, i) =>
        expect(text).toContain(`第 ${String(i + 1)} 页 / 共 ${String(count)} 页`),
      );
      // The map is its own picture: a JPEG of the page's map canvas, in colour.
      // Text bands are grey PNGs; pictures are JPEGs (they start with the SOI marker FF D8).
      const jpegs = embeddedJpegs(zh.pdf).filter((b) => b[0] === 0xff && b[1] === 0xd8);
      const sized = [];
      for (const jpeg of jpegs) {
        const ink = await jpegInk(page, jpeg);
        if (ink.width === canvas.width && ink.height === canvas.height) sized.push(ink);
      }
      expect(sized).toHaveLength(1);
      expect(sized[0]?.colourful).toBeGreaterThan(0.01);

      // English: the same document in the other language.
      await e2e.console.switchLanguage('English');
      await map.waitFor({ timeout: 120_000 });
      const en = await exportReport(page, 'Export PDF', 'flight-en');
      expect(en.text).toContain('Flight report');
      expect(en.text).toContain(`Task ${TASK}`);
      expect(en.text).toContain(`Waypoints reached ${String(WAYPOINTS)} / ${String(WAYPOINTS)}`);
      expect(en.text).toContain(
        `Result completed: ${String(WAYPOINTS)} of ${String(WAYPOINTS)} waypoints`,
      );
      expect(
        waypointRows(en.pages, 'm', ['Reached (time not reported)', 'Not reached']).flat(),
      ).toHaveLength(WAYPOINTS);
      en.pages.forEach((text, i) =>
        expect(text).toContain(`Page ${String(i + 1)} of ${String(en.pdf.getPageCount())}`),
      );
    },
    600_000,
  );
});
