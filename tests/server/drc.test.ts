/**
 * DRC end to end on the server: the real app (broker, ingestion, DRC service) and the simulator over
 * MQTT. A pilot enters DRC, a second pilot learns who holds the drone, a viewer is refused, only the
 * holder's `drc/down` reaches the dock, sticks move the aircraft in `osd_info_push`, commands and
 * e-stops are audited, and lost heartbeats end the session. Time is virtual: the simulator and the
 * DRC service's sweeps run on one manual clock.
 */
import { connectAsync } from 'mqtt';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRC_API, DRC_HEARTBEAT_TIMEOUT_S, DRC_TEST_API } from '../../protocol/drc.ts';
import type { DrcCommandResult, DrcSession, DrcStatus } from '../../protocol/drc.ts';
import { DEFAULT_SERVER_USERNAME } from '../../server/mqtt/brokerAuth.ts';
import { manualScheduler } from '../../server/runtime/scheduler.ts';
import { derivedSecret } from '../../server/auth/derivedSecret.ts';
import { buildFleet, DEFAULT_CENTER } from '../../server/sim/fleet.ts';
import { distance } from '../../server/physics/geodesy.ts';
import type { Simulator } from '../../server/sim/simulator.ts';
import { brokerWsUrl, startDrcFleet } from './helpers/drcFleet.ts';
import type { Seeded } from './helpers/accounts.ts';
import type { TestServer } from './helpers/testServer.ts';

const KEY = 'drc-sim-key';
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface UpMessage {
  method: string;
  seq: number;
  data: Record<string, unknown>;
}

describe('DRC sessions on the simulator', () => {
  let server: TestServer;
  let s: Seeded;
  let sim: Simulator;
  const clock = manualScheduler(Date.now());
  const fleet = buildFleet({ drones: 3, seed: 11, center: DEFAULT_CENTER, prefix: 'DRC' });
  const clients: MqttClient[] = [];
  /** What the server's own account hears on every `drc/down` and `drc/up`. */
  const heard: { topic: string; body: UpMessage }[] = [];
  let index = -1;
  let dockSn = '';

  const wsUrl = () => brokerWsUrl(server);
  const downTopic = () => `thing/product/${dockSn}/drc/down`;
  const upTopic = () => `thing/product/${dockSn}/drc/up`;

  async function until(done: () => boolean | Promise<boolean>, what: string): Promise<void> {
    for (let i = 0; i < 500; i++) {
      if (await done()) return;
      await pause(20);
    }
    throw new Error(`timed out waiting for ${what}`);
  }
  async function asConsole(username: 'admin' | 'operator' | 'viewer', token: string) {
    const client = await connectAsync(wsUrl(), {
      username,
      password: token,
      clientId: `${username}:drc-${String(clients.length)}`,
      reconnectPeriod: 0,
    });
    clients.push(client);
    return client;
  }
  const send = (client: MqttClient, method: string, seq: number, data: object) =>
    client.publishAsync(downTopic(), JSON.stringify({ method, seq, timestamp: clock.now(), data }));
  const status = async (token: string) =>
    (
      await server.call<DrcStatus>('GET', DRC_API.status, {
        token,
        query: { dock_sn: dockSn },
      })
    ).body.data;
  const enter = (token: string, lang?: string) =>
    server.call<DrcSession>('POST', DRC_API.enter, {
      token,
      lang,
      body: { workspace_id: s.home, dock_sn: dockSn },
    });
  const auditRows = (action: string) =>
    server.handle.db.query<{ username: string; detail: string; result: string }>(
      `select username, detail, result from audit_logs where module = 'drc' and action = $1
       and target = $2 order by id`,
      [action, dockSn],
    );
  /** Advances virtual time by `ms` in 100 ms steps, giving the broker a moment between steps. */
  async function advance(ms: number): Promise<void> {
    for (let t = 0; t < ms; t += 100) {
      clock.advance(100);
      await pause(2);
    }
  }

  beforeAll(async () => {
    ({ server, s, sim } = await startDrcFleet({
      fleet,
      seed: 11,
      secretKey: KEY,
      scheduler: clock,
      prepare: (drc) => drc?.useScheduler(clock),
    }));
    index = fleet.findIndex((_, i) => sim.unit(i)?.phase === 'patrol');
    dockSn = fleet[index]?.dock.sn ?? '';
    expect(dockSn).not.toBe('');
    const spy = await connectAsync(wsUrl(), {
      username: DEFAULT_SERVER_USERNAME,
      password: derivedSecret(server.handle.deps.tokenSecret, 'mqtt-server'),
      clientId: 'drc-test-spy',
      reconnectPeriod: 0,
    });
    clients.push(spy);
    spy.on('message', (topic, payload) => {
      heard.push({ topic, body: JSON.parse(payload.toString()) as UpMessage });
    });
    await spy.subscribeAsync(['thing/product/+/drc/down', 'thing/product/+/drc/up']);
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.endAsync(true)));
    await sim.stop();
    await server.close();
  });

  it('refuses a viewer, grants one pilot and names them to everyone else', async () => {
    expect((await enter(s.viewer)).status).toBe(403);
    const granted = await enter(s.operator);
    expect(granted.status).toBe(200);
    expect(granted.body.data).toMatchObject({
      dock_sn: dockSn,
      aircraft_sn: fleet[index]?.aircraft.sn,
      holder: { username: 'operator' },
      osd_hz: 10,
    });
    expect(granted.body.data.hsi_hz).toBeLessThanOrEqual(5);
    expect(granted.body.data.expires_at).toBeGreaterThan(granted.body.data.since);
    expect(sim.unit(index)?.manual).not.toBeNull();

    expect(await status(s.viewer)).toMatchObject({
      in_drc: true,
      holder: { username: 'operator' },
    });
    const second = await enter(s.admin, 'en');
    expect(second.status).toBe(409);
    expect(second.body.msg).toBe('operator is flying this aircraft');

    const enters = await auditRows('drc_mode_enter');
    expect(enters.map((r) => [r.username, r.result])).toEqual([
      ['operator', 'success'],
      ['admin', 'failure'],
    ]);
    expect(enters[0]?.detail).toMatch(/^tid=\S+ result=0 latency=\d+ms$/);
  });

  it('lets only the holder publish drc/down; a viewer is disconnected', async () => {
    const admin = await asConsole('admin', s.admin);
    await send(admin, 'heart_beat', 900, { timestamp: 1 });
    const operator = await asConsole('operator', s.operator);
    await send(operator, 'heart_beat', 901, { timestamp: 2 });
    await until(
      () => heard.some((h) => h.topic === upTopic() && h.body.method === 'heart_beat'),
      'the heartbeat echo',
    );
    const downSeqs = heard.filter((h) => h.topic === downTopic()).map((h) => h.body.seq);
    expect(downSeqs).toEqual([901]);
    const echo = heard.find((h) => h.topic === upTopic() && h.body.method === 'heart_beat');
    expect(echo?.body).toMatchObject({ seq: 901, data: { timestamp: 2 } });

    const viewer = await asConsole('viewer', s.viewer);
    const closed = new Promise<void>((resolve) => viewer.once('close', () => resolve()));
    viewer.publish(downTopic(), JSON.stringify({ method: 'heart_beat', seq: 902, data: {} }));
    await closed;
    expect(heard.filter((h) => h.topic === downTopic()).map((h) => h.body.seq)).toEqual([901]);
  });

  it('flies forward on a held pitch stick and reports it in osd_info_push', async () => {
    const operator = clients.find((c) => c.options.clientId?.startsWith('operator:'));
    if (!operator) throw new Error('no operator client');
    const unit = () => sim.unit(index);
    // Let the aircraft settle into a hover first.
    await advance(2_000);
    const start = { ...(unit()?.pos ?? { lat: 0, lng: 0 }) };
    const heading = unit()?.heading ?? 0;
    heard.length = 0;
    for (let seq = 1; seq <= 20; seq++) {
      await send(operator, 'stick_control', seq, {
        roll: 1024,
        pitch: 1684,
        throttle: 1024,
        yaw: 1024,
      });
      if (seq % 10 === 0) await send(operator, 'heart_beat', 1000 + seq, { timestamp: seq });
      await until(() => unit()?.manual?.lastSeq === seq, `stick ${String(seq)} to arrive`);
      clock.advance(100);
    }
    await until(
      () => heard.filter((h) => h.body.method === 'osd_info_push').length >= 15,
      'osd pushes',
    );
    const osd = heard.filter((h) => h.topic === upTopic() && h.body.method === 'osd_info_push');
    const last = osd.at(-1)?.body.data ?? {};
    const end = { lat: Number(last.latitude), lng: Number(last.longitude) };
    expect(distance(start, end)).toBeGreaterThan(5);
    // Forward: the way flown points where the nose does.
    const rad = (heading * Math.PI) / 180;
    const along =
      (end.lat - start.lat) * Math.cos(rad) +
      (end.lng - start.lng) * Math.cos((start.lat * Math.PI) / 180) * Math.sin(rad);
    expect(along).toBeGreaterThan(0);
    const speeds = osd.map((h) =>
      Math.hypot(Number(h.body.data.speed_x), Number(h.body.data.speed_y)),
    );
    expect(Math.max(...speeds)).toBeGreaterThan(5);
    expect(speeds[0]).toBeLessThan(Math.max(...speeds));

    // The sticks stop: the burst becomes one audit row once the pause is long enough.
    await advance(3_000);
    await until(async () => (await auditRows('stick_control')).length === 1, 'the burst row');
    expect((await auditRows('stick_control'))[0]?.detail).toMatch(/^seq 1–20, 20 msgs/);
  });

  it('answers commands for the holder only, audits them, and stops on an e-stop', async () => {
    const mine = await server.call<DrcCommandResult>('POST', DRC_API.command, {
      token: s.operator,
      body: { dock_sn: dockSn, method: 'camera_mode_switch', data: { camera_mode: 1 } },
    });
    expect(mine.status).toBe(200);
    expect(mine.body.data.result).toBe(0);
    const photo = await server.call<DrcCommandResult>('POST', DRC_API.command, {
      token: s.operator,
      body: { dock_sn: dockSn, method: 'camera_photo_take', data: {} },
    });
    expect(photo.body.data.result).not.toBe(0);
    const theirs = await server.call('POST', DRC_API.command, {
      token: s.admin,
      body: { dock_sn: dockSn, method: 'return_home', data: {} },
    });
    expect(theirs.status).toBe(409);
    const viewer = await server.call('POST', DRC_API.command, {
      token: s.viewer,
      body: { dock_sn: dockSn, method: 'return_home', data: {} },
    });
    expect(viewer.status).toBe(403);
    const rows = await auditRows('camera_mode_switch');
    expect(rows).toHaveLength(1);
    expect(rows[0]?.detail).toContain(`tid=${mine.body.data.tid} result=0`);

    const operator = clients.find((c) => c.options.clientId?.startsWith('operator:'));
    if (!operator) throw new Error('no operator client');
    heard.length = 0;
    await send(operator, 'drone_emergency_stop', 5000, {});
    await until(
      () => heard.some((h) => h.topic === upTopic() && h.body.method === 'drone_emergency_stop'),
      'the e-stop reply',
    );
    expect(sim.unit(index)?.horizontalSpeed).toBe(0);
    await until(async () => (await auditRows('drone_emergency_stop')).length === 1, 'e-stop row');
    // Like every command: the dock's result code and the round trip.
    const [estop] = await auditRows('drone_emergency_stop');
    expect(estop?.detail).toMatch(/^seq=5000 result=0 latency=\d+ms$/);
    expect(estop).toMatchObject({ username: 'operator', result: 'success' });
  });

  it('leaves DRC on exit and revokes the holder’s drc/down', async () => {
    const exit = await server.call<DrcStatus>('POST', DRC_API.exit, {
      token: s.operator,
      body: { dock_sn: dockSn },
    });
    expect(exit.status).toBe(200);
    expect(exit.body.data).toMatchObject({ in_drc: false, holder: null });
    expect(sim.unit(index)?.manual).toBeNull();
    const operator = clients.find((c) => c.options.clientId?.startsWith('operator:'));
    if (!operator) throw new Error('no operator client');
    heard.length = 0;
    await send(operator, 'heart_beat', 6000, { timestamp: 3 });
    // A message from the server's own account shows the link still delivers.
    const spy = clients.find((c) => c.options.clientId === 'drc-test-spy');
    await spy?.publishAsync(upTopic(), JSON.stringify({ method: 'marker', seq: 1, data: {} }));
    await until(() => heard.some((h) => h.body.method === 'marker'), 'the marker');
    expect(heard.filter((h) => h.topic === downTopic())).toEqual([]);
    expect(operator.connected).toBe(true);
  });

  it('refuses an offline dock with that reason and hides the test-only delay route', async () => {
    const other = fleet.find((u) => u.dock.sn !== dockSn)?.dock.sn ?? '';
    await server.handle.db.query('update devices set online = false where device_sn = $1', [other]);
    const refused = await server.call('POST', DRC_API.enter, {
      token: s.operator,
      lang: 'en',
      body: { workspace_id: s.home, dock_sn: other },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toBe('the dock is offline; remote control is unavailable');
    await server.handle.db.query('update devices set online = true where device_sn = $1', [other]);
    const hidden = await server.call('POST', DRC_TEST_API.delay, {
      token: s.admin,
      body: { dock_sn: dockSn, extra_ms: 500 },
    });
    expect(hidden.status).toBe(404);
  });

  it('ends the session when the holder’s heartbeats stop', async () => {
    expect((await enter(s.operator)).status).toBe(200);
    await advance((DRC_HEARTBEAT_TIMEOUT_S + 2) * 1000);
    await until(async () => (await status(s.viewer)).holder === null, 'the session to end');
    await until(() => sim.unit(index)?.manual === null, 'the dock to leave DRC');
    // The exit is audited once the dock's reply is in, which can be after the dock shows it.
    await until(
      async () =>
        (await auditRows('drc_mode_exit')).at(-1)?.detail.startsWith('heartbeat lost') ?? false,
      'the exit row',
    );
    const exits = await auditRows('drc_mode_exit');
    expect(exits.at(-1)?.detail).toMatch(/^heartbeat lost; tid=\S+ result=0/);
    expect(exits.at(-1)?.username).toBe('operator');
  });

  it('ends the session when the holder is disabled', async () => {
    expect((await enter(s.operator)).status).toBe(200);
    const db = server.handle.db;
    const [user] = await db.query<{ id: number }>(
      `select id from users where username = 'operator'`,
    );
    await db.query('update users set enabled = false where id = $1', [user?.id]);
    server.handle.deps.events.changed({ kind: 'user', userId: user?.id ?? 0 });
    await until(async () => (await status(s.viewer)).holder === null, 'the session to end');
    await db.query('update users set enabled = true where id = $1', [user?.id]);
    await until(
      async () =>
        (await auditRows('drc_mode_exit')).at(-1)?.detail.startsWith('permission lost') ?? false,
      'the exit row',
    );
  });
});
