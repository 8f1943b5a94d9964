/**
 * Fleet replay end to end: the simulator flies (time-scaled) and the server stores its tracks; the
 * replay of that window draws each aircraft where its stored track says at the cursor, the keys and
 * the event marks move the cursor, and the page's own address reopens the same view in a new tab.
 * Screenshots at 1440×900 and 390×844 in both languages when SKYDECK_SHOTS=1.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { API, type LoginResult } from '../../protocol/http.ts';
import { isAirborne } from '../../protocol/mqtt/enums.ts';
import type { ReplayTrack, ReplayWindow } from '../../protocol/replay.ts';
import { REPLAY_API } from '../../protocol/replay.ts';
import { apiCall } from './support/api.ts';
import { TEST_PASSWORD } from './support/server.ts';
import { useE2E } from './support/setup.ts';
import { saveShot } from './support/shots.ts';

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
      window = await apiCall<ReplayWindow>(url, `${REPLAY_API.window}?${q}`, token);
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
});
