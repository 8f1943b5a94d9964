/**
 * Opening a replay window in the console, measured from the request to the first frame drawn: the
 * real server (`server/main.ts`, as `npm start` runs it) on PGlite or PostgreSQL with an hour of the
 * fleet stored, the built console (`dist/`) in headless Chromium at 1440×900, signed in as the
 * operator. The page's own User Timing marks (src/pages/replay/replayMapHandle.ts) say when the answer
 * was in its state, when the first frame with the aircraft was drawn and when the map came to rest;
 * the request's resource timing says when it was sent and answered.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import pg from 'pg';
import type { Page } from 'playwright-core';
import type { Db } from '../../server/db/Db.ts';
import { openPglite } from '../../server/db/pgliteDb.ts';
import { openPostgres } from '../../server/db/postgresDb.ts';
import { catchUpTracks } from '../../server/replay/trackRollup.ts';
import { launchBrowser } from '../../tests/e2e/support/browser.ts';
import { DEMO_PASSWORD, startSkydeck, type SkydeckProcess } from '../e2e/skydeckProcess.ts';
import { addFleet, fly } from './fleetFill.ts';
import { median } from './windowReads.ts';

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;
const DIST = resolve(import.meta.dirname, '../../dist/index.html');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Milliseconds after the first window request was sent, medians over the runs. A long window comes
 * as an overview first (`overview` is its width, 0 when the page read the window at once): `first`
 * is the first frame with the aircraft, from whichever answer came first; `response`, `data` and
 * `frame` are the full answer's.
 */
export interface OpenTimes {
  width: number;
  overview: number;
  kib: number;
  first: number;
  response: number;
  data: number;
  frame: number;
  idle: number;
}

/** Why the browser rows cannot run here, or null when they can. */
export function pageOpenMissing(): string | null {
  if (!existsSync(CHROMIUM)) return `no Chromium at ${CHROMIUM}`;
  if (!existsSync(DIST)) return 'no built console (run `npx vite build`)';
  return null;
}

/** The operator's project gets the fleet's hour, ending a few minutes ago; answers its window. */
async function store(db: Db, aircraft: number): Promise<{ from: number; to: number }> {
  const [user] = await db.query<{ ws: number }>(
    "select workspace_id as ws from users where username = 'operator'",
  );
  const to = Math.floor((Date.now() - 10 * MINUTE_MS) / MINUTE_MS) * MINUTE_MS;
  const from = to - HOUR_MS;
  await addFleet(db, user?.ws ?? 0, 'HOUR', aircraft);
  await fly(db, 'HOUR', aircraft, from, 3600);
  // Thinned as a running server would have by now, from the hour on (not a month of nothing).
  await db.query('insert into track_rollup (id, rolled_from, rolled_until) values (1, $1, $1)', [
    new Date(from),
  ]);
  await catchUpTracks(db, Date.now(), Infinity);
  return { from, to };
}

/** A server on a fresh PGlite data folder holding the fleet's hour (filled while it is stopped). */
async function onPglite(aircraft: number) {
  const first = await startSkydeck({ drones: 0, osdHz: 1 });
  await first.stop();
  const db = await openPglite(join(first.dataDir, 'db'));
  let window: { from: number; to: number };
  try {
    window = await store(db, aircraft);
  } finally {
    await db.close();
  }
  const server = await startSkydeck({
    drones: 0,
    osdHz: 1,
    port: first.port,
    dataDir: first.dataDir,
  });
  return { server, window, drop: () => Promise.resolve() };
}

/** A server on a fresh PostgreSQL database made under `adminUrl`, dropped afterwards. */
async function onPostgres(adminUrl: string, aircraft: number) {
  const name = `skydeck_bench_${Date.now().toString(36)}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const drop = () => admin(`drop database if exists ${name} with (force)`);
  const server = await startSkydeck({ drones: 0, osdHz: 1, env: { DATABASE_URL: url.toString() } });
  const db = await openPostgres(url.toString());
  try {
    return { server, window: await store(db, aircraft), drop };
  } finally {
    await db.close();
  }
}

/**
 * The window's way to the screen, from the page's own performance timeline: times after the
 * request's start, once the map has come to rest.
 */
async function timesOf(page: Page): Promise<OpenTimes> {
  try {
    // At rest after the full answer (a long window's overview comes to rest before it).
    await page.waitForFunction(
      () => {
        const full = performance.getEntriesByName('skydeck:replay-full').at(-1);
        const idle = performance.getEntriesByName('skydeck:replay-idle').at(-1);
        return full !== undefined && idle !== undefined && idle.startTime > full.startTime;
      },
      null,
      { timeout: 180_000, polling: 200 },
    );
  } catch (error) {
    // Say how far it got: the marks and requests the page has.
    const seen = await page.evaluate(() =>
      [...performance.getEntriesByType('mark'), ...performance.getEntriesByType('resource')]
        .filter((e) => e.name.includes('replay'))
        .map((e) => `${e.name} ${String(Math.round(e.startTime))}`),
    );
    throw new Error(`the replay never came to rest: ${seen.join('; ')}`, { cause: error });
  }
  // Only data comes back: the page runs the callback as it is, without the helpers tsx names
  // functions with, so the times are worked out here.
  const seen = await page.evaluate(() => ({
    requests: performance
      .getEntriesByType('resource')
      .filter((e) => e.name.includes('/api/replay/window'))
      .map((e) => ({
        name: e.name,
        startTime: e.startTime,
        // Typed by hand: the benchmark compiles without the DOM's types.
        responseEnd: (e as unknown as { responseEnd: number }).responseEnd,
        size: (e as unknown as { encodedBodySize: number }).encodedBodySize,
      })),
    marks: ['full', 'frame', 'idle'].map((name) =>
      performance.getEntriesByName(`skydeck:replay-${name}`).map((e) => e.startTime),
    ),
  }));
  const [fulls = [], frames = [], idles = []] = seen.marks;
  const firstAsked = seen.requests[0];
  const request = seen.requests.at(-1);
  const start = firstAsked?.startTime ?? Number.NaN;
  const full = fulls.at(-1) ?? Number.NaN;
  const afterFull = (marks: readonly number[]) =>
    (marks.find((t) => t >= full) ?? Number.NaN) - start;
  const widthOf = (name: string | undefined) =>
    Number(new URL(name ?? 'http://x/').searchParams.get('width'));
  return {
    width: widthOf(request?.name),
    overview: seen.requests.length > 1 ? widthOf(firstAsked?.name) : 0,
    kib: (request?.size ?? 0) / 1024,
    first: (frames[0] ?? Number.NaN) - start,
    response: (request?.responseEnd ?? Number.NaN) - start,
    data: full - start,
    frame: afterFull(frames),
    idle: afterFull(idles),
  };
}

/** The page opened at `address` in a fresh load: the map starts while the window is read. */
async function coldOpen(page: Page, address: string): Promise<OpenTimes> {
  await page.goto(address);
  return timesOf(page);
}

/** The window read again on the open page (its refresh button): the map is already there. */
async function warmOpen(page: Page): Promise<OpenTimes> {
  await page.evaluate(() => {
    performance.clearMarks();
    performance.clearResourceTimings();
  });
  await page.getByTestId('replay-refresh').click();
  return timesOf(page);
}

/** Medians of `all`, field by field. */
function medians(all: readonly OpenTimes[]): OpenTimes {
  const mid = (pick: (r: OpenTimes) => number) => median(all.map(pick));
  return {
    width: all[0]?.width ?? 0,
    overview: all[0]?.overview ?? 0,
    kib: mid((r) => r.kib),
    first: mid((r) => r.first),
    response: mid((r) => r.response),
    data: mid((r) => r.data),
    frame: mid((r) => r.frame),
    idle: mid((r) => r.idle),
  };
}

/**
 * Opens the fleet's hour on `backend`: `runs` fresh page loads and `runs` reads on the open page
 * (after one of each to warm the server's and the browser's caches); answers the medians of each.
 */
export async function measurePageOpen(
  backend: { kind: 'pglite' } | { kind: 'postgres'; adminUrl: string },
  aircraft: number,
  runs: number,
): Promise<{ cold: OpenTimes; warm: OpenTimes }> {
  const set =
    backend.kind === 'pglite'
      ? await onPglite(aircraft)
      : await onPostgres(backend.adminUrl, aircraft);
  const server: SkydeckProcess = set.server;
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({
      baseURL: server.url,
      viewport: { width: 1440, height: 900 },
    });
    const page = await context.newPage();
    await page.goto('/login');
    await page.locator('#login-username').fill('operator');
    await page.locator('#login-password').fill(DEMO_PASSWORD);
    await page.locator('#login-password').press('Enter');
    await page.waitForURL((url) => url.pathname !== '/login');
    const { from, to } = set.window;
    const address = `/replay?preset=custom&from=${new Date(from).toISOString()}&to=${new Date(to).toISOString()}`;
    await coldOpen(page, address);
    const cold: OpenTimes[] = [];
    for (let i = 0; i < runs; i++) cold.push(await coldOpen(page, address));
    await warmOpen(page);
    const warm: OpenTimes[] = [];
    for (let i = 0; i < runs; i++) warm.push(await warmOpen(page));
    return { cold: medians(cold), warm: medians(warm) };
  } finally {
    await browser.close();
    await server.dispose();
    await set.drop();
  }
}
