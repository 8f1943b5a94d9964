/**
 * Smell sensing through the real app: readings a device publishes on the real broker end up in
 * `gas_readings`, are read back within the caller's workspaces (raw and downsampled), thresholds are
 * saved with `gas:edit` only, and crossing a threshold raises exactly one alarm per crossing — into
 * the AI-alarm feed, and live on the device's events topic.
 */
import { connectAsync } from 'mqtt';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AiAlarm } from '../../protocol/aiAlarms.ts';
import { AI_ALARM_API } from '../../protocol/aiAlarms.ts';
import type {
  GasDevice,
  GasReadingsAnswer,
  GasSourceEstimate,
  GasThreshold,
} from '../../protocol/gas.ts';
import { GAS_API } from '../../protocol/gas.ts';
import type { DeviceAdded, Page } from '../../protocol/http.ts';
import { API } from '../../protocol/http.ts';
import { deviceClientId } from '../../protocol/mqtt/clientIds.ts';
import { storeGasReading } from '../../server/gas/storeGasReading.ts';
import { realtimeExtension } from '../../server/realtime.ts';
import { concentrationAt, gM3ToPpm } from '../../server/physics/plume.ts';
import { distance, offset } from '../../server/physics/geodesy.ts';
import { backends } from './helpers/backends.ts';
import { useSeededServer } from './helpers/seededServer.ts';

const SENSOR = 'GASDOCK01';
const FOREIGN = 'GASDOCK02';
/** Reports readings without any position, ever. */
const BLIND = 'GASDOCK03';
const backend = backends[0];
if (!backend) throw new Error('no backend');

const reading = (ch4: number, extra: object = {}) => ({
  sensor_id: 'S1',
  gas: 'ch4',
  value: ch4,
  unit: 'ppm',
  level: 0,
  latitude: 22.54,
  longitude: 113.95,
  height: 90,
  relative_height: 80,
  gases: { ch4, h2s: 0.01, nh3: 0.02, voc: 0.1, so2: 0, co: 0.2 },
  odour: 30,
  temperature: 26,
  humidity: 70,
  pressure: 1002,
  wind_speed: 3,
  wind_direction: 270,
  ...extra,
});

async function until<T>(probe: () => Promise<T>, done: (v: T) => boolean): Promise<T> {
  for (let i = 0; i < 100; i++) {
    const v = await probe();
    if (done(v)) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('condition not met in 10 s');
}

describe('smell sensing', () => {
  const world = useSeededServer(backend, {
    config: { mqttTcpPort: 0, simDrones: 0 },
    extensions: [realtimeExtension],
  });
  let device: MqttClient;
  let blind: MqttClient;
  const heard: { category: string; level: number }[] = [];

  const count = async (sql: string, params: unknown[] = []) => {
    const [row] = await world.server.handle.db.query<{ n: number | string }>(sql, params);
    return Number(row?.n ?? 0);
  };
  const gasAlarms = () =>
    world.server.call<Page<AiAlarm>>('GET', AI_ALARM_API.list, {
      token: world.s.operator,
      query: { category: 'gas_ch4', size: 100 },
    });

  beforeAll(async () => {
    const add = async (sn: string, workspace: number) => {
      const added = await world.server.call<DeviceAdded>('POST', API.deviceAdd, {
        token: world.s.admin,
        body: {
          device_sn: sn,
          name: `${sn} 嗅探`,
          domain: 0,
          type: 91,
          sub_type: 0,
          workspace_id: workspace,
        },
      });
      expect(added.status).toBe(200);
      return added.body.data;
    };
    const added = await add(SENSOR, world.s.home);
    await add(FOREIGN, world.s.other);
    const addedBlind = await add(BLIND, world.s.home);
    const ws = `${world.server.url.replace(/^http/, 'ws')}/mqtt`;
    device = await connectAsync(ws, {
      clientId: deviceClientId(SENSOR),
      username: SENSOR,
      password: added.device_secret,
      reconnectPeriod: 0,
    });
    blind = await connectAsync(ws, {
      clientId: deviceClientId(BLIND),
      username: BLIND,
      password: addedBlind.device_secret,
      reconnectPeriod: 0,
    });
    const { token } = await world.server.signIn('operator');
    const watcher = await connectAsync(ws, {
      clientId: 'operator:gas-test',
      username: 'operator',
      password: token,
      reconnectPeriod: 0,
    });
    watcher.on('message', (_t, payload) => {
      const msg = JSON.parse(payload.toString()) as {
        method?: string;
        data: { category: string; level: number };
      };
      if (msg.method === 'ai_alarm') heard.push(msg.data);
    });
    await watcher.subscribeAsync(`thing/product/${SENSOR}/events`);
    afterAll(() => watcher.endAsync(true));
  });
  afterAll(async () => {
    await device.endAsync(true);
    await blind.endAsync(true);
  });

  const publish = (data: object) =>
    device.publishAsync(
      `thing/product/${SENSOR}/events`,
      JSON.stringify({ tid: 't', bid: 'b', timestamp: Date.now(), method: 'gas_reading', data }),
    );

  it('stores readings published over the broker, drops malformed ones, reads them back', async () => {
    await publish(reading(2.1));
    await publish(reading(2.3));
    await publish({ sensor_id: 'S1', gas: 'ch4', value: 'lots' });
    // An older single-gas sender still fills its column.
    await publish({
      sensor_id: 'S1',
      gas: 'h2s',
      value: 1400,
      unit: 'ppb',
      level: 0,
      latitude: 22.54,
      longitude: 113.95,
      height: 90,
    });
    await until(
      () => count('select count(*) n from gas_readings where device_sn = $1', [SENSOR]),
      (n) => n >= 3,
    );
    expect(await count('select count(*) n from gas_readings where device_sn = $1', [SENSOR])).toBe(
      3,
    );
    expect(await count('select count(*) n from gas_readings where abs(h2s - 1.4) < 1e-4')).toBe(1);

    const from = new Date(Date.now() - 3_600_000).toISOString();
    const to = new Date(Date.now() + 60_000).toISOString();
    const got = await world.server.call<GasReadingsAnswer>('GET', GAS_API.readings, {
      token: world.s.viewer,
      query: { device_sn: SENSOR, from, to },
    });
    expect(got.status).toBe(200);
    expect(got.body.data.bucket_s).toBe(0);
    expect(got.body.data.points).toHaveLength(3);
    expect(got.body.data.points[0]).toMatchObject({ device_sn: SENSOR, ch4: 2.1, wind_from: 270 });

    const devices = await world.server.call<GasDevice[]>('GET', GAS_API.devices, {
      token: world.s.viewer,
    });
    expect(devices.body.data.map((d) => d.device_sn)).toContain(SENSOR);
    expect(devices.body.data.map((d) => d.device_sn)).not.toContain(FOREIGN);
  });

  it('refuses bad input with the field named, other projects with 404', async () => {
    const bad = await world.server.call('GET', GAS_API.readings, {
      token: world.s.viewer,
      query: { device_sn: SENSOR },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toContain('from');
    const backwards = await world.server.call('GET', GAS_API.readings, {
      token: world.s.viewer,
      query: { from: '2026-01-02', to: '2026-01-01' },
    });
    expect(backwards.status).toBe(400);
    expect(backwards.body.msg).toContain('to');
    const badGas = await world.server.call('GET', GAS_API.source, {
      token: world.s.viewer,
      query: { gas: 'xenon', from: '2026-01-01', to: '2026-01-02' },
    });
    expect(badGas.status).toBe(400);
    expect(badGas.body.msg).toContain('gas');
    const foreign = await world.server.call('GET', GAS_API.thresholds, {
      token: world.s.operator,
      query: { workspace_id: world.s.other },
    });
    expect(foreign.status).toBe(404);
    const foreignRead = await world.server.call('GET', GAS_API.readings, {
      token: world.s.operator,
      query: { workspace_id: world.s.other, from: '2026-01-01', to: '2026-01-02' },
    });
    expect(foreignRead.status).toBe(404);
    const save = await world.server.call('POST', GAS_API.thresholdsSave, {
      token: world.s.operator,
      body: { workspace_id: world.s.other, thresholds: [{ gas: 'ch4', caution: 5, warning: 9 }] },
    });
    expect(save.status).toBe(404);
  });

  it('saves thresholds with gas:edit only; caution must be below warning', async () => {
    const body = { thresholds: [{ gas: 'ch4', caution: 20, warning: 40 }] };
    const viewer = await world.server.call('POST', GAS_API.thresholdsSave, {
      token: world.s.viewer,
      body,
    });
    expect(viewer.status).toBe(403);
    const inverted = await world.server.call('POST', GAS_API.thresholdsSave, {
      token: world.s.operator,
      body: { thresholds: [{ gas: 'ch4', caution: 40, warning: 20 }] },
    });
    expect(inverted.status).toBe(400);
    expect(inverted.body.msg).toContain('thresholds.0.warning');
    const missing = await world.server.call('POST', GAS_API.thresholdsSave, {
      token: world.s.operator,
      body: { thresholds: [{ gas: 'ch4', caution: 1 }] },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.msg).toContain('warning');
    const saved = await world.server.call<GasThreshold[]>('POST', GAS_API.thresholdsSave, {
      token: world.s.operator,
      body,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data.find((t) => t.gas === 'ch4')).toEqual({
      gas: 'ch4',
      caution: 20,
      warning: 40,
    });
    // The others keep their defaults.
    expect(saved.body.data.find((t) => t.gas === 'h2s')).toEqual({
      gas: 'h2s',
      caution: 10,
      warning: 20,
    });
    const logged = await count(
      "select count(*) n from audit_logs where module = 'linxiu' and action = 'edit' and result = 'success'",
    );
    expect(logged).toBe(1);
  });

  it('raises exactly one alarm per crossing, live and in the alarm list', async () => {
    // Threshold 20/40 from the previous test: up through caution and warning, down, and up again.
    for (const v of [5, 25, 30, 45, 50, 35, 10, 3, 28, 22]) await publish(reading(v));
    await until(
      () =>
        count('select count(*) n from gas_readings where device_sn = $1 and ch4 = 22', [SENSOR]),
      (n) => n === 1,
    );
    const list = await until(gasAlarms, (a) => a.body.data.total >= 2);
    expect(list.body.data.total).toBe(2);
    const levels = list.body.data.data.map((a) => a.level).sort();
    // The first crossing climbed past warning (its alarm was raised to 2); the second stayed at caution.
    expect(levels).toEqual([1, 2]);
    expect(list.body.data.data.every((a) => a.status === 'new' && a.device_sn === SENSOR)).toBe(
      true,
    );
    await until(
      () => Promise.resolve(heard.length),
      (n) => n >= 2,
    );
    expect(heard.map((h) => h.category)).toEqual(['gas_ch4', 'gas_ch4']);
  });

  it('places the alarm of a reading without a position where the aircraft was last, or nowhere', async () => {
    // SENSOR ended above caution; a positioned reading below it, then one without any position.
    await publish(reading(3, { latitude: 22.55, longitude: 113.96 }));
    const unplaced = { ...reading(33), latitude: undefined, longitude: undefined };
    await publish(unplaced);
    await blind.publishAsync(
      `thing/product/${BLIND}/events`,
      JSON.stringify({
        tid: 't',
        bid: 'b',
        timestamp: Date.now(),
        method: 'gas_reading',
        data: unplaced,
      }),
    );
    const list = await until(gasAlarms, (a) => a.body.data.total >= 4);
    const newest = (sn: string) => list.body.data.data.find((a) => a.device_sn === sn);
    expect(newest(SENSOR)).toMatchObject({ latitude: 22.55, longitude: 113.96 });
    // Never seen anywhere: no position rather than 0,0.
    expect(newest(BLIND)).toMatchObject({ latitude: null, longitude: null });
    const stored = await world.server.handle.db.query<{ lat: number | null }>(
      'select lat from gas_readings where device_sn = $1',
      [BLIND],
    );
    expect(stored).toEqual([{ lat: null }]);
  });

  it('downsamples long ranges into buckets that keep the peaks', async () => {
    const db = world.server.handle.db;
    const { gas } = world.server.handle.deps;
    const t0 = Date.UTC(2026, 1, 1, 8);
    // 700 readings a second apart, one spike in the middle.
    for (let i = 0; i < 700; i++)
      await storeGasReading(db, gas, SENSOR, reading(i === 350 ? 18 : 2), t0 + 1000 * i);
    const query = {
      device_sn: SENSOR,
      from: new Date(t0 - 86_400_000).toISOString(),
      to: new Date(t0 + 86_400_000).toISOString(),
    };
    const ask = (max: number) =>
      world.server.call<GasReadingsAnswer>('GET', GAS_API.readings, {
        token: world.s.viewer,
        query: { ...query, max_points: max },
      });
    const raw = await ask(1000);
    expect(raw.body.data).toMatchObject({ bucket_s: 0, total: 700 });
    expect(raw.body.data.points).toHaveLength(700);
    // 700 / 100 → 7 s buckets from the raw table.
    const fine = await ask(100);
    expect(fine.body.data.bucket_s).toBe(7);
    expect(fine.body.data.points.length).toBeLessThanOrEqual(101);
    expect(Math.max(...fine.body.data.points.map((p) => p.ch4 ?? 0))).toBe(18);
    // 700 / 10 → 70 s, rounded to 2 minutes and read from the per-minute roll-up.
    const coarse = await ask(10);
    expect(coarse.body.data.bucket_s).toBe(120);
    expect(coarse.body.data.total).toBe(700);
    expect(coarse.body.data.points.length).toBeLessThanOrEqual(8);
    expect(Math.max(...coarse.body.data.points.map((p) => p.ch4 ?? 0))).toBe(18);
    expect(coarse.body.data.points[0]?.lat).toBeCloseTo(22.54, 6);
    // The hour's roll-up, which answers a month's chart, holds all 700 and the peak.
    const [hour] = await db.query<{ n: number; ch4: number }>(
      'select n, ch4 from gas_hours where device_sn = $1 and hour = $2',
      [SENSOR, new Date(t0)],
    );
    expect(hour).toEqual({ n: 700, ch4: 18 });
  });

  it('estimates the source of simulated plume crossings within 100 m', async () => {
    const db = world.server.handle.db;
    const { gas } = world.server.handle.deps;
    const source = { lat: 22.6, lng: 113.9 };
    const t0 = Date.UTC(2026, 0, 5, 10);
    let i = 0;
    for (const down of [500, 900])
      for (let across = -500; across <= 500; across += 20) {
        // Wind from the south: the plume goes north.
        const at = offset(source, across, down);
        const c = gM3ToPpm(
          concentrationAt(source, at, 70, 10, { speed: 3, fromDeg: 180 }, 3000),
          16.04,
        );
        await storeGasReading(
          db,
          gas,
          SENSOR,
          reading(1.9 + c, {
            latitude: at.lat,
            longitude: at.lng,
            relative_height: 70,
            wind_speed: 3,
            wind_direction: 180,
          }),
          t0 + 1000 * i++,
        );
      }
    const fit = await world.server.call<GasSourceEstimate | null>('GET', GAS_API.source, {
      token: world.s.viewer,
      query: {
        gas: 'ch4',
        device_sn: SENSOR,
        from: new Date(t0).toISOString(),
        to: new Date(t0 + 1000 * i).toISOString(),
      },
    });
    expect(fit.status).toBe(200);
    const est = fit.body.data;
    expect(est).not.toBeNull();
    if (!est) return;
    expect(distance(source, { lat: est.lat, lng: est.lng })).toBeLessThan(100);
    expect(est.rate).toBeGreaterThan(1000);
  });
});
