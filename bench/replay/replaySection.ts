/**
 * Benchmark section: the fleet replay's window read (server/replay/replayWindow.ts, what
 * `GET /api/replay/window` answers) from a fresh PGlite database on disk, as `npm start` runs it.
 * Two fleets: 200 aircraft flying one hour at one point a second (720 000 points, inserted here), and
 * 20 aircraft over 30 days with a 2-hour flight a day (4 320 000 points), read as a 30-day window
 * downsampled to the timeline's width. Each row: the points in the window, the points answered, the
 * JSON size of the answer, and the time of the read (median and max of a few runs). Numbers only.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Db } from '../../server/db/Db.ts';
import { migrate } from '../../server/db/migrate.ts';
import { openPglite } from '../../server/db/pgliteDb.ts';
import { readReplayWindow } from '../../server/replay/replayWindow.ts';
import { catchUpTracks } from '../../server/replay/trackRollup.ts';
import type { BenchOptions, BenchResult, BenchSection } from '../section.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
/** Midnight UTC of the first day of the 30-day fleet. */
const T0 = Date.UTC(2026, 0, 1);
/** The hour of the 200-aircraft fleet: on the 31st day, after the month fleet's flights. */
const HOUR_T0 = T0 + 30 * DAY_MS + 12 * HOUR_MS;
/** The bench's "now": the next day, when every minute is thinned. */
const NOW = T0 + 31 * DAY_MS + HOUR_MS;
const FLIGHT_S = 2 * 3600;

/** A workspace and `count` aircraft named `prefix00…`, with one dock each. */
async function addFleet(db: Db, workspace: number, prefix: string, count: number): Promise<void> {
  await db.query(
    `insert into devices (device_sn, name, domain, type, sub_type, workspace_id, gateway_sn)
     select $2::text || 'D' || lpad(d::text, 3, '0'), 'dock ' || d, 3, 2, 0, $1::int, null::text
     from generate_series(0, $3::int - 1) d
     union all
     select $2::text || lpad(d::text, 3, '0'), 'aircraft ' || d, 0, 91, 0, $1::int,
       $2::text || 'D' || lpad(d::text, 3, '0')
     from generate_series(0, $3::int - 1) d`,
    [workspace, prefix, count],
  );
}

/** `seconds` of one point a second for `count` aircraft from `start`, generated in the database. */
async function fly(db: Db, prefix: string, count: number, start: number, seconds: number) {
  await db.query(
    `insert into device_tracks (device_sn, ts, latitude, longitude, height, elevation,
       horizontal_speed, battery_percent, mode_code)
     select $1::text || lpad(d::text, 3, '0'), $2::timestamptz + make_interval(secs => s),
       22.5 + 0.01 * sin(s / 300.0 + d), 113.9 + 0.01 * cos(s / 300.0 + d),
       100 + 20 * sin(s / 60.0), 80, 8 + 2 * sin(s / 30.0), 100 - s * 60 / $4::int, 5
     from generate_series(0, $3::int - 1) d, generate_series(0, $4::int - 1) s`,
    [prefix, new Date(start), count, seconds],
  );
}

interface Case {
  label: string;
  workspace: number;
  from: number;
  to: number;
  width: number;
  stored: number;
}

const ms = (v: number): number => Math.round(v * 10) / 10;
const median = (v: readonly number[]): number => [...v].sort((a, b) => a - b)[v.length >> 1] ?? 0;

async function measure(db: Db, c: Case, runs: number): Promise<(string | number)[]> {
  const read = () =>
    readReplayWindow(db, {
      workspaces: [c.workspace],
      devices: undefined,
      from: c.from,
      to: c.to,
      width: c.width,
      keptFrom: null,
    });
  let answer = await read();
  const times: number[] = [];
  const encode: number[] = [];
  let bytes = 0;
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    answer = await read();
    const read_ = performance.now();
    bytes = Buffer.byteLength(JSON.stringify(answer));
    encode.push(performance.now() - read_);
    times.push(read_ - start);
  }
  const points = answer.tracks.reduce((n, t) => n + t.t.length, 0);
  return [
    c.label,
    c.stored,
    points,
    answer.bucket_ms / 1000,
    Math.round(bytes / 1024),
    ms(median(times)),
    ms(Math.max(...times)),
    ms(median(encode)),
  ];
}

interface Filled {
  hourWs: number;
  monthWs: number;
  hourFillS: number;
  monthFillS: number;
}

/** Both fleets, their devices and their tracks. */
async function fill(db: Db, hourFleet: number, days: number): Promise<Filled> {
  const [a, b] = await db.query<{ id: number }>(
    `insert into workspaces (name, mold_id) values ('hour fleet', 2), ('month fleet', 2) returning id`,
  );
  const hourWs = a?.id ?? 0;
  const monthWs = b?.id ?? 0;
  await addFleet(db, hourWs, 'HOUR', hourFleet);
  await addFleet(db, monthWs, 'MONTH', 20);
  const hourStart = performance.now();
  await fly(db, 'HOUR', hourFleet, HOUR_T0, 3600);
  const hourFillS = (performance.now() - hourStart) / 1000;
  const monthStart = performance.now();
  for (let day = 0; day < days; day++)
    await fly(db, 'MONTH', 20, T0 + day * DAY_MS + 8 * HOUR_MS, FLIGHT_S);
  const monthFillS = (performance.now() - monthStart) / 1000;
  return { hourWs, monthWs, hourFillS, monthFillS };
}

/** The windows measured after thinning. */
function casesOf(f: Filled, hourFleet: number, days: number): Case[] {
  const hour = { workspace: f.hourWs, from: HOUR_T0, to: HOUR_T0 + HOUR_MS };
  const month = { workspace: f.monthWs, from: T0, to: T0 + days * DAY_MS };
  const hourPoints = hourFleet * 3600;
  const monthPoints = 20 * days * FLIGHT_S;
  const fleet = `${String(hourFleet)} aircraft`;
  return [
    { label: `1 h, ${fleet}, 1600 px (every point)`, ...hour, width: 1600, stored: hourPoints },
    { label: `1 h, ${fleet}, 400 px (9 s buckets)`, ...hour, width: 400, stored: hourPoints },
    {
      label: `${String(days)} days, 20 aircraft, 1600 px`,
      ...month,
      width: 1600,
      stored: monthPoints,
    },
    {
      label: `${String(days)} days, 20 aircraft, 400 px`,
      ...month,
      width: 400,
      stored: monthPoints,
    },
    {
      label: '1 day, 20 aircraft, 1600 px',
      ...month,
      to: T0 + DAY_MS,
      width: 1600,
      stored: 20 * FLIGHT_S,
    },
  ];
}

async function run(opts: BenchOptions): Promise<BenchResult> {
  const hourFleet = opts.quick ? 20 : 200;
  const days = opts.quick ? 2 : 30;
  const runs = opts.quick ? 2 : 5;
  const dir = await mkdtemp(join(tmpdir(), 'skydeck-replay-bench-'));
  const db = await openPglite(dir);
  try {
    await migrate(db);
    const f = await fill(db, hourFleet, days);
    const cases = casesOf(f, hourFleet, days);
    const rows: (string | number)[][] = [];
    // The month before its minutes are thinned: every stored second goes through the aggregate.
    const unthinned = cases[2];
    if (unthinned)
      rows.push(await measure(db, { ...unthinned, label: `${unthinned.label}, not thinned` }, 1));
    const thinStart = performance.now();
    await catchUpTracks(db, NOW, Infinity);
    const thinS = (performance.now() - thinStart) / 1000;
    const [kept] = await db.query<{ n: number }>(
      'select count(*)::int as n from device_track_keep',
    );
    for (const c of cases) rows.push(await measure(db, c, runs));
    return {
      title: 'Fleet replay: window read from PGlite (ms)',
      columns: [
        'window',
        'points stored',
        'points answered',
        'bucket s',
        'JSON KiB',
        'read p50',
        'read max',
        'JSON.stringify p50',
      ],
      rows,
      notes: [
        `${String(hourFleet * 3600)} points for the hour fleet (${String(hourFleet)} aircraft × 3600 s, filled in ${f.hourFillS.toFixed(0)} s) and ${String(20 * days * FLIGHT_S)} for the month fleet (20 aircraft × ${String(days)} days × a ${String(FLIGHT_S / 3600)}-hour flight, filled in ${f.monthFillS.toFixed(0)} s), PGlite on disk, each aircraft with its dock.`,
        `Thinning every minute to its first, last, lowest, highest and fastest point (trackRollup.ts, what the server does a few minutes after each minute) took ${thinS.toFixed(0)} s for the 31 days before the bench's now (quiet ten-minute chunks included) and kept ${String(kept?.n ?? 0)} points; windows whose buckets are whole minutes read those.`,
        `Each read is readReplayWindow as GET /api/replay/window runs it (devices, tracks, presence, lanes, events), ${String(runs)} runs after one warm-up (the "not thinned" row: one run); "read" excludes JSON encoding, which has its own column. A bucket of 0 answers every point; otherwise each aircraft keeps per bucket its first, last, lowest, highest and fastest point.`,
      ],
    };
  } finally {
    await db.close();
    await rm(dir, { recursive: true, force: true });
  }
}

export const replaySection: BenchSection = { id: 'replay', run };
