/**
 * Benchmark section: the smell page's history queries over a month of a 20-aircraft fleet. Fills a
 * fresh PGlite database (on disk, as `npm start` runs it) with one reading a second during a 2-hour
 * flight per device per day, plus the per-minute and per-hour roll-ups ingestion keeps, then times
 * the page's own queries (server/http/gas/gasQueries.ts) for 1 day and 30 days. Numbers only.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Db } from '../../server/db/Db.ts';
import { migrate } from '../../server/db/migrate.ts';
import { openPglite } from '../../server/db/pgliteDb.ts';
import { sourceFromPoints } from '../../server/gas/sourceFromPoints.ts';
import type { Range } from '../../server/http/gas/gasQueries.ts';
import { DEFAULT_MAX_POINTS, latestOf, readingsOf } from '../../server/http/gas/gasQueries.ts';
import type { BenchOptions, BenchResult, BenchSection } from '../section.ts';

const DEVICES = 20;
const FLIGHT_S = 2 * 3600;
const WORKSPACE = 1;
const DAY_MS = 86_400_000;
/** Midnight UTC of the first benchmark day. */
const T0 = Date.UTC(2026, 0, 1);
const RUNS = 5;

const snOf = (d: number): string => `BENCHUAV${String(d).padStart(2, '0')}`;

/** One day of readings for every device, generated inside the database (no client round trips). */
async function fillDay(db: Db, day: number): Promise<void> {
  const start = new Date(T0 + day * DAY_MS + 8 * 3_600_000);
  await db.query(
    `insert into gas_readings (ts, device_sn, workspace_id, lat, lng, height, rel_height, ch4, h2s,
       nh3, voc, so2, co, odour, temperature, humidity, pressure, wind_speed, wind_from, level)
     select $1::timestamptz + ((d * 600 + s) || ' seconds')::interval,
       'BENCHUAV' || lpad(d::text, 2, '0'), ${String(WORKSPACE)},
       22.54 + 0.01 * sin(s / 300.0 + d), 113.95 + 0.01 * cos(s / 300.0 + d), 100, 80,
       1.9 + 60 * exp(-power((s % 900) - 450, 2) / 5000.0), 0.01, 0.02, 0.05, 0.002, 0.15,
       20 + 300 * exp(-power((s % 900) - 450, 2) / 5000.0), 27, 70, 1002, 3, 225, 0
     from generate_series(0, ${String(DEVICES - 1)}) d, generate_series(0, ${String(FLIGHT_S - 1)}) s`,
    [start],
  );
  // The roll-up ingestion maintains reading by reading, built here in one pass per day.
  await db.query(
    `insert into gas_minutes (device_sn, minute, workspace_id, n, sum_lat, sum_lng, n_pos, sum_height,
       sum_rel_height, ch4, h2s, nh3, voc, so2, co, odour, n_air, sum_temperature, sum_humidity,
       sum_pressure, sum_wind_speed, wind_from, level)
     select device_sn, date_trunc('minute', ts), ${String(WORKSPACE)}, count(*), sum(lat), sum(lng),
       count(*), sum(height), sum(rel_height), max(ch4), max(h2s), max(nh3), max(voc), max(so2),
       max(co), max(odour), count(*), sum(temperature), sum(humidity), sum(pressure),
       sum(wind_speed), max(wind_from), max(level)
     from gas_readings where ts >= $1 and ts < $2 group by device_sn, date_trunc('minute', ts)`,
    [start, new Date(start.getTime() + DAY_MS - 8 * 3_600_000)],
  );
  await db.query(
    `insert into gas_hours (device_sn, hour, workspace_id, n, sum_lat, sum_lng, n_pos, sum_height,
       sum_rel_height, ch4, h2s, nh3, voc, so2, co, odour, n_air, sum_temperature, sum_humidity,
       sum_pressure, sum_wind_speed, wind_from, level)
     select device_sn, date_trunc('hour', minute), ${String(WORKSPACE)}, sum(n), sum(sum_lat),
       sum(sum_lng), sum(n_pos), sum(sum_height), sum(sum_rel_height), max(ch4), max(h2s), max(nh3),
       max(voc), max(so2), max(co), max(odour), sum(n_air), sum(sum_temperature), sum(sum_humidity),
       sum(sum_pressure), sum(sum_wind_speed), max(wind_from), max(level)
     from gas_minutes where minute >= $1 and minute < $2 group by device_sn, date_trunc('hour', minute)`,
    [start, new Date(start.getTime() + DAY_MS - 8 * 3_600_000)],
  );
}

async function timed(work: () => Promise<unknown>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    await work();
    out.push(performance.now() - t);
  }
  return out;
}

const ms = (v: number): number => Math.round(v * 10) / 10;
const median = (v: readonly number[]): number => [...v].sort((a, b) => a - b)[v.length >> 1] ?? 0;

async function run(opts: BenchOptions): Promise<BenchResult> {
  const days = opts.quick ? 2 : 30;
  const dir = await mkdtemp(join(tmpdir(), 'skydeck-gas-bench-'));
  const db = await openPglite(dir);
  try {
    await migrate(db);
    const fillStart = performance.now();
    for (let day = 0; day < days; day++) await fillDay(db, day);
    const fillS = (performance.now() - fillStart) / 1000;
    const [count] = await db.query<{ n: number | string }>('select count(*) n from gas_readings');
    const rowsStored = Number(count?.n ?? 0);
    const end = T0 + days * DAY_MS;
    const all = [...Array(DEVICES).keys()].map(snOf);
    const range = (spanDays: number, devices?: string[]): Range => ({
      scope: [WORKSPACE],
      devices,
      executionId: undefined,
      from: new Date(end - spanDays * DAY_MS),
      to: new Date(end),
    });
    const cases: [string, Range][] = [
      [`1 day, ${String(DEVICES)} devices`, range(1)],
      ['1 day, 1 device', range(1, [snOf(0)])],
      [`${String(days)} days, ${String(DEVICES)} devices`, range(days)],
      [`${String(days)} days, 1 device`, range(days, [snOf(0)])],
    ];
    const rows: (string | number)[][] = [];
    for (const [label, r] of cases) {
      let answer = await readingsOf(db, r, DEFAULT_MAX_POINTS);
      const times = await timed(async () => {
        answer = await readingsOf(db, r, DEFAULT_MAX_POINTS);
      });
      rows.push([
        `readings: ${label}`,
        answer.total,
        answer.points.length,
        answer.bucket_s,
        ms(median(times)),
        ms(Math.max(...times)),
      ]);
    }
    const latest = await timed(() => latestOf(db, [WORKSPACE], all));
    rows.push([
      `newest reading of ${String(DEVICES)} devices (gauges)`,
      DEVICES,
      DEVICES,
      0,
      ms(median(latest)),
      ms(Math.max(...latest)),
    ]);
    const sourceRange = range(1, [snOf(0)]);
    const fit = await timed(async () => {
      const { points } = await readingsOf(db, sourceRange, 600);
      sourceFromPoints(points, 'ch4');
    });
    rows.push([
      'source estimate: 1 day, 1 device (600 points)',
      FLIGHT_S,
      600,
      0,
      ms(median(fit)),
      ms(Math.max(...fit)),
    ]);
    return {
      title: 'Smell sensing: gas history queries (ms)',
      columns: ['query', 'readings in range', 'points answered', 'bucket s', 'p50', 'max'],
      rows,
      notes: [
        `${String(rowsStored)} readings stored: ${String(DEVICES)} devices × ${String(days)} days × ${String(FLIGHT_S)} s (one reading a second during a 2-hour flight a day), PGlite on disk; filled in ${fillS.toFixed(0)} s.`,
        `Each query as the /linxiu page asks it (max ${String(DEFAULT_MAX_POINTS)} points), ${String(RUNS)} runs after one warm-up. Buckets of 10 s or more are rounded to whole minutes and read from the per-minute roll-up (gas_minutes), of 10 min or more to whole hours from the per-hour roll-up (gas_hours), shorter ones from gas_readings.`,
      ],
    };
  } finally {
    await db.close();
    await rm(dir, { recursive: true, force: true });
  }
}

export const gasSection: BenchSection = { id: 'gas', run };
