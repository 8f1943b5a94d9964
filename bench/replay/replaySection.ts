/**
 * Benchmark section: opening a fleet replay window (issue 24's target: an hour of 200 aircraft at
 * 1 Hz, 720 000 points, from the request to the first frame drawn in ≤ 2 s, on PGlite and on
 * PostgreSQL). Two parts per database:
 *
 * - The server's read (windowReads.ts): a fresh database with two fleets, 200 aircraft flying one
 *   hour and 20 aircraft over 30 days with a 2-hour flight a day (4 320 000 points), each window read
 *   as `GET /api/replay/window` reads it and written as it answers it.
 * - The page (pageOpen.ts): the real server and the built console in headless Chromium opening the
 *   200 aircraft's hour, from the request to the first frame with the aircraft drawn, and to the map
 *   at rest (every track drawn).
 *
 * PostgreSQL is `REPLAY_BENCH_PG` (default 127.0.0.1:5432, database `test`, user postgres); its rows
 * are skipped when it does not answer. Numbers only.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { Db } from '../../server/db/Db.ts';
import { migrate } from '../../server/db/migrate.ts';
import { openPglite } from '../../server/db/pgliteDb.ts';
import { openPostgres } from '../../server/db/postgresDb.ts';
import type { BenchOptions, BenchResult, BenchSection } from '../section.ts';
import { measurePageOpen, pageOpenMissing, type OpenTimes } from './pageOpen.ts';
import { casesOf, fill, FLIGHT_S, measure, PAGE_ROW, thin, type Filled } from './windowReads.ts';

const PG_URL = process.env.REPLAY_BENCH_PG ?? 'postgres://postgres@127.0.0.1:5432/test';

interface Plan {
  hourFleet: number;
  days: number;
  runs: number;
  /** The page's timeline width (from its request), 0 when the page was not measured. */
  pageWidth: number;
}

type PageTimes = Awaited<ReturnType<typeof measurePageOpen>>;

type Row = (string | number)[];

/** The window rows of one database, and what filling it took. */
async function serverRows(db: Db, name: string, plan: Plan): Promise<{ rows: Row[]; f: Filled }> {
  await migrate(db);
  const f = await fill(db, plan.hourFleet, plan.days);
  const cases = casesOf(f, plan.hourFleet, plan.days, plan.pageWidth);
  const rows: Row[] = [];
  // The month before its minutes are thinned: every stored second goes through the reduction.
  const unthinned = cases.find((c) => c.label.includes('days'));
  if (unthinned)
    rows.push([
      name,
      ...(await measure(db, { ...unthinned, label: `${unthinned.label}, not thinned` }, 1)),
    ]);
  await thin(db, f);
  for (const c of cases) rows.push([name, ...(await measure(db, c, plan.runs))]);
  return { rows, f };
}

async function onPglite(plan: Plan) {
  const dir = await mkdtemp(join(tmpdir(), 'skydeck-replay-bench-'));
  const db = await openPglite(dir);
  try {
    return await serverRows(db, 'PGlite', plan);
  } finally {
    await db.close();
    await rm(dir, { recursive: true, force: true });
  }
}

/** Whether PostgreSQL answers at `PG_URL`. */
async function postgresAnswers(): Promise<boolean> {
  const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

/** A database of its own under `PG_URL`, dropped afterwards; null when PostgreSQL does not answer. */
async function onPostgres(plan: Plan) {
  const name = `skydeck_bench_${Date.now().toString(36)}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 3_000 });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  try {
    await admin(`create database ${name}`);
  } catch {
    return null;
  }
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  const db = await openPostgres(url.toString());
  try {
    return await serverRows(db, 'PostgreSQL', plan);
  } finally {
    await db.close();
    await admin(`drop database if exists ${name} with (force)`);
  }
}

/** The page's timings in the row of the window it opens, '—' elsewhere. */
function withPage(rows: Row[], page: PageTimes | null): Row[] {
  const round = (v: number) => Math.round(v);
  return rows.map((row) =>
    page !== null && String(row[1]).includes(PAGE_ROW)
      ? [
          ...row,
          round(page.warm.first),
          round(page.warm.frame),
          round(page.warm.idle),
          round(page.cold.first),
          round(page.cold.frame),
        ]
      : [...row, '—', '—', '—', '—', '—'],
  );
}

function pageNote(name: string, page: PageTimes | null, why: string | null): string {
  if (page === null) return `${name} page: skipped (${why ?? 'not run'}).`;
  const r = (v: number) => String(Math.round(v));
  const steps = (o: OpenTimes) =>
    `first frame with the aircraft ${r(o.first)} ms${o.overview > 0 ? ' (from the overview)' : ''}, full answer received ${r(o.response)} ms, in the page's state ${r(o.data)} ms, its first frame ${r(o.frame)} ms, map at rest ${r(o.idle)} ms`;
  const overview =
    page.warm.overview > 0 ? `, an overview of ${String(page.warm.overview)} px first` : '';
  return `${name} page (timeline ${String(page.warm.width)} px${overview}, full answer ${r(page.warm.kib)} KiB), after the first request: on the open page ${steps(page.warm)}; in a fresh page load ${steps(page.cold)}.`;
}

async function run(opts: BenchOptions): Promise<BenchResult> {
  const hourFleet = opts.quick ? 20 : 200;
  const pageRuns = opts.quick ? 1 : 3;
  const missing = pageOpenMissing();
  // The pages first: the width their timeline asks for is a window the server rows read too.
  const litePage =
    missing === null ? await measurePageOpen({ kind: 'pglite' }, hourFleet, pageRuns) : null;
  const pgPage =
    missing === null && (await postgresAnswers())
      ? await measurePageOpen({ kind: 'postgres', adminUrl: PG_URL }, hourFleet, pageRuns)
      : null;
  const plan: Plan = {
    hourFleet,
    days: opts.quick ? 2 : 30,
    runs: opts.quick ? 2 : 5,
    pageWidth: litePage?.warm.width ?? pgPage?.warm.width ?? 0,
  };
  const lite = await onPglite(plan);
  const postgres = await onPostgres(plan);
  const f = lite.f;
  return {
    title: 'Fleet replay: opening a window, server read and page (ms)',
    columns: [
      'database',
      'window',
      'points stored',
      'points answered',
      'bucket s',
      'JSON KiB',
      'read p50',
      'read max',
      'JSON write p50',
      'open page: request → first frame',
      'open page: → full answer drawn',
      'open page: → map at rest',
      'fresh load: request → first frame',
      'fresh load: → full answer drawn',
    ],
    rows: [...withPage(lite.rows, litePage), ...withPage(postgres?.rows ?? [], pgPage)],
    notes: [
      `${String(plan.hourFleet * 3600)} points for the hour fleet (${String(plan.hourFleet)} aircraft × 3600 s, filled in ${f.hourFillS.toFixed(0)} s on PGlite) and ${String(20 * plan.days * FLIGHT_S)} for the month fleet (20 aircraft × ${String(plan.days)} days × a ${String(FLIGHT_S / 3600)}-hour flight, filled in ${f.monthFillS.toFixed(0)} s), inserted second by second across the fleet as live ingestion stores them; PGlite on disk in the benchmark's process, PostgreSQL ${postgres === null ? 'not reachable: skipped' : 'at REPLAY_BENCH_PG'}.`,
      `Thinning every minute to its first, last, lowest, highest and fastest point (trackRollup.ts, what the server does a few minutes after each minute) took ${f.thinS.toFixed(0)} s on PGlite and kept ${String(f.keptPoints)} points; windows whose buckets are whole minutes read those.`,
      `"read" is readReplayWindow as GET /api/replay/window runs it (devices, tracks, presence, lanes, events), ${String(plan.runs)} runs after one warm-up (the "not thinned" row: one run); "JSON write" is writing the answer (windowJson.ts: the tracks' columns as the database wrote them). A bucket of 0 answers every point; otherwise each aircraft keeps per bucket its first, last, lowest, highest and fastest point.`,
      `Page columns (the row of the page's timeline width): the server as npm start runs it (PGlite on its own thread, or PostgreSQL) with the hour fleet in the operator's project, the built console in headless Chromium (software WebGL) at 1440×900; "open page" reads the window again on the open replay (its refresh button), "fresh load" navigates to the window's address, so the map starts up while the window is read. A long window is read as an overview first (buckets of a minute, from the thinned track), then in full: "first frame" is the first frame with the aircraft, from the overview; "full answer drawn" the first frame of the full answer. Medians of ${String(pageRuns)} of each after one warm-up, from the request's start (resource timing) to the page's marks (replayMapHandle.ts).`,
      pageNote('PGlite', litePage, missing),
      pageNote('PostgreSQL', pgPage, postgres === null ? 'PostgreSQL not reachable' : missing),
    ],
  };
}

export const replaySection: BenchSection = { id: 'replay', run };
