/**
 * Fleet replay end to end: the simulator flies (time-scaled) and the server stores its tracks; the
 * replay of that window draws each aircraft where its stored track says at the cursor, the keys and
 * the event marks move the cursor, and the page's own address reopens the same view in a new tab.
 * An AI alarm's "open in replay" puts the cursor on the alarm, and the window exports as a PDF
 * section (read back with pdftotext). Screenshots at 1440×900 and 390×844 in both languages, and
 * the PDF, when SKYDECK_SHOTS=1.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { API, type LoginResult } from '../../protocol/http.ts';
import { isAirborne } from '../../protocol/mqtt/enums.ts';
import type { ReplayTrack, ReplayWindow, ReplayWindowAnswer } from '../../protocol/replay.ts';
import { decodeReplayWindow, REPLAY_API } from '../../protocol/replay.ts';
import { apiCall } from './support/api.ts';
import { embeddedJpegs, jpegInk } from './support/pdfImages.ts';
import { TEST_PASSWORD } from './support/server.ts';
import { useE2E } from './support/setup.ts';
import { saveShot, SHOTS_DIR, SHOTS_ON } from './support/shots.ts';

/** Poppler's pdftotext reads the report's text layer; `.ci/run` installs it when missing. */
const HAS_PDFTOTEXT = spawnSync('pdftotext', ['-v']).status === 0;
if (!HAS_PDFTOTEXT)
  console.warn('[skydeck] skipped: reading the replay report PDF text (missing pdftotext).');

const WAIT = { timeout: 90_000, interval: 1_000 };
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

/** What the map says it drew at the cursor: the cursor and each aircraft's WGS-84 position. */
async function drawn(page: Page): Promise<{ t: number; at: Map<string, [number, number]> }> {
  const map = page.locator('[data-testid=replay-map] .maplibregl-map');
  const t = Number(await map.getAttribute('data-replay-t'));
  const list = JSON.parse((await map.getAttribute('data-replay-positions')) ?? '[]') as [
    string,
    number,
    number,
  ][];
  return { t, at: new Map(list.map(([sn, lng, lat]) => [sn, [lng, lat]])) };
}

/** A track with at least `n` airborne points, and the index of one in its middle. */
function flying(w: ReplayWindow, n: number): { track: ReplayTrack; k: number } | null {
  for (const track of w.tracks) {
    const airborne = track.mode.flatMap((m, i) => (isAirborne(m) ? [i] : []));
    if (airborne.length >= n) return { track, k: airborne[Math.floor(airborne.length / 2)] ?? 0 };
  }
  return null;
}

/**
 * Screenshots of the page as it stands (the map given a moment to paint), and on a phone also of its
 * lower part, the player and the timeline, which lie below the fold.
 */
async function shots(page: Page, name: string): Promise<void> {
  if (!SHOTS_ON) return;
  await page.getByTestId('replay-page').evaluate((el) => el.scrollIntoView());
  await page.waitForTimeout(1_500);
  await saveShot(page, 'replay', name);
  if (!name.startsWith('phone')) return;
  await page.getByTestId('replay-timeline').scrollIntoViewIfNeeded();
  await page.waitForTimeout(300);
  await saveShot(page, 'replay', `${name}-timeline`);
}

describe('fleet replay', () => {
  const e2e = useE2E({ SIM_DRONES: '2', SIM_TIME_SCALE: '10', SIM_DETECTION_S: '4' });

  it('draws the aircraft where the track says at the cursor, and its link reopens the view', async () => {
    const url = e2e.server.url;
    const { token } = await apiCall<LoginResult>(url, API.login, null, {
      username: 'operator',
      password: TEST_PASSWORD,
    });
    const from = Date.now() - 60_000;
    let window: ReplayWindow | null = null;
    let to = 0;
    const read = async () => {
      to = Date.now();
      const q = `from=${String(from)}&to=${String(to)}&width=1200`;
      const answer = await apiCall<ReplayWindowAnswer>(url, `${REPLAY_API.window}?${q}`, token);
      window = decodeReplayWindow(answer);
      return window;
    };
    // Flying (a patrol at ×10) with a few AI detections on the way.
    await expect
      .poll(async () => {
        const w = await read();
        return flying(w, 30) !== null && w.events.some((e) => e.kind === 'ai_alarm');
      }, WAIT)
      .toBe(true);
    const answer = window as unknown as ReplayWindow;
    const pick = flying(answer, 30);
    if (pick === null) throw new Error('no flight');
    const { track, k } = pick;
    const t = answer.from + (track.t[k] ?? 0);

    await e2e.page.setViewportSize(DESKTOP);
    await e2e.console.signIn('operator');
    const address = `/replay?from=${new Date(from).toISOString()}&to=${new Date(to).toISOString()}&t=${new Date(t).toISOString()}&sn=${track.sn}`;
    await e2e.console.open(address);
    const map = e2e.page.locator('[data-testid=replay-map] .maplibregl-map');
    await expect.poll(() => map.getAttribute('data-replay-t'), WAIT).toBe(String(t));
    await expect.poll(async () => (await drawn(e2e.page)).at.has(track.sn), WAIT).toBe(true);
    // The aircraft is drawn on the stored point of the cursor's second.
    const at = (await drawn(e2e.page)).at.get(track.sn);
    expect(at?.[0]).toBeCloseTo(track.lng[k] ?? 0, 7);
    expect(at?.[1]).toBeCloseTo(track.lat[k] ?? 0, 7);
    const device = e2e.page.getByTestId('replay-device');
    await expect.poll(() => device.getAttribute('data-sn')).toBe(track.sn);
    await e2e.page.locator('[data-testid=replay-lane]').first().waitFor();
    await shots(e2e.page, 'desktop-zh');

    // → steps one second on (a two-minute window steps by seconds): the next stored point.
    await e2e.page.getByTestId('replay-timeline').focus();
    await e2e.page.keyboard.press('ArrowRight');
    await expect.poll(async () => (await drawn(e2e.page)).t).toBe(t + 1000);
    const next = (await drawn(e2e.page)).at.get(track.sn);
    const k1 = track.t.indexOf((track.t[k] ?? 0) + 1000);
    if (k1 >= 0) expect(next?.[0]).toBeCloseTo(track.lng[k1] ?? 0, 7);

    // A mark says what it was when hovered, and a click puts the cursor on it. The live toasts of
    // the detections still arriving (one every few seconds here) sit over the page's lower right
    // corner: they are put aside, as they are not what this test is about.
    await e2e.page.addStyleTag({ content: '.sd-alarm-toast-host { display: none !important; }' });
    const mark = e2e.page.locator('[data-testid=replay-mark][data-kind=ai_alarm]').first();
    await mark.hover();
    await expect.poll(() => e2e.page.getByTestId('replay-hover').innerText()).toContain('AI 告警');
    await mark.click();
    const markT = Number(await mark.getAttribute('data-t'));
    await expect.poll(async () => (await drawn(e2e.page)).t).toBe(markT);
    await expect
      .poll(() => e2e.page.locator('[data-testid=replay-event][data-current=true]').count())
      .toBe(1);

    // The address holds the moment once the cursor rests; a new tab opened on it shows the same.
    await expect
      .poll(() => new URL(e2e.page.url()).searchParams.get('t'))
      .toBe(new Date(markT).toISOString());
    const link = e2e.page.url();
    const before = await drawn(e2e.page);
    const other = await e2e.context.newPage();
    await other.setViewportSize(DESKTOP);
    await other.goto(link);
    const otherMap = other.locator('[data-testid=replay-map] .maplibregl-map');
    await expect.poll(() => otherMap.getAttribute('data-replay-t'), WAIT).toBe(String(markT));
    await expect
      .poll(async () => JSON.stringify([...(await drawn(other)).at].sort()), WAIT)
      .toBe(JSON.stringify([...before.at].sort()));
    expect(await other.getByTestId('replay-device').getAttribute('data-sn')).toBe(
      new URL(link).searchParams.get('sn'),
    );
    await other.close();

    // Both languages, both screens.
    await e2e.console.switchLanguage('English');
    await expect
      .poll(() => e2e.page.getByTestId('replay-play').getAttribute('aria-label'))
      .toBe('Play');
    await shots(e2e.page, 'desktop-en');
    await e2e.page.setViewportSize(PHONE);
    await shots(e2e.page, 'phone-en');
    // Nothing of the page is wider than the phone.
    const overflow = await e2e.page
      .getByTestId('replay-page')
      .evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await e2e.page.setViewportSize(DESKTOP);
    await e2e.console.switchLanguage('简体中文');
    await expect
      .poll(() => e2e.page.getByTestId('replay-play').getAttribute('aria-label'))
      .toBe('播放');
    await e2e.page.setViewportSize(PHONE);
    await shots(e2e.page, 'phone-zh');
  });

  it.skipIf(!HAS_PDFTOTEXT)(
    'opens an AI alarm in the replay on the alarm, and exports the window as a PDF section',
    async () => {
      const { page } = e2e;
      await page.setViewportSize(DESKTOP);
      await e2e.console.signIn('operator');
      // The simulator's detections (one every few seconds of its time) fill the alarm list.
      await e2e.console.open('/aralm');
      const link = page.getByTestId('open-in-replay').first();
      await link.waitFor(WAIT);
      const href = (await link.getAttribute('href')) ?? '';
      const asked = new URL(href, e2e.server.url).searchParams;
      const at = Date.parse(asked.get('t') ?? '');
      expect(Date.parse(asked.get('from') ?? '')).toBe(at - 600_000);
      expect(Date.parse(asked.get('to') ?? '')).toBe(at + 600_000);
      // That very alarm's link: the simulator keeps raising alarms, and a newer one may have taken
      // the list's first row since its address was read (the cursor then opened 31 s later).
      await page.locator(`[data-testid=open-in-replay][href="${href}"]`).first().click();
      await page.waitForURL((u) => u.pathname === '/replay');
      // The cursor is on the alarm: the map drew that moment, the list marks the alarm, the
      // alarm's aircraft is selected.
      const map = page.locator('[data-testid=replay-map] .maplibregl-map');
      await expect.poll(() => map.getAttribute('data-replay-t'), WAIT).toBe(String(at));
      const current = page.locator('[data-testid=replay-event][data-current=true]');
      await expect.poll(() => current.getAttribute('data-kind'), WAIT).toBe('ai_alarm');
      await expect
        .poll(() => page.getByTestId('replay-device').getAttribute('data-sn'))
        .toBe(asked.get('sn'));
      await page.addStyleTag({ content: '.sd-alarm-toast-host { display: none !important; }' });

      // The alarm's moment goes into the report, then the cursor moves on a minute: the export
      // adds that moment too.
      await page.getByTestId('replay-moment').click();
      await expect.poll(() => page.getByTestId('replay-moment-tag').count(), WAIT).toBe(1);
      await page.getByTestId('replay-timeline').focus();
      await page.keyboard.press('Shift+ArrowRight');
      await expect
        .poll(async () => Number(await map.getAttribute('data-replay-t')))
        .toBeGreaterThan(at);
      await saveShot(page, 'replay', 'desktop-zh-alarm');
      const [download] = await Promise.all([
        page.waitForEvent('download', { timeout: 120_000 }),
        page.getByTestId('replay-pdf').click(),
      ]);
      expect(download.suggestedFilename()).toBe('报告.pdf');
      const path = await download.path();
      const bytes = await readFile(path);
      if (SHOTS_ON) {
        await mkdir(join(SHOTS_DIR, 'replay'), { recursive: true });
        await writeFile(join(SHOTS_DIR, 'replay', 'report-zh.pdf'), bytes);
      }
      const text = execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', path, '-'], {
        encoding: 'utf8',
      }).replace(/[ \t]+/g, ' ');
      for (const words of [
        '回放报告',
        '时间窗口',
        '所选时刻的地图',
        '各设备汇总',
        '飞行时长',
        '事件列表',
        'AI 告警',
      ])
        expect(text).toContain(words);
      // Both moments, each under its time, each with its map picture.
      const moments = text.match(/此刻：\d+ 架飞行中/g) ?? [];
      expect(moments).toHaveLength(2);
      const pdf = await PDFDocument.load(bytes);
      const maps = [];
      // The text bands are grey PNGs; pictures (the maps) are JPEGs, which open with FF D8. A map
      // drawn is the dark basemap all over with the coloured trail and marks on it; how much colour
      // depends on how long the fleet has flown, only that there is some.
      const jpegs = embeddedJpegs(pdf).filter((b) => b[0] === 0xff && b[1] === 0xd8);
      for (const jpeg of jpegs) {
        const ink = await jpegInk(page, jpeg);
        if (ink.width >= 400 && ink.marked > 0.9 && ink.colourful > 0.002) maps.push(ink);
      }
      expect(maps.length).toBeGreaterThanOrEqual(2);
      // Every aircraft of the project is in the summary, by its serial number.
      const aircraft = await page.evaluate(
        () =>
          JSON.parse(
            document
              .querySelector('[data-testid=replay-map] .maplibregl-map')
              ?.getAttribute('data-replay-positions') ?? '[]',
          ) as [string, number, number][],
      );
      for (const [sn] of aircraft) expect(text).toContain(sn);
    },
  );
});
