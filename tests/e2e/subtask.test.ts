import { execFileSync, spawnSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { API, type Envelope, type LoginResult } from '../../protocol/http.ts';
import { TASK_API, type FlightTask } from '../../protocol/tasks.ts';
import { TEST_PASSWORD } from './support/server.ts';
import { useE2E } from './support/setup.ts';
import { startSimRun } from './support/simRun.ts';
import { saveShot, SHOTS_DIR, SHOTS_ON } from './support/shots.ts';

/** Poppler's pdftotext reads the report's text layer; `.ci/run` installs it when missing. */
const HAS_PDFTOTEXT = spawnSync('pdftotext', ['-v']).status === 0;
if (!HAS_PDFTOTEXT)
  console.warn('[skydeck] skipped: reading the smell report PDF text (missing pdftotext).');

/** Signs the operator in over the API. */
async function operator(baseUrl: string): Promise<LoginResult> {
  const login = await fetch(`${baseUrl}${API.login}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: 'operator', password: TEST_PASSWORD }),
  });
  return ((await login.json()) as Envelope<LoginResult>).data;
}

const TASK_NAME = '海堤晨巡';

/**
 * Makes `language` the console's language from the next page load on, as the language menu saves
 * it (the menu itself is tested where switching is the subject).
 */
async function useLanguage(page: Page, language: 'zh-CN' | 'en'): Promise<void> {
  await page.evaluate((lang) => localStorage.setItem('lang', lang), language);
}

/**
 * Saves a screenshot of the subtask pages when screenshots are on, once the page has drawn itself
 * after a change of size or language: the first animation frame lays it out (maps resize on it),
 * the second draws what changed.
 */
async function shotWhenDrawn(
  page: Page,
  name: string,
  options: { fullPage?: boolean } = {},
): Promise<void> {
  if (!SHOTS_ON) return;
  await page.evaluate(
    () =>
      new Promise<void>((drawn) => {
        requestAnimationFrame(() => requestAnimationFrame(() => drawn()));
      }),
  );
  await saveShot(page, 'subtask', name, options);
}

/** The newest run of this file's flight task in one of `states` (an earlier try's included). */
async function runIn(baseUrl: string, states: readonly string[]): Promise<number | null> {
  const { token, user } = await operator(baseUrl);
  const list = await fetch(`${baseUrl}${TASK_API.list}?workspace_id=${String(user.workspace_id)}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  const rows = ((await list.json()) as Envelope<{ data: FlightTask[] }>).data.data;
  const ids = rows.flatMap((r) =>
    r.name === TASK_NAME && r.last !== null && states.includes(r.last.state) ? [r.last.id] : [],
  );
  return ids.length === 0 ? null : Math.max(...ids);
}

/**
 * Imports the fixture route, waits for the simulated dock, creates an immediate task on it and
 * waits until the aircraft is in the air; answers the flight's execution id. A flight an earlier try
 * of a test started is still going (the only dock would refuse a second): that one is answered.
 */
async function flyingRun(baseUrl: string): Promise<number> {
  const earlier = await runIn(baseUrl, ['in_progress']);
  if (earlier !== null) return earlier;
  const run = await startSimRun(baseUrl, {
    name: TASK_NAME,
    routeName: '海堤巡检',
    until: 'in_progress',
  });
  return run.runId;
}

describe('one flight: subtask page, wall map and report', () => {
  // Simulated time at ×10: flights take seconds of wall time, not minutes. One position a second:
  // the wall map marks what it has drawn only once it settles, and on a loaded machine a map that
  // moves the aircraft twice a second never did (the track and the readings need no more).
  const e2e = useE2E(
    { SIM_DRONES: '1', SIM_PATROLS: '0', SIM_TIME_SCALE: '10', SIM_OSD_HZ: '1' },
    { seeded: true },
  );

  it('shows the flight live with its timeline and track, on the wall map, and exports its PDF', async () => {
    const { page } = e2e;
    const runId = await flyingRun(e2e.server.url);
    const subtaskPage = `/subtasksInfo/${String(runId)}`;
    // What needs the flight in the air comes first, while most of its way is still ahead: at ×10 it
    // lands within a couple of minutes, and a loaded machine once spent them on the report before
    // the wall map was looked at (which then said "Succeeded"). The wall map is read in English.
    await e2e.console.signInTo('operator', subtaskPage, 'English');
    const timeline = page.getByTestId('subtask-timeline');
    await timeline.locator('tr[data-kind="takeoff"]').waitFor({ timeout: 60_000 });
    expect(await timeline.locator('tr[data-kind="takeoff"] td').nth(1).textContent()).toBe(
      'Take-off',
    );

    // The wall map: full screen, no layout, live progress in large type.
    await e2e.console.open(`/taskInfoMap?id=${String(runId)}`);
    const wall = page.getByTestId('wall-map');
    await wall.waitFor();
    expect(await page.locator('.sd-layout, .bp6-navbar').count()).toBe(0);
    await page.locator('[data-testid="wall-state"]:not([data-state=""])').waitFor();
    expect(await page.getByTestId('wall-state').textContent()).toBe('Flying');
    expect(await page.getByTestId('wall-percent').textContent()).toMatch(/^\d+%$/);
    await page
      .locator('.maplibregl-map[data-drawn*="planned"][data-drawn*="aircraft"]')
      .waitFor({ timeout: 60_000 });
    await shotWhenDrawn(page, 'wall-en-1440');
    await page.setViewportSize({ width: 390, height: 844 });
    await shotWhenDrawn(page, 'wall-en-390');

    // The subtask page in Chinese, the console's default: chosen before the page opens, as a
    // switch on the open page redraws its map and charts (seconds on a loaded machine).
    await page.setViewportSize({ width: 1440, height: 900 });
    await useLanguage(page, 'zh-CN');
    await e2e.console.open(subtaskPage);
    await timeline.locator('tr[data-kind="takeoff"]').waitFor({ timeout: 60_000 });
    // The page asks again while the flight goes on: waypoints appear, and the flown track with them.
    await timeline.locator('tr[data-kind="waypoint"]').first().waitFor({ timeout: 120_000 });
    expect(await timeline.locator('tr[data-kind="takeoff"] td').nth(1).textContent()).toBe('起飞');
    await expect.poll(() => page.getByText('暂无飞行轨迹').count(), { timeout: 60_000 }).toBe(0);
    const figures = page.getByTestId('subtask-figures');
    expect(await figures.locator('dt').allTextContents()).toEqual([
      '飞行时长',
      '飞行距离',
      '已到航点',
      '照片',
      '告警',
    ]);
    expect(await figures.locator('[data-figure="waypoints"] dd').textContent()).toMatch(
      /^\d+ \/ 4$/,
    );
    // An operator sees the flight controls; each asks before it is sent.
    await page.getByRole('button', { name: '暂停' }).click();
    await page.getByText('飞行器将悬停').waitFor();
    await page.getByRole('button', { name: '取消' }).click();
    // The map has drawn the planned route and the flown track before anything copies its canvas.
    await page
      .locator(
        '[data-testid="subtask-map"] .maplibregl-map[data-drawn*="planned"][data-drawn*="flown"]',
      )
      .waitFor({ timeout: 60_000 });
    await saveShot(page, 'subtask', 'page-zh-1440');

    // The report renders the whole page to images first: on a loaded 2-core machine that is slow.
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 120_000 }),
      page.getByRole('button', { name: '导出 PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('报告.pdf');
    const bytes = await (await import('node:fs/promises')).readFile(await download.path());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const pdf = await PDFDocument.load(bytes);
    // Title, figures, map, timeline, alarms and photos, cut into A-series pages.
    expect(pdf.getPageCount()).toBeGreaterThanOrEqual(1);
    expect(pdf.getSubject()).toContain('操作员');
    if (SHOTS_ON) await writeFile(join(SHOTS_DIR, 'subtask', 'report.pdf'), bytes);

    await page.setViewportSize({ width: 390, height: 844 });
    await shotWhenDrawn(page, 'page-zh-390', { fullPage: true });
    if (SHOTS_ON) {
      // The English page as a person sees it, now with its waypoints and track.
      await page.setViewportSize({ width: 1440, height: 900 });
      await e2e.console.switchLanguage('English');
      await timeline.locator('tr[data-kind="takeoff"] td', { hasText: 'Take-off' }).waitFor();
      await shotWhenDrawn(page, 'page-en-1440');
      await page.setViewportSize({ width: 390, height: 844 });
      await shotWhenDrawn(page, 'page-en-390', { fullPage: true });
    }
  }, 420_000);

  it('reports the smell readings of the flight: section on the page and in the PDF text', async () => {
    const { page } = e2e;
    // The flight of the first test, or (run alone) one of its own.
    const runId =
      (await runIn(e2e.server.url, ['in_progress', 'success'])) ??
      (await flyingRun(e2e.server.url));
    await page.setViewportSize({ width: 1440, height: 900 });
    await e2e.console.signInTo('operator', `/subtasksInfo/${String(runId)}`);
    // The only simulated aircraft carries a gas sensor: its readings in the air make the section.
    const smell = page.getByTestId('subtask-smell');
    await smell.waitFor({ timeout: 180_000 });
    const map = smell.locator('.maplibregl-map');
    await smell.locator('.maplibregl-map[data-idle="yes"]').waitFor({ timeout: 60_000 });
    const summary = (await page.getByTestId('subtask-smell-summary').textContent()) ?? '';
    const n = Number(/(\d+) 条气体读数/.exec(summary)?.[1]);
    expect(n).toBeGreaterThan(0);
    expect(Number(await map.getAttribute('data-heat-points'))).toBeGreaterThan(0);
    const peak =
      (await smell.locator('[data-testid=gas-peaks] tbody tr td').nth(2).textContent()) ?? '';
    expect(peak).toMatch(/^\d/);
    const fit = await smell.getByTestId('gas-source-fit').count();
    await smell.scrollIntoViewIfNeeded();
    await saveShot(page, 'subtask', 'smell-zh-1440');

    // Drawing a long page with its map and charts takes a while on a loaded machine.
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 180_000 }),
      page.getByRole('button', { name: '导出 PDF' }).click(),
    ]);
    const file = await download.path();
    if (SHOTS_ON)
      await writeFile(
        join(SHOTS_DIR, 'subtask', 'smell-report.pdf'),
        await (await import('node:fs/promises')).readFile(file),
      );
    // The report carries its text: the section's headings and numbers read out of the file. The
    // flight may still be flying: its counts can only have grown since the page was read above.
    if (HAS_PDFTOTEXT) {
      const text = execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], {
        encoding: 'utf8',
      }).replace(/[ \t]+/g, ' ');
      for (const heading of ['气味监测', '峰值读数', '泄漏源估计', '浓度曲线', '飞行地图'])
        expect(text).toContain(heading);
      const counted = /(\d+) 条气体读数 · \d{4}-\d\d-\d\d [\d:]+ 至 \d{4}-\d\d-\d\d [\d:]+/.exec(
        text,
      );
      expect(Number(counted?.[1])).toBeGreaterThanOrEqual(n);
      // The peaks table's first row: time, aircraft, value, position.
      const top = / SIMUAV000000 (\d+\.?\d*) \d+\.\d{4}, \d+\.\d{4}/.exec(text);
      expect(Number(top?.[1])).toBeGreaterThanOrEqual(Number(peak));
      expect(text).toContain('方法：高斯烟羽模型');
      if (fit > 0) expect(text).toMatch(/位置 \d+\.\d{5}, \d+\.\d{5}/);
    }

    // The section on a phone, and in English.
    await page.setViewportSize({ width: 390, height: 844 });
    await smell.scrollIntoViewIfNeeded();
    await saveShot(page, 'subtask', 'smell-zh-390');
    // English: chosen before the page opens again (redrawing its maps and charts is slow).
    await page.setViewportSize({ width: 1440, height: 900 });
    await useLanguage(page, 'en');
    await e2e.console.open(`/subtasksInfo/${String(runId)}`);
    await smell.getByText('Smell sensing').waitFor({ timeout: 60_000 });
    await smell.locator('.maplibregl-map[data-idle="yes"]').waitFor({ timeout: 60_000 });
    await smell.scrollIntoViewIfNeeded();
    await saveShot(page, 'subtask', 'smell-en-1440');
    await page.setViewportSize({ width: 390, height: 844 });
    await smell.scrollIntoViewIfNeeded();
    await saveShot(page, 'subtask', 'smell-en-390');
  }, 420_000);

  it('hides the flight controls from a viewer', async () => {
    const { page } = e2e;
    const { token, user } = await operator(e2e.server.url);
    const list = await fetch(
      `${e2e.server.url}${TASK_API.list}?workspace_id=${String(user.workspace_id)}`,
      { headers: { Authorization: `Bearer ${token}` } },
    );
    const rows = ((await list.json()) as Envelope<{ data: FlightTask[] }>).data.data;
    const runId = rows.find((r) => r.name === '海堤晨巡')?.last?.id ?? 0;
    await e2e.console.signInTo('viewer', `/subtasksInfo/${String(runId)}`);
    await page.getByTestId('subtask-timeline').waitFor({ timeout: 30_000 });
    expect(await page.getByRole('button', { name: '暂停' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: '导出 PDF' }).count()).toBe(1);
  });
});
