/**
 * The DRC broker credentials and the DRC state in telemetry, on the real app and simulator. The
 * credentials are taken from `drc_mode_enter` as the dock receives it; a connection with them may
 * publish only that dock's `drc/up` and subscribe only its `drc/down`, and works only while the
 * session lasts and before `expire_time`. The simulator's ordinary `osd` shows the dock's
 * `drc_state` and the aircraft's `mode_code` following enter and exit. Time is virtual.
 */
import { connectAsync } from 'mqtt';
import type { IClientOptions, MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRC_API } from '../../protocol/drc.ts';
import type { DrcSession, DrcStatus } from '../../protocol/drc.ts';
import { createBrokerAuth, DEFAULT_SERVER_USERNAME } from '../../server/mqtt/brokerAuth.ts';
import { silentLog } from '../../server/runtime/log.ts';
import { manualScheduler } from '../../server/runtime/scheduler.ts';
import { grantDrcBroker, revokeDrcBroker } from '../../server/drc/drcGrants.ts';
import { derivedSecret } from '../../server/auth/derivedSecret.ts';
import { buildFleet, DEFAULT_CENTER } from '../../server/sim/fleet.ts';
import type { Simulator } from '../../server/sim/simulator.ts';
import { brokerWsUrl, startDrcFleet } from './helpers/drcFleet.ts';
import type { Seeded } from './helpers/accounts.ts';
import type { TestServer } from './helpers/testServer.ts';

const KEY = 'drc-broker-key';
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Heard {
  topic: string;
  body: { method?: string; data?: Record<string, unknown> };
}

interface BrokerBlock {
  address: string;
  client_id: string;
  username: string;
  password: string;
  expire_time: number;
  enable_tls: boolean;
}

describe('DRC broker credentials and DRC state in osd', () => {
  let server: TestServer;
  let s: Seeded;
  let sim: Simulator;
  const clock = manualScheduler(Date.now());
  const fleet = buildFleet({ drones: 2, seed: 17, center: DEFAULT_CENTER, prefix: 'DRB' });
  const clients: MqttClient[] = [];
  const heard: Heard[] = [];
  let index = -1;
  let dockSn = '';
  let aircraftSn = '';
  let otherSn = '';
  let broker: BrokerBlock | undefined;

  const wsUrl = () => brokerWsUrl(server);
  const topic = (sn: string, kind: string) => `thing/product/${sn}/${kind}`;

  async function until(done: () => boolean | Promise<boolean>, what: string): Promise<void> {
    for (let i = 0; i < 500; i++) {
      if (await done()) return;
      await pause(20);
    }
    throw new Error(`timed out waiting for ${what}`);
  }
  async function open(options: IClientOptions): Promise<MqttClient> {
    const client = await connectAsync(wsUrl(), { reconnectPeriod: 0, ...options });
    clients.push(client);
    return client;
  }
  /** Connects as the dock's DRC link with the credentials it was handed. */
  function asDrcLink(): Promise<MqttClient> {
    if (!broker) throw new Error('no credentials captured');
    return open({
      clientId: broker.client_id,
      username: broker.username,
      password: broker.password,
    });
  }
  const closed = (client: MqttClient) =>
    new Promise<void>((resolve) => {
      if (!client.connected) resolve();
      else client.once('close', () => resolve());
    });
  /** Advances virtual time by `ms` in 100 ms steps, giving the broker a moment between steps. */
  async function advance(ms: number): Promise<void> {
    for (let t = 0; t < ms; t += 100) {
      clock.advance(100);
      await pause(2);
    }
  }
  /** The latest `osd` field `field` of `sn` heard after `from` (an index into `heard`). */
  const latestOsd = (sn: string, field: string, from: number): unknown =>
    heard
      .slice(from)
      .filter((h) => h.topic === topic(sn, 'osd') && h.body.data?.[field] !== undefined)
      .at(-1)?.body.data?.[field];
  /** Waits (advancing time) until the osd of `sn` reports `value` in `field`. */
  async function osdShows(sn: string, field: string, value: number): Promise<void> {
    const from = heard.length;
    for (let i = 0; i < 30; i++) {
      await advance(500);
      if (latestOsd(sn, field, from) === value) return;
    }
    throw new Error(
      `${sn} osd never showed ${field}=${String(value)}: ${String(latestOsd(sn, field, from))}`,
    );
  }

  beforeAll(async () => {
    ({ server, s, sim } = await startDrcFleet({
      fleet,
      seed: 17,
      secretKey: KEY,
      scheduler: clock,
      prepare: (drc) => drc?.useScheduler(clock),
    }));
    index = fleet.findIndex((_, i) => sim.unit(i)?.phase === 'patrol');
    dockSn = fleet[index]?.dock.sn ?? '';
    aircraftSn = fleet[index]?.aircraft.sn ?? '';
    otherSn = fleet.find((u) => u.dock.sn !== dockSn)?.dock.sn ?? '';
    expect(dockSn).not.toBe('');
    const spy = await open({
      username: DEFAULT_SERVER_USERNAME,
      password: derivedSecret(server.handle.deps.tokenSecret, 'mqtt-server'),
      clientId: 'drc-broker-spy',
    });
    spy.on('message', (t, payload) => {
      heard.push({ topic: t, body: JSON.parse(payload.toString()) as Heard['body'] });
    });
    await spy.subscribeAsync([
      topic(dockSn, 'services'),
      topic(dockSn, 'drc/up'),
      topic(dockSn, 'osd'),
      topic(aircraftSn, 'osd'),
      topic(otherSn, 'drc/up'),
    ]);
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.endAsync(true)));
    await sim.stop();
    await server.close();
  });

  it('reports drc_state 0 and the patrol mode before anyone flies', async () => {
    await osdShows(dockSn, 'drc_state', 0);
    await osdShows(aircraftSn, 'mode_code', 5);
  });

  it('hands the dock credentials in drc_mode_enter that the broker accepts', async () => {
    const granted = await server.call<DrcSession>('POST', DRC_API.enter, {
      token: s.operator,
      body: { workspace_id: s.home, dock_sn: dockSn },
    });
    expect(granted.status).toBe(200);
    await until(
      () => heard.some((h) => h.body.method === 'drc_mode_enter'),
      'drc_mode_enter at the dock',
    );
    const enter = heard.find((h) => h.body.method === 'drc_mode_enter');
    broker = enter?.body.data?.mqtt_broker as BrokerBlock | undefined;
    expect(broker).toMatchObject({
      client_id: `drc-${dockSn}`,
      username: `drc:${dockSn}`,
      expire_time: Math.floor(granted.body.data.expires_at / 1000),
      enable_tls: false,
    });
    expect(broker?.password).toMatch(/^[0-9a-f]{64}$/);
    expect(broker?.address).toMatch(/^[\w.-]+:\d+$/);

    // Wrong password, or the right one under another client id (the dock's own), opens nothing.
    await expect(
      open({ clientId: `drc-${dockSn}`, username: `drc:${dockSn}`, password: 'f'.repeat(64) }),
    ).rejects.toThrow(/bad username or password|not authorized/i);
    await expect(
      open({ clientId: dockSn, username: `drc:${dockSn}`, password: broker?.password ?? '' }),
    ).rejects.toThrow(/bad username or password|not authorized/i);
  });

  it('lets the DRC link publish drc/up and subscribe drc/down, and nothing else', async () => {
    const link = await asDrcLink();
    const down: string[] = [];
    link.on('message', (t) => down.push(t));
    const [granted] = await link.subscribeAsync(topic(dockSn, 'drc/down'));
    expect(granted?.qos).toBe(0);
    for (const other of [
      topic(dockSn, 'services'),
      topic(dockSn, 'osd'),
      topic(otherSn, 'drc/down'),
      'thing/product/+/drc/down',
      '#',
    ]) {
      // Refused with granted QoS 128, which mqtt.js reports as a failed subscription.
      await expect(link.subscribeAsync(other), other).rejects.toThrow(/subscribe error/i);
    }

    // The holder's heartbeat on drc/down reaches the link.
    const pilot = await open({
      username: 'operator',
      password: s.operator,
      clientId: 'operator:drc-broker',
    });
    await pilot.publishAsync(
      topic(dockSn, 'drc/down'),
      JSON.stringify({ method: 'heart_beat', seq: 1, data: { timestamp: clock.now() } }),
    );
    await until(() => down.includes(topic(dockSn, 'drc/down')), 'drc/down at the DRC link');

    await link.publishAsync(
      topic(dockSn, 'drc/up'),
      JSON.stringify({ method: 'marker_up', seq: 1, data: {} }),
    );
    await until(() => heard.some((h) => h.body.method === 'marker_up'), 'drc/up from the link');

    // Publishing anywhere else is refused: the message goes nowhere and the link is closed.
    const ended = closed(link);
    link.publish(topic(otherSn, 'drc/up'), JSON.stringify({ method: 'marker_other', data: {} }));
    await ended;
    const again = await asDrcLink();
    const endedAgain = closed(again);
    again.publish(topic(dockSn, 'osd'), JSON.stringify({ method: 'marker_osd', data: {} }));
    await endedAgain;
    const check = await asDrcLink();
    await check.publishAsync(
      topic(dockSn, 'drc/up'),
      JSON.stringify({ method: 'marker_after', seq: 2, data: {} }),
    );
    await until(() => heard.some((h) => h.body.method === 'marker_after'), 'the later marker');
    expect(heard.some((h) => h.body.method === 'marker_other')).toBe(false);
    expect(heard.some((h) => h.body.method === 'marker_osd')).toBe(false);
  });

  it('reports drc_state 2 and mode 17 while the pilot flies', async () => {
    await osdShows(dockSn, 'drc_state', 2);
    await osdShows(aircraftSn, 'mode_code', 17);
  });

  it('closes the DRC link when the session ends and refuses the credentials after', async () => {
    const link = await asDrcLink();
    const ended = closed(link);
    const exit = await server.call<DrcStatus>('POST', DRC_API.exit, {
      token: s.operator,
      body: { dock_sn: dockSn },
    });
    expect(exit.status).toBe(200);
    await ended;
    await expect(asDrcLink()).rejects.toThrow(/bad username or password|not authorized/i);
  });

  it('reports drc_state 0 and leaves mode 17 after exit', async () => {
    await osdShows(dockSn, 'drc_state', 0);
    const from = heard.length;
    await advance(3000);
    const mode = latestOsd(aircraftSn, 'mode_code', from);
    expect(typeof mode).toBe('number');
    expect(mode).not.toBe(17);
  });

  it('refuses the credentials from their expire_time on', async () => {
    let now = 1_000_000;
    const auth = createBrokerAuth({
      db: server.handle.db,
      log: silentLog,
      verifyAccessToken: () => null,
      serverSecret: '',
      now: () => now,
    });
    const owner = {};
    grantDrcBroker({
      dockSn: otherSn,
      username: `drc:${otherSn}`,
      clientId: `drc-${otherSn}`,
      password: 'p'.repeat(64),
      expiresAt: now + 60_000,
      owner,
    });
    try {
      const session = await auth.authenticate(`drc-${otherSn}`, `drc:${otherSn}`, 'p'.repeat(64));
      // The broker ends the connection at this instant (sessionWatch.ts).
      expect(session?.expiresAt).toBe(now + 60_000);
      if (!session) throw new Error('refused before expiry');
      expect((await auth.decide(session, 'publish', topic(otherSn, 'drc/up'))).allow).toBe(true);
      now += 60_000;
      expect((await auth.decide(session, 'publish', topic(otherSn, 'drc/up'))).allow).toBe(false);
      expect(
        await auth.authenticate(`drc-${otherSn}`, `drc:${otherSn}`, 'p'.repeat(64)),
      ).toBeNull();
    } finally {
      revokeDrcBroker(otherSn, owner);
    }
  });
});
