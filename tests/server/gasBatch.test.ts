/**
 * Batched gas readings through the telemetry sink with time advanced by hand: a burst from several
 * aircraft is stored once per reading, in one insert per batch, with minute and hour roll-ups equal to
 * what writing reading by reading gives; a threshold crossing still raises its alarm at the next
 * periodic write, after its reading is stored; a full batch is written without waiting, and what is
 * gathered is written on stop. Runs on every configured back end.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/Db.ts';
import { migrate } from '../../server/db/migrate.ts';
import { createGasState } from '../../server/gas/gasState.ts';
import type { GasState } from '../../server/gas/gasState.ts';
import { readGasReading } from '../../server/gas/readGasReading.ts';
import { GAS_BATCH_MAX, GAS_BATCH_MS } from '../../server/gas/storeGasReadings.ts';
import { manualScheduler } from '../../server/runtime/scheduler.ts';
import type { ManualScheduler } from '../../server/runtime/scheduler.ts';
import { createTelemetrySink } from '../../server/mqtt/telemetrySink.ts';
import type { TelemetrySink } from '../../server/mqtt/telemetrySink.ts';
import { buildFleet, DEFAULT_CENTER } from '../../server/sim/fleet.ts';
import { registerSimFleet } from '../../server/sim/registerSimFleet.ts';
import { backends } from './helpers/backends.ts';
import { recordingLog } from './mqttFixtures.ts';

const AIRCRAFT = 5;
const bytes = (value: unknown) => Buffer.from(JSON.stringify(value));

/** Wraps `inner` to record the first words of every statement, inside transactions too. */
function counting(inner: Db, seen: string[]): Db {
  return {
    kind: inner.kind,
    query: (sql, params) => {
      seen.push(sql.trim().split(/\s+/).slice(0, 3).join(' '));
      return inner.query(sql, params);
    },
    exec: (sql) => inner.exec(sql),
    tx: (work) => inner.tx((tx) => work(counting(tx, seen))),
    close: () => inner.close(),
  };
}

/** The roll-up statement as it was when each reading was written on its own: the reference. */
const perReadingUpsert = (t: string, key: string) => `
  insert into ${t} (device_sn, ${key}, workspace_id, n, sum_lat, sum_lng, n_pos, sum_height,
    sum_rel_height, ch4, h2s, nh3, voc, so2, co, odour, n_air, sum_temperature, sum_humidity,
    sum_pressure, sum_wind_speed, wind_from, level)
  values ($1, $2, $3, 1, $4, $5, $6, $7, $22, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18,
    $19, $20, $21)
  on conflict (device_sn, ${key}) do update set
    n = ${t}.n + 1,
    sum_lat = ${t}.sum_lat + excluded.sum_lat,
    sum_lng = ${t}.sum_lng + excluded.sum_lng,
    n_pos = ${t}.n_pos + excluded.n_pos,
    sum_height = ${t}.sum_height + excluded.sum_height,
    sum_rel_height = ${t}.sum_rel_height + excluded.sum_rel_height,
    ch4 = greatest(${t}.ch4, excluded.ch4),
    h2s = greatest(${t}.h2s, excluded.h2s),
    nh3 = greatest(${t}.nh3, excluded.nh3),
    voc = greatest(${t}.voc, excluded.voc),
    so2 = greatest(${t}.so2, excluded.so2),
    co = greatest(${t}.co, excluded.co),
    odour = greatest(${t}.odour, excluded.odour),
    n_air = ${t}.n_air + excluded.n_air,
    sum_temperature = ${t}.sum_temperature + excluded.sum_temperature,
    sum_humidity = ${t}.sum_humidity + excluded.sum_humidity,
    sum_pressure = ${t}.sum_pressure + excluded.sum_pressure,
    sum_wind_speed = ${t}.sum_wind_speed + excluded.sum_wind_speed,
    wind_from = coalesce(excluded.wind_from, ${t}.wind_from),
    level = greatest(${t}.level, excluded.level)`;

const SUMS = [
  'sum_lat',
  'sum_lng',
  'sum_height',
  'sum_rel_height',
  'sum_temperature',
  'sum_humidity',
  'sum_pressure',
  'sum_wind_speed',
] as const;
const EXACT = [
  'device_sn',
  'workspace_id',
  'n',
  'n_pos',
  'n_air',
  'ch4',
  'h2s',
  'nh3',
  'voc',
  'so2',
  'co',
  'odour',
  'wind_from',
  'level',
] as const;

describe.each(backends)('batched gas readings ($name)', (backend) => {
  let inner: Db;
  let db: Db;
  let dispose: () => Promise<void>;
  let sns: string[];
  let workspace: number;
  let sink: TelemetrySink;
  let gas: GasState;
  let clock: ManualScheduler;
  let statements: string[];
  let published: { topic: string; body: Record<string, unknown> }[];
  let onPublish: () => void;

  const count = async (sql: string, params: unknown[] = []) =>
    (await inner.query<{ n: number }>(`select count(*)::int as n from ${sql}`, params))[0]?.n;
  const inserts = (table: string) =>
    statements.filter((s) => s.startsWith(`insert into ${table}`)).length;

  beforeEach(async () => {
    const opened = await backend.open();
    dispose = () => opened.dispose();
    inner = opened.db;
    await migrate(inner);
    const org = await inner.query<{ id: number }>(
      "insert into workspaces (name, mold_id) values ('Org', 1) returning id",
    );
    const project = await inner.query<{ id: number }>(
      "insert into workspaces (parent_id, name) values ($1, 'P') returning id",
      [org[0]?.id],
    );
    workspace = project[0]?.id ?? 0;
    const fleet = buildFleet({ drones: AIRCRAFT, seed: 3, center: DEFAULT_CENTER });
    await registerSimFleet(inner, workspace, fleet, 'k');
    sns = fleet.map((unit) => unit.aircraft.sn);
    statements = [];
    db = counting(inner, statements);
    published = [];
    onPublish = () => undefined;
    // 50 s past the hour: a minute ends during the burst below.
    clock = manualScheduler(Date.UTC(2026, 10, 23, 1, 0, 50));
    gas = createGasState();
    sink = createTelemetrySink({
      db,
      log: recordingLog(),
      scheduler: clock,
      gas,
      aiAlarms: null,
      publish: (topic, payload) => {
        published.push({ topic, body: JSON.parse(payload) as Record<string, unknown> });
        onPublish();
      },
    });
    await sink.start();
    statements.length = 0;
  });

  afterEach(async () => {
    await sink.stop();
    await inner.close();
    await dispose();
  });

  const send = (sn: string, data: Record<string, unknown>) =>
    sink.handle(
      `thing/product/${sn}/events`,
      bytes({ tid: 't', bid: 'b', timestamp: clock.now(), method: 'gas_reading', data }),
    );

  it('stores a burst from several aircraft once, with the roll-ups reading-by-reading writes give', async () => {
    const sent: { sn: string; ts: number; data: Record<string, unknown> }[] = [];
    let malformed = 0;
    let i = 0;
    const seconds = 20;
    for (let second = 0; second < seconds; second++) {
      for (const [d, sn] of sns.entries()) {
        // Three readings per aircraft per second: several land in the same minute of one batch.
        for (let k = 0; k < 3; k++) {
          i++;
          const data: Record<string, unknown> = {
            gases: {
              ch4: 1.9 + ((i * 7) % 13) * 0.37,
              h2s: i % 4 === 0 ? undefined : 0.01 * (i % 5),
              co: 0.2 + 0.01 * d,
            },
            // Unique per reading: it tells stored rows apart.
            odour: i,
            level: i % 3,
            height: 80 + 0.1 * k,
            relative_height: 70.5,
          };
          // Some without a position, some without weather or wind: the sums skip them.
          if (i % 5 !== 0) {
            data.latitude = 22.5 + 1e-5 * i;
            data.longitude = 113.9 - 1e-5 * i;
          }
          if (i % 7 !== 0) {
            data.temperature = 20 + 0.3 * d;
            data.humidity = 60 + k;
            data.pressure = 1002.25;
            data.wind_speed = 2.5 + 0.1 * k;
          }
          if (i % 4 !== 1) data.wind_direction = (i * 37) % 360;
          send(sn, data);
          sent.push({ sn, ts: clock.now(), data });
        }
        if (second % 6 === d) {
          send(sn, { gas: 'ch4', value: 'lots' });
          malformed++;
        }
      }
      clock.advance(1_000);
    }
    await sink.flush();

    // Every well-formed reading once, malformed ones counted and not stored.
    const stored = await inner.query<{ device_sn: string; odour: number }>(
      'select device_sn, odour from gas_readings order by odour',
    );
    expect(stored).toEqual(sent.map((s) => ({ device_sn: s.sn, odour: s.data.odour })));
    expect(gas.stats).toMatchObject({ stored: sent.length, malformed });
    // One insert and one upsert per roll-up per periodic batch, none per reading.
    expect(inserts('gas_readings')).toBe(seconds);
    expect(inserts('gas_minutes')).toBe(seconds);
    expect(inserts('gas_hours')).toBe(seconds);

    // The reference: the same readings written one by one with the per-reading statement.
    for (const [table, key, periodMs] of [
      ['gas_minutes', 'minute', 60_000],
      ['gas_hours', 'hour', 3_600_000],
    ] as const) {
      await inner.query(`create table ref_${table} (like ${table} including all)`);
      for (const s of sent) {
        const r = readGasReading(s.data);
        if (!r) throw new Error('a sent reading did not parse');
        const pos = r.lat !== null && r.lng !== null;
        const air = r.temperature !== null;
        const g = r.gases;
        await inner.query(perReadingUpsert(`ref_${table}`, key), [
          s.sn,
          new Date(Math.floor(s.ts / periodMs) * periodMs),
          workspace,
          pos ? r.lat : 0,
          pos ? r.lng : 0,
          pos ? 1 : 0,
          pos ? (r.height ?? 0) : 0,
          g.ch4,
          g.h2s,
          g.nh3,
          g.voc,
          g.so2,
          g.co,
          r.odour,
          air ? 1 : 0,
          air ? r.temperature : 0,
          air ? (r.humidity ?? 0) : 0,
          air ? (r.pressure ?? 0) : 0,
          air ? (r.windSpeed ?? 0) : 0,
          r.windFrom,
          r.level,
          pos ? (r.relHeight ?? 0) : 0,
        ]);
      }
      const read = (t: string) => inner.query(`select * from ${t} order by device_sn, ${key}`);
      const batched = await read(table);
      const reference = await read(`ref_${table}`);
      // Two minutes per aircraft (the burst crosses one), one hour.
      expect(batched).toHaveLength(table === 'gas_minutes' ? AIRCRAFT * 2 : AIRCRAFT);
      expect(batched.map((row) => row[key])).toEqual(reference.map((row) => row[key]));
      batched.forEach((row, n) => {
        const ref = reference[n] ?? {};
        for (const c of EXACT) expect(row[c], `${table}.${c}`).toEqual(ref[c]);
        // Sums added onto a stored row are grouped differently than one by one: last bits only.
        for (const c of SUMS)
          expect(Number(row[c]), `${table}.${c}`).toBeCloseTo(Number(ref[c]), 6);
      });
    }
  });

  it('raises a crossing at the next periodic write, after its reading is stored', async () => {
    const [sensor, other] = sns;
    if (!sensor || !other) throw new Error('no aircraft');
    // Default methane thresholds: caution 50, warning 100 ppm.
    for (const ch4 of [10, 20, 60, 120, 30, 70]) {
      send(sensor, { gases: { ch4 }, latitude: 22.5, longitude: 113.9 });
      send(other, { gases: { ch4: ch4 / 10 }, latitude: 22.6, longitude: 113.8 });
    }
    // All six readings arrived within one millisecond (a burst read from one socket chunk): the two
    // crossings among them are still two alarms.
    expect(inserts('gas_readings')).toBe(0);
    const heard = new Promise<void>((resolve) => {
      onPublish = () => {
        if (published.length === 2) resolve();
      };
    });
    // No explicit flush: the batch timer alone writes the readings and raises the alarms.
    clock.advance(GAS_BATCH_MS);
    await heard;
    // The alarm's reading was stored before the alarm was published.
    expect(await count('gas_readings where device_sn = $1 and ch4 = 60', [sensor])).toBe(1);
    expect(published.map((p) => p.topic)).toEqual([
      `thing/product/${sensor}/events`,
      `thing/product/${sensor}/events`,
    ]);
    expect(
      published.map((p) => {
        const data = p.body.data as { category: string; value: number };
        return [p.body.method, data.category, data.value];
      }),
    ).toEqual([
      ['ai_alarm', 'gas_ch4', 60],
      ['ai_alarm', 'gas_ch4', 70],
    ]);
    await sink.flush();
    // The first crossing climbed past warning before falling back; the second stayed at caution.
    const alarms = await inner.query<{ device_sn: string; level: number }>(
      'select device_sn, level from ai_alarms order by id',
    );
    expect(alarms).toEqual([
      { device_sn: sensor, level: 2 },
      { device_sn: sensor, level: 1 },
    ]);
    expect(inserts('gas_readings')).toBe(1);
  });

  it('writes a full batch without waiting, and what is gathered on stop', async () => {
    const extra = 7;
    for (let i = 0; i < GAS_BATCH_MAX + extra; i++)
      send(sns[i % AIRCRAFT] ?? '', { gases: { ch4: 2 }, odour: i });
    await sink.stop();
    expect(await count('gas_readings')).toBe(GAS_BATCH_MAX + extra);
    // The full batch went on its own, the rest on stop.
    expect(inserts('gas_readings')).toBe(2);
    expect(
      (await inner.query<{ n: number }>('select sum(n)::int as n from gas_minutes'))[0]?.n,
    ).toBe(GAS_BATCH_MAX + extra);
  });
});
