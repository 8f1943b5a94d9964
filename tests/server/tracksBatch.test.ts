/**
 * Batched telemetry writes: a burst of track samples and events is gathered in memory and written in
 * one statement per kind, nothing is lost on a clean stop, and a device's online state survives a
 * disconnect that comes between its message and the flush. Runs on every configured back end.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/Db.ts';
import { migrate } from '../../server/db/migrate.ts';
import { manualScheduler } from '../../server/runtime/scheduler.ts';
import { createGasState } from '../../server/gas/gasState.ts';
import { createTelemetrySink } from '../../server/mqtt/telemetrySink.ts';
import type { TelemetrySink } from '../../server/mqtt/telemetrySink.ts';
import { buildFleet, DEFAULT_CENTER } from '../../server/sim/fleet.ts';
import type { SimUnitDef } from '../../server/sim/fleet.ts';
import { registerSimFleet } from '../../server/sim/registerSimFleet.ts';
import { backends } from './helpers/backends.ts';
import { recordingLog } from './mqttFixtures.ts';

const AIRCRAFT = 250;
const bytes = (value: unknown) => Buffer.from(JSON.stringify(value));

describe.each(backends)('batched ingestion writes ($name)', (backend) => {
  let db: Db;
  let dispose: () => Promise<void>;
  let fleet: SimUnitDef[];
  let sink: TelemetrySink;
  let statements: string[];
  const clock = manualScheduler(Date.UTC(2026, 10, 23, 1));

  const count = async (sql: string) =>
    (await db.query<{ n: number }>(`select count(*)::int as n from ${sql}`))[0]?.n;

  beforeEach(async () => {
    const opened = await backend.open();
    dispose = () => opened.dispose();
    await migrate(opened.db);
    const org = await opened.db.query<{ id: number }>(
      "insert into workspaces (name, mold_id) values ('Org', 1) returning id",
    );
    const project = await opened.db.query<{ id: number }>(
      "insert into workspaces (parent_id, name) values ($1, 'P') returning id",
      [org[0]?.id],
    );
    fleet = buildFleet({ drones: AIRCRAFT, seed: 5, center: DEFAULT_CENTER });
    await registerSimFleet(opened.db, project[0]?.id ?? 0, fleet, 'k');
    // Count the statements ingestion runs: batching is the point.
    statements = [];
    const inner = opened.db;
    db = {
      kind: inner.kind,
      query: (sql, params) => {
        statements.push(sql.trim().split(/\s+/).join(' '));
        return inner.query(sql, params);
      },
      exec: (sql) => inner.exec(sql),
      tx: (work) => inner.tx(work),
      close: () => inner.close(),
    };
    sink = createTelemetrySink({
      db,
      log: recordingLog(),
      scheduler: clock,
      publish: () => {},
      gas: createGasState(),
      aiAlarms: null,
    });
    await sink.start();
    statements = [];
  });

  afterEach(async () => {
    await sink.stop();
    await db.close();
    await dispose();
  });

  const osd = (unit: SimUnitDef, i: number) =>
    sink.handle(
      `thing/product/${unit.aircraft.sn}/osd`,
      bytes({
        tid: `t${i}`,
        bid: 'b',
        timestamp: clock.now(),
        data: { latitude: 22.5 + i * 1e-5, longitude: 113.9, height: 80, mode_code: 5 },
      }),
    );

  it('writes a burst of track samples as that many rows, in one insert, on stop', async () => {
    fleet.forEach((unit, i) => osd(unit, i));
    expect(await count('device_tracks')).toBe(0);
    await sink.stop();
    expect(await count('device_tracks')).toBe(AIRCRAFT);
    expect(statements.filter((s) => s.startsWith('insert into device_tracks'))).toHaveLength(1);
    // Every aircraft came online with the same single statement (which also notes the transitions
    // for the replay's lanes, so it starts with a `with`).
    expect(await count('devices where online and domain = 0')).toBe(AIRCRAFT);
    expect(statements.filter((s) => /update devices set online = true/.test(s))).toHaveLength(1);
    expect(await count('device_presence where online')).toBe(AIRCRAFT);
  });

  it('keeps one point per second per aircraft across flushes', async () => {
    for (let second = 0; second < 3; second++) {
      for (const [i, unit] of fleet.entries()) osd(unit, i);
      clock.advance(1_000);
    }
    await sink.flush();
    expect(await count('device_tracks')).toBe(AIRCRAFT * 3);
  });

  it('stores a burst of own events in one insert and writes an unchanged firmware once', async () => {
    const dock = fleet[0]?.dock.sn ?? '';
    for (let i = 0; i < 40; i++) {
      sink.handle(
        `thing/product/${dock}/events`,
        bytes({
          tid: `e${i}`,
          bid: 'b',
          timestamp: clock.now(),
          method: 'gas_reading',
          data: { i },
        }),
      );
      sink.handle(
        `thing/product/${dock}/state`,
        bytes({
          tid: `s${i}`,
          bid: 'b',
          timestamp: clock.now(),
          data: { firmware_version: '9.9' },
        }),
      );
    }
    await sink.stop();
    expect(await count("device_events where method = 'gas_reading'")).toBe(40);
    expect(statements.filter((s) => s.startsWith('insert into device_events'))).toHaveLength(1);
    const fw = await db.query<{ firmware_version: string }>(
      'select firmware_version from devices where device_sn = $1',
      [dock],
    );
    expect(fw[0]?.firmware_version).toBe('9.9');
    expect(statements.filter((s) => s.startsWith('update devices d'))).toHaveLength(1);
  });

  it('leaves a device offline when its gateway disconnects before the flush', async () => {
    const unit = fleet[0];
    if (!unit) throw new Error('no unit');
    await db.query('update devices set gateway_sn = $1 where device_sn = $2', [
      unit.dock.sn,
      unit.aircraft.sn,
    ]);
    await sink.devicesChanged();
    osd(unit, 0);
    sink.deviceDisconnected(unit.dock.sn);
    await sink.flush();
    expect(await count(`devices where online and device_sn = '${unit.aircraft.sn}'`)).toBe(0);
  });
});
