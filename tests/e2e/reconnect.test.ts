/**
 * Reconnect without holes: the browser's real-time link (MQTT over WebSocket) goes through a relay
 * that the test cuts for 20 s while the simulated aircraft keep flying. Once the link is back, the
 * selected drone's trail holds the seconds flown meanwhile, as the server stored them, instead of
 * one straight line across the hole.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TrackPointDto } from '../../protocol/alarms.ts';
import { ALARM_API } from '../../protocol/alarms.ts';
import { API, type LoginResult } from '../../protocol/http.ts';
import { DEMO_PASSWORD, startSkydeck } from '../../bench/e2e/skydeckProcess.ts';
import type { SkydeckProcess } from '../../bench/e2e/skydeckProcess.ts';
import { apiCall } from './support/api.ts';
import { launchBrowser, openPage } from './support/browser.ts';
import { ConsoleDriver } from './support/consoleDriver.ts';
import { freePort } from './support/server.ts';
import { startTcpRelay } from './support/tcpRelay.ts';
import type { TcpRelay } from './support/tcpRelay.ts';

/** Long enough for the link's back-off after a 20 s cut (its waits double up to 16 s). */
const WAIT = { timeout: 60_000, interval: 500 };
const CUT_MS = 20_000;
/**
 * Consecutive trail points are one second apart, up to half a second more where live samples (any
 * time within a second) meet stored ones (on the second); an unfilled hole would be over 20 s.
 */
const MAX_STEP_MS = 2_000;
/** Elsewhere a busy machine may delay a live sample or two; still far below the cut. */
const MAX_TRAIL_GAP_MS = CUT_MS / 2;

/** One trail point as the map layer exposes it: time, longitude, latitude (WGS-84). */
type TrailPoint = [number, number, number];

/** The selected drone's trail as the workbench map draws it. */
async function trail(page: Page): Promise<{ sn: string; points: TrailPoint[]; maxGapMs: number }> {
  const map = page.locator('[data-trail-sn]').first();
  const [sn, points, gap] = await Promise.all([
    map.getAttribute('data-trail-sn'),
    map.getAttribute('data-trail'),
    map.getAttribute('data-trail-max-gap-ms'),
  ]);
  return {
    sn: sn ?? '',
    points: JSON.parse(points ?? '[]') as TrailPoint[],
    maxGapMs: Number(gap),
  };
}

async function online(page: Page): Promise<boolean> {
  return (await page.locator('.sd-connection').getAttribute('data-online')) === 'true';
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

describe('reconnect without holes', () => {
  let server: SkydeckProcess;
  let relay: TcpRelay;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    const port = await freePort();
    relay = await startTcpRelay(() => port);
    [server, browser] = await Promise.all([
      startSkydeck({
        drones: 4,
        osdHz: 2,
        port,
        // The console opens its broker link through the relay; pages and API calls go direct.
        env: { MQTT_WS_URL: `ws://127.0.0.1:${relay.port}/mqtt` },
      }),
      launchBrowser(),
    ]);
    ({ context, page } = await openPage(browser, server.url));
    const person = new ConsoleDriver(page);
    await person.signIn('admin', { redirect: '/dashboard' });
    await person.settled();
  });

  afterAll(async () => {
    await (context as BrowserContext | undefined)?.close();
    await (browser as Browser | undefined)?.close();
    await (relay as TcpRelay | undefined)?.close();
    await (server as SkydeckProcess | undefined)?.dispose();
  });

  it("fills the selected drone's trail with the stored track of the seconds the link was cut", async () => {
    const row = page
      .locator('[data-testid=device-row][data-sn^=SIMUAV][data-status=flying]')
      .first();
    await row.waitFor(WAIT);
    const sn = (await row.getAttribute('data-sn')) ?? '';
    await page.locator(`[data-testid=device-row][data-sn="${sn}"]`).click();
    await expect.poll(async () => (await trail(page)).sn, WAIT).toBe(sn);
    await expect.poll(async () => (await trail(page)).points.length, WAIT).toBeGreaterThan(5);
    expect(await online(page)).toBe(true);

    relay.cut();
    await expect.poll(() => online(page), WAIT).toBe(false);
    await sleep(CUT_MS);
    // Read at the end of the cut: the trail has long shown every sample that came before it.
    const lastBefore = (await trail(page)).points.at(-1)?.[0] ?? 0;
    const restoredAt = Date.now();
    relay.restore();
    await expect.poll(() => online(page), WAIT).toBe(true);

    // Points between the last one before the cut and the restore can only come from the backfill:
    // no live sample reached the console meanwhile.
    const inHole = async (): Promise<TrailPoint[]> =>
      (await trail(page)).points.filter(([t]) => t > lastBefore && t < restoredAt);
    await expect.poll(async () => (await inHole()).length, WAIT).toBeGreaterThan(0);
    const filled = await inHole();
    expect(filled.length).toBeGreaterThanOrEqual((restoredAt - lastBefore) / 1_000 - 3);

    // They are the server's stored track of those seconds, position for position.
    const { token } = await apiCall<LoginResult>(server.url, API.login, null, {
      username: 'admin',
      password: DEMO_PASSWORD,
    });
    const query = new URLSearchParams({
      device_sn: sn,
      from: new Date(lastBefore).toISOString(),
      to: new Date(restoredAt).toISOString(),
    });
    const stored = await apiCall<TrackPointDto[]>(server.url, `${ALARM_API.track}?${query}`, token);
    const byTime = new Map(stored.map((p) => [Date.parse(p.ts), p]));
    for (const [t, lon, lat] of filled) {
      const point = byTime.get(t);
      expect(point, `stored point at ${new Date(t).toISOString()}`).toBeDefined();
      expect(lon).toBeCloseTo(point?.longitude ?? Number.NaN, 9);
      expect(lat).toBeCloseTo(point?.latitude ?? Number.NaN, 9);
    }

    // Across the hole, from the last sample before the cut to the first live one after it, the
    // trail steps at about one second; the map layer's longest gap is nowhere near the cut either.
    const across = async (): Promise<number> => {
      const points = (await trail(page)).points.map(([t]) => t);
      const end = points.findIndex((t) => t >= restoredAt);
      if (end < 0) return Infinity;
      const hole = points.slice(points.indexOf(lastBefore), end + 1);
      return Math.max(...hole.slice(1).map((t, i) => t - (hole[i] ?? 0)));
    };
    await expect.poll(across, WAIT).toBeLessThanOrEqual(MAX_STEP_MS);
    expect((await trail(page)).maxGapMs).toBeLessThan(MAX_TRAIL_GAP_MS);
  });
});
