/**
 * Ingestion's rules, message by message, against a real PGlite database with time advanced by hand:
 * presence from topology, osd and silence; HMS alarms raised and cleared; bad input counted, not fatal.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { createGasState } from '../../server/gas/gasState.ts';
import type { GasState } from '../../server/gas/gasState.ts';
import { findDevice } from '../../server/http/devices/deviceQueries.ts';
import { createTelemetrySink } from '../../server/mqtt/telemetrySink.ts';
import type { TelemetrySink } from '../../server/mqtt/telemetrySink.ts';
import type { SinkOptions } from '../../server/mqtt/telemetrySink.ts';
import { manualScheduler } from '../../server/runtime/scheduler.ts';
import type { ManualScheduler } from '../../server/runtime/scheduler.ts';
import { buildFleet, DEFAULT_CENTER } from '../../server/sim/fleet.ts';
import { registerSimFleet } from '../../server/sim/registerSimFleet.ts';
import { openFixture, recordingLog, SIM_KEY } from './mqttFixtures.ts';
import type { Fixture } from './mqttFixtures.ts';

const DOCK = 'SIMDOCK000000';
const UAV = 'SIMUAV000000';
const bytes = (value: unknown) =>
  Buffer.from(typeof value === 'string' ? value : JSON.stringify(value));

describe('telemetry sink', () => {
  let fx: Fixture;
  let clock: ManualScheduler;
  let sink: TelemetrySink;
  // One per database, as the app has: every sink a test starts on the fixture shares it.
  let gas: GasState;
  let replies: { topic: string; body: Record<string, unknown> }[];
  const log = recordingLog();

  /** A sink on the fixture with the app's shared state; `extra` adds or replaces options. */
  const sinkOn = (extra: Partial<SinkOptions> = {}) =>
    createTelemetrySink({
      db: fx.db,
      log,
      scheduler: clock,
      gas,
      aiAlarms: null,
      publish: () => undefined,
      ...extra,
    });
  const send = (topic: string, data: unknown, extra: Record<string, unknown> = {}) =>
    sink.handle(topic, bytes({ tid: 't1', bid: 'b1', timestamp: clock.now(), data, ...extra }));
  const device = async (sn: string) =>
    (
      await fx.db.query<{ online: boolean; gateway_sn: string | null }>(
        'select online, gateway_sn from devices where device_sn = $1',
        [sn],
      )
    )[0];

  beforeEach(async () => {
    fx = await openFixture();
    gas = createGasState();
    const fleet = buildFleet({ drones: 2, seed: 1, center: DEFAULT_CENTER });
    await registerSimFleet(fx.db, fx.projectA, fleet, SIM_KEY);
    // Detach the aircraft so topology has something to do.
    await fx.db.query('update devices set gateway_sn = null');
    clock = manualScheduler(Date.UTC(2026, 0, 1));
    replies = [];
    sink = sinkOn({
      publish: (topic, payload) =>
        replies.push({ topic, body: JSON.parse(payload) as Record<string, unknown> }),
    });
    await sink.start();
  });

  it('takes topology from update_topo, answers on status_reply and turns the devices online', async () => {
    send(
      `sys/product/${DOCK}/status`,
      {
        domain: 3,
        type: 2,
        sub_type: 0,
        sub_devices: [{ sn: UAV, domain: 0, type: 91, sub_type: 0 }],
      },
      { method: 'update_topo' },
    );
    await sink.flush();
    expect(await device(DOCK)).toEqual({ online: true, gateway_sn: null });
    expect(await device(UAV)).toEqual({ online: true, gateway_sn: DOCK });
    expect(replies).toEqual([
      {
        topic: `sys/product/${DOCK}/status_reply`,
        body: expect.objectContaining({
          tid: 't1',
          bid: 'b1',
          method: 'update_topo',
          data: { result: 0 },
        }) as unknown,
      },
    ]);

    send(
      `sys/product/${DOCK}/status`,
      { domain: 3, type: 2, sub_type: 0, sub_devices: [] },
      { method: 'update_topo' },
    );
    await sink.flush();
    expect((await device(UAV))?.online).toBe(false);
    expect((await device(DOCK))?.online).toBe(true);
  });

  it('turns a gateway and only the devices it holds now offline when its connection ends', async () => {
    const [first, second] = buildFleet({ drones: 2, seed: 1, center: DEFAULT_CENTER });
    if (first === undefined || second === undefined) throw new Error('two units expected');
    const topo = (dock: string, aircraft: string[]) =>
      send(
        `sys/product/${dock}/status`,
        { domain: 3, type: 2, sub_type: 0, sub_devices: aircraft.map((sn) => ({ sn })) },
        { method: 'update_topo' },
      );
    topo(first.dock.sn, [first.aircraft.sn]);
    topo(second.dock.sn, [second.aircraft.sn]);
    // The first dock's aircraft moves to the second dock.
    topo(second.dock.sn, [second.aircraft.sn, first.aircraft.sn]);
    await sink.flush();
    expect(await device(first.aircraft.sn)).toEqual({ online: true, gateway_sn: second.dock.sn });

    sink.deviceDisconnected(first.dock.sn);
    await sink.flush();
    expect((await device(first.dock.sn))?.online).toBe(false);
    expect((await device(first.aircraft.sn))?.online).toBe(true);

    sink.deviceDisconnected(second.dock.sn);
    await sink.flush();
    for (const sn of [second.dock.sn, second.aircraft.sn, first.aircraft.sn])
      expect((await device(sn))?.online).toBe(false);
  });

  it('does not attach a device of another project to a gateway', async () => {
    await fx.db.query('update devices set workspace_id = $1 where device_sn = $2', [
      fx.projectB,
      UAV,
    ]);
    await sink.stop();
    sink = sinkOn();
    await sink.start();
    send(
      `sys/product/${DOCK}/status`,
      { domain: 3, type: 2, sub_type: 0, sub_devices: [{ sn: UAV }] },
      { method: 'update_topo' },
    );
    await sink.flush();
    expect(await device(UAV)).toEqual({ online: false, gateway_sn: null });
  });

  it('turns a device online on osd and offline after 60 s of silence', async () => {
    send(`thing/product/${UAV}/osd`, { latitude: 22.5, longitude: 113.9, mode_code: 5 });
    await sink.flush();
    expect((await device(UAV))?.online).toBe(true);
    clock.advance(50_000);
    await sink.flush();
    expect((await device(UAV))?.online).toBe(true);
    clock.advance(20_000);
    await sink.flush();
    expect((await device(UAV))?.online).toBe(false);
  });

  it('raises HMS alarms, keeps them while listed, clears them when missing, and replies when asked', async () => {
    const alarm = {
      level: 2,
      module: 3,
      in_the_sky: 1,
      code: '0x16100083',
      device_type: '0-91-0',
      imminent: 0,
      args: { component_index: 0, sensor_index: 1 },
    };
    send(`thing/product/${DOCK}/events`, { list: [alarm] }, { method: 'hms', need_reply: 1 });
    send(`thing/product/${DOCK}/events`, { list: [alarm] }, { method: 'hms' });
    await sink.flush();
    const active = () =>
      fx.db.query<{ code: string; level: number }>(
        'select code, level from device_hms_alarms where cleared_at is null',
      );
    expect(await active()).toEqual([{ code: '0x16100083', level: 2 }]);
    expect(replies.map((r) => r.topic)).toEqual([`thing/product/${DOCK}/events_reply`]);
    send(`thing/product/${DOCK}/events`, { list: [] }, { method: 'hms' });
    await sink.flush();
    expect(await active()).toEqual([]);
    expect((await fx.db.query('select id from device_hms_alarms')).length).toBe(1);
  });

  it('stores our own ai_alarm and gas_reading events', async () => {
    send(
      `thing/product/${UAV}/events`,
      { gas: 'ch4', value: 12.5, unit: 'ppm', level: 0 },
      { method: 'gas_reading' },
    );
    await sink.flush();
    const rows = await fx.db.query<{ method: string; data: { value: number } }>(
      'select method, data from device_events',
    );
    expect(rows).toEqual([
      { method: 'gas_reading', data: expect.objectContaining({ value: 12.5 }) as unknown },
    ]);
  });

  it('keeps every event and track batch when gas readings outrun the database', async () => {
    await sink.stop();
    sink = sinkOn({ maxPendingReadings: 3 });
    await sink.start();
    send(`thing/product/${UAV}/osd`, { latitude: 22.5, longitude: 113.9 });
    const sent = 12;
    for (let i = 0; i < sent; i++)
      send(
        `thing/product/${UAV}/events`,
        { gases: { ch4: 2 + i }, latitude: 22.5, longitude: 113.9 },
        { method: 'gas_reading' },
      );
    await sink.flush();
    // Readings past the cap are dropped from the readings table, never the batches behind them.
    expect(sink.stats().dropped).toBe(sent - 3);
    const events = await fx.db.query<{ n: number }>(
      "select count(*)::int as n from device_events where method = 'gas_reading'",
    );
    expect(events[0]?.n).toBe(sent);
    const track = await fx.db.query<{ n: number }>('select count(*)::int as n from device_tracks');
    expect(track[0]?.n).toBe(1);
  });

  it('stores the first fix of each second of a 10 Hz aircraft, without reading the bodies between', async () => {
    // The aircraft's clock runs 300 ms ahead of the server's: its seconds start 700 ms into ours.
    const start = clock.now();
    for (let i = 0; i < 50; i += 1) {
      const body = { latitude: 22.5 + i / 10_000, longitude: 113.9, mode_code: 5 };
      sink.handle(
        `thing/product/${UAV}/osd`,
        bytes({ tid: 't', bid: 'b', timestamp: clock.now() + 300, data: body }),
      );
      // Between two seconds' first fixes nothing can start a point: a body there is not read, so
      // even a malformed one goes uncounted.
      if (i === 10) sink.handle(`thing/product/${UAV}/osd`, bytes('{not json'));
      clock.advance(100);
    }
    await sink.flush();
    const track = await fx.db.query<{ ts: Date; latitude: number }>(
      'select ts, latitude from device_tracks order by ts',
    );
    expect(track.map((row) => row.ts.getTime() - start)).toEqual([0, 1000, 2000, 3000, 4000, 5000]);
    expect(track.map((row) => Math.round((row.latitude - 22.5) * 10_000))).toEqual([
      0, 7, 17, 27, 37, 47,
    ]);
    expect(sink.stats()).toMatchObject({ received: 51, dropped: 0 });
    // The aircraft counts as heard all along.
    expect(await device(UAV)).toMatchObject({ online: true });
  });

  it('keeps every second of track when a backlog of them arrives at once', async () => {
    // Three seconds of a 10 Hz aircraft, held up somewhere and delivered within one instant of ours.
    const start = clock.now();
    for (let i = 0; i < 30; i += 1)
      sink.handle(
        `thing/product/${UAV}/osd`,
        bytes({
          tid: 't',
          bid: 'b',
          timestamp: start + i * 100,
          data: { latitude: 22.5 + i / 10_000, longitude: 113.9 },
        }),
      );
    await sink.flush();
    const track = await fx.db.query<{ ts: Date; latitude: number }>(
      'select ts, latitude from device_tracks order by ts',
    );
    expect(track.map((row) => row.ts.getTime() - start)).toEqual([0, 1000, 2000]);
    expect(track.map((row) => Math.round((row.latitude - 22.5) * 10_000))).toEqual([0, 10, 20]);
  });

  it('times each body it reads and each point it stores from the payload timestamp, and sizes each batch', async () => {
    const lags: [string, number][] = [];
    const batches: [string, number][] = [];
    const timed = sinkOn({
      observe: {
        lag: (stage, seconds) => lags.push([stage, Math.round(seconds * 1000)]),
        batch: (kind, rows) => batches.push([kind, rows]),
      },
    });
    await timed.start();
    clock.advance(500);
    const osd = (sentAgo: number) =>
      timed.handle(
        `thing/product/${UAV}/osd`,
        bytes({
          tid: 't',
          bid: 'b',
          timestamp: clock.now() - sentAgo,
          data: { latitude: 22.5, longitude: 113.9 },
        }),
      );
    // The first fix of a second is read and starts a point; the next one in that second is not read.
    osd(40);
    osd(30);
    clock.advance(250);
    await timed.flush();
    // Stored 250 ms after it arrived, which was 40 ms after the aircraft sent it.
    expect(lags).toEqual([
      ['received', 40],
      ['stored', 290],
    ]);
    // The one point went out as a batch of one row.
    expect(batches).toEqual([['track', 1]]);
    await timed.stop();
  });

  it('keeps where a dock said it stands for the device list, and ignores a dock without a fix', async () => {
    expect(await findDevice(fx.db, DOCK)).toMatchObject({ latitude: null, longitude: null });
    send(`thing/product/${DOCK}/osd`, { latitude: 22.51, longitude: 113.92, height: 12 });
    await sink.flush();
    expect(await findDevice(fx.db, DOCK)).toMatchObject({ latitude: 22.51, longitude: 113.92 });
    // The fast part of a dock's osd has no position; a dock without a fix reports 0, 0.
    send(`thing/product/${DOCK}/osd`, { cover_state: 0, drone_in_dock: 1 });
    send(`thing/product/${DOCK}/osd`, { latitude: 0, longitude: 0 });
    await sink.flush();
    expect(await findDevice(fx.db, DOCK)).toMatchObject({ latitude: 22.51, longitude: 113.92 });
  });

  it('counts and drops malformed messages, wrong types and unknown devices, and keeps working', async () => {
    sink.handle(`thing/product/${UAV}/osd`, bytes('{not json'));
    sink.handle(`thing/product/${UAV}/osd`, bytes('[1,2,3]'));
    sink.handle(`thing/product/${UAV}/osd`, bytes({ data: 'nope' }));
    sink.handle('thing/product/bad-sn!/osd', bytes({ data: {} }));
    send(
      `thing/product/${DOCK}/events`,
      { list: [{ code: 7 }, null, { level: 1.5, code: 'x' }] },
      { method: 'hms' },
    );
    send(`thing/product/${UAV}/osd`, {
      latitude: 'north',
      longitude: 999,
      mode_code: 1e12,
      battery: { capacity_percent: -4 },
    });
    send('thing/product/NOSUCHDEVICE/osd', { latitude: 1, longitude: 1 });
    send(`thing/product/${UAV}/osd`, {
      latitude: 22.5,
      longitude: 113.9,
      mode_code: 5,
      battery: { capacity_percent: 80 },
    });
    await sink.flush();
    expect(sink.stats()).toMatchObject({ dropped: 4, unknownDevice: 1, writeErrors: 0 });
    const track = await fx.db.query<{
      latitude: number;
      battery_percent: number;
      mode_code: number;
    }>('select latitude, battery_percent, mode_code from device_tracks');
    expect(track).toEqual([{ latitude: 22.5, battery_percent: 80, mode_code: 5 }]);
  });
});
