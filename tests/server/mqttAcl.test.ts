/**
 * Who may do what on the embedded broker, checked with real MQTT clients over WebSocket (as the
 * console connects) and TCP (as devices connect).
 */
import { connectAsync, ErrorWithSubackPacket } from 'mqtt';
import type { MqttClient } from 'mqtt';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { simSecret } from '../../server/sim/fleet.ts';
import {
  accessToken,
  openFixture,
  recordingLog,
  SERVER_SECRET,
  SIM_KEY,
  registerTestFleet,
  whenClosed,
  startBroker,
} from './mqttFixtures.ts';
import type { BrokerHarness, Fixture } from './mqttFixtures.ts';
import { holdDrc } from './helpers/drcHold.ts';

const DOCK = 'SIMDOCK000000';
const OTHER_DOCK = 'SIMDOCK000001';
const UAV = 'SIMUAV000000';
const NO_RETRY = { reconnectPeriod: 0, connectTimeout: 5_000 };

describe('broker authorization', () => {
  const log = recordingLog();
  let fx: Fixture;
  let harness: BrokerHarness;
  let spy: MqttClient;
  const received: string[] = [];
  const clients: MqttClient[] = [];

  let tabs = 0;
  async function signIn(url: string, username: string, password: string, clientId?: string) {
    const client = await connectAsync(url, {
      ...NO_RETRY,
      username,
      password,
      clientId: clientId ?? `${username}:tab-${++tabs}`,
    });
    clients.push(client);
    return client;
  }
  const asUser = async (name: 'alice' | 'victor' | 'bob' | 'ada') =>
    signIn(harness.wsUrl, name, await accessToken(fx.users[name]));
  const asDock = (sn: string) => signIn(harness.tcpUrl, sn, simSecret(sn, SIM_KEY), sn);
  /** Granted QoS of one filter: 128 means the broker refused it (mqtt.js rejects then). */
  async function grants(client: MqttClient, topic: string): Promise<number[]> {
    try {
      return (await client.subscribeAsync(topic)).map((g) => g.qos);
    } catch (error) {
      if (error instanceof ErrorWithSubackPacket)
        return error.packet.granted.map((g) => (typeof g === 'number' ? g : -1));
      throw error;
    }
  }

  beforeAll(async () => {
    fx = await openFixture();
    await registerTestFleet(fx, 2);
    harness = await startBroker(fx.db, log);
    spy = await connectAsync(harness.tcpUrl, {
      ...NO_RETRY,
      username: 'skydeck-server',
      password: SERVER_SECRET,
    });
    await spy.subscribeAsync('thing/#');
    spy.on('message', (topic) => received.push(topic));
  });

  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.endAsync(true)));
  });

  afterAll(async () => {
    await spy.endAsync(true);
    await harness.close();
    await fx.db.close();
  });

  it('refuses a console user whose token is wrong or belongs to someone else', async () => {
    await expect(signIn(harness.wsUrl, 'alice', 'not-a-token')).rejects.toThrow(
      /Bad username or password/i,
    );
    await expect(signIn(harness.wsUrl, 'bob', await accessToken(fx.users.alice))).rejects.toThrow(
      /Bad username or password/i,
    );
    expect(
      log.lines.some((l) => l.includes('mqtt refused connect') && l.includes('user=bob')),
    ).toBe(true);
  });

  it('refuses a device with the wrong secret', async () => {
    await expect(signIn(harness.tcpUrl, DOCK, simSecret(DOCK, 'another-key'))).rejects.toThrow(
      /Bad username or password/i,
    );
  });

  it("lets a user watch the devices of their own project but not another project's", async () => {
    const alice = await asUser('alice');
    expect(await grants(alice, `thing/product/${UAV}/osd`)).toEqual([0]);
    const bob = await asUser('bob');
    expect(await grants(bob, `thing/product/${UAV}/osd`)).toEqual([128]);
    expect(await grants(bob, 'thing/product/+/osd')).toEqual([128]);
    expect(log.lines).toContainEqual(
      expect.stringMatching(
        /refused subscribe .*user=bob topic=thing\/product\/SIMUAV000000\/osd reason=/,
      ) as unknown,
    );
  });

  it('delivers a device’s telemetry to a user who may see it', async () => {
    const alice = await asUser('alice');
    await alice.subscribeAsync(`thing/product/${UAV}/osd`);
    const got = new Promise<string>((resolve) =>
      alice.once('message', (_t, payload) => resolve(payload.toString())),
    );
    const dock = await asDock(DOCK);
    await dock.publishAsync(`thing/product/${UAV}/osd`, '{"data":{"latitude":22.5}}');
    expect(await got).toContain('22.5');
  });

  it('refuses, per message, what a device publishes under another serial number, and keeps it connected', async () => {
    const dock = await asDock(DOCK);
    let closedEarly = false;
    dock.on('close', () => (closedEarly = true));
    const refusedBefore = harness.broker.refusedMessages();
    await dock.publishAsync(`thing/product/${OTHER_DOCK}/osd`, '{"data":{}}', { qos: 1 });
    await dock.publishAsync(`thing/product/${OTHER_DOCK}/osd`, '{"data":{}}', { qos: 1 });
    await dock.publishAsync(`thing/product/${DOCK}/osd`, '{"data":{"own":1}}', { qos: 1 });
    await vi.waitFor(() => expect(received).toContain(`thing/product/${DOCK}/osd`));
    expect(closedEarly).toBe(false);
    expect(received).not.toContain(`thing/product/${OTHER_DOCK}/osd`);
    expect(harness.broker.refusedMessages() - refusedBefore).toBe(2);
    const logged = log.lines.filter((l) =>
      /refused publish .*user=SIMDOCK000000 topic=thing\/product\/SIMDOCK000001\/osd/.test(l),
    );
    expect(logged).toHaveLength(1);
  });

  it('lets the operator holding DRC send drc/down, drops it from one who does not, and disconnects a viewer who tries', async () => {
    const alice = await asUser('alice');
    await alice.publishAsync(
      `thing/product/${DOCK}/drc/down`,
      '{"method":"heart_beat","seq":0,"data":{}}',
      // QoS 1: the broker has judged it (and dropped it) before alice takes the dock below.
      { qos: 1 },
    );
    const release = holdDrc(DOCK, fx.users.alice, 'alice');
    try {
      await alice.publishAsync(
        `thing/product/${DOCK}/drc/down`,
        '{"method":"heart_beat","seq":1,"data":{}}',
      );
      await vi.waitFor(() => expect(received).toContain(`thing/product/${DOCK}/drc/down`));
    } finally {
      release();
    }
    // Only the held message arrived: the one sent before holding was dropped.
    expect(received.filter((t) => t.endsWith('/drc/down'))).toHaveLength(1);
    received.length = 0;
    const victor = await asUser('victor');
    expect(await grants(victor, `thing/product/${UAV}/osd`)).toEqual([0]);
    const gone = whenClosed(victor);
    victor.publish(`thing/product/${DOCK}/drc/down`, '{"method":"heart_beat","seq":2,"data":{}}');
    await gone;
    expect(received).toEqual([]);
    expect(log.lines).toContainEqual(
      expect.stringMatching(/user=victor .*reason=role lacks device:control/) as unknown,
    );
  });

  it('lets an all-access admin holding DRC send drc/down without any menu granting it', async () => {
    const ada = await asUser('ada');
    const release = holdDrc(DOCK, fx.users.ada, 'ada');
    try {
      await ada.publishAsync(
        `thing/product/${DOCK}/drc/down`,
        '{"method":"heart_beat","seq":3,"data":{}}',
      );
      await vi.waitFor(() => expect(received).toContain(`thing/product/${DOCK}/drc/down`));
    } finally {
      release();
    }
    received.length = 0;
  });

  it('lets a device receive its own downlinks only', async () => {
    const dock = await asDock(DOCK);
    expect(await grants(dock, `thing/product/${DOCK}/services`)).toEqual([0]);
    expect(await grants(dock, `thing/product/${OTHER_DOCK}/services`)).toEqual([128]);
    expect(await grants(dock, `thing/product/${UAV}/osd`)).toEqual([128]);
  });
});
