/**
 * A real dock's first minute on the embedded broker, with real mqtt.js clients: it asks for its
 * `config`, reports state that wants a reply, announces its aircraft and streams their `osd` at
 * once — and stays connected through all of it, including messages about aircraft nobody registered.
 */
import { connectAsync } from 'mqtt';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { REQUEST_OK } from '../../protocol/mqtt/requests.ts';
import { registerConfigRequest } from '../../server/mqtt/configRequest.ts';
import type { Ingestion } from '../../server/mqtt/ingestion.ts';
import { createRequestRegistry } from '../../server/mqtt/requestRegistry.ts';
import { manualScheduler } from '../../server/runtime/scheduler.ts';
import { simSecret } from '../../server/sim/fleet.ts';
import {
  openFixture,
  recordingLog,
  SERVER_SECRET,
  startTestIngestion,
  SIM_KEY,
  startBroker,
  registerTestFleet,
} from './mqttFixtures.ts';
import type { BrokerHarness, Fixture } from './mqttFixtures.ts';

const DOCK = 'SIMDOCK000000';
const UAV = 'SIMUAV000000';
const DOCK2 = 'SIMDOCK000001';
const UAV2 = 'SIMUAV000001';
const GHOST = 'GHOSTUAV01';
const SETTINGS = {
  ntp_server_host: 'ntp.example.net',
  app_id: '142857',
  app_key: 'app-key',
  app_license: 'licence-text',
};

interface Reply {
  tid: string;
  bid: string;
  method: string;
  data: { result: number; output?: unknown };
}

describe('a dock on the embedded broker', () => {
  const log = recordingLog();
  let fx: Fixture;
  let harness: BrokerHarness;
  let ingestion: Ingestion;
  let spy: MqttClient;
  const seen: string[] = [];
  const clients: MqttClient[] = [];

  async function asDock(sn: string) {
    const client = await connectAsync(harness.tcpUrl, {
      reconnectPeriod: 0,
      username: sn,
      password: simSecret(sn, SIM_KEY),
      clientId: sn,
    });
    clients.push(client);
    return client;
  }
  /** Replies `client` receives on `topic`, as they arrive. */
  async function repliesOn(client: MqttClient, topic: string): Promise<Reply[]> {
    const got: Reply[] = [];
    client.on('message', (t, payload) => {
      if (t === topic) got.push(JSON.parse(payload.toString()) as Reply);
    });
    const granted = await client.subscribeAsync(topic, { qos: 1 });
    expect(granted.map((g) => g.qos)).toEqual([1]);
    return got;
  }
  const envelope = (tid: string, method: string | undefined, data: object, extra = {}) =>
    JSON.stringify({ tid, bid: `b-${tid}`, timestamp: Date.now(), method, data, ...extra });

  beforeAll(async () => {
    fx = await openFixture();
    await registerTestFleet(fx, 2);
    // As on a first start: no aircraft is attached to a dock until the dock says so.
    await fx.db.query('update devices set gateway_sn = null');
    harness = await startBroker(fx.db, log);
    const requests = createRequestRegistry(log);
    registerConfigRequest(requests, SETTINGS);
    ingestion = await startTestIngestion(fx, harness, log, {
      requests,
      // Time stands still: presence is never re-read by its sweep, only on a device change.
      scheduler: manualScheduler(Date.now()),
    });
    await ingestion.ready;
    spy = await connectAsync(harness.tcpUrl, {
      username: 'skydeck-server',
      password: SERVER_SECRET,
      reconnectPeriod: 0,
    });
    await spy.subscribeAsync(['thing/#', 'sys/#']);
    spy.on('message', (topic) => seen.push(topic));
  });

  afterAll(async () => {
    await Promise.all([spy, ...clients].map((c) => c.endAsync(true)));
    await ingestion.close();
    await harness.close();
    await fx.db.close();
  });

  it('answers config from the settings and every other request, known or not, with a result', async () => {
    const dock = await asDock(DOCK);
    const replies = await repliesOn(dock, `thing/product/${DOCK}/requests_reply`);
    const ask = (tid: string, method: string) =>
      dock.publishAsync(`thing/product/${DOCK}/requests`, envelope(tid, method, {}), { qos: 1 });
    await ask('r1', 'config');
    await ask('r2', 'airport_organization_get');
    await ask('r3', 'airport_organization_get');
    await ask('r4', 'no_such_method');
    await vi.waitFor(() => expect(replies).toHaveLength(4));
    expect(replies.find((r) => r.tid === 'r1')).toEqual({
      tid: 'r1',
      bid: 'b-r1',
      method: 'config',
      timestamp: expect.any(Number) as unknown,
      data: { result: REQUEST_OK, output: SETTINGS },
    });
    for (const tid of ['r2', 'r3', 'r4']) {
      const reply = replies.find((r) => r.tid === tid);
      expect(reply?.bid).toBe(`b-${tid}`);
      expect(reply?.data.result).not.toBe(REQUEST_OK);
    }
    expect(log.lines.filter((l) => l.includes('airport_organization_get'))).toHaveLength(1);
  });

  it("refuses a request sent in its aircraft's name", async () => {
    const dock = await asDock(DOCK);
    await dock.publishAsync(
      `sys/product/${DOCK}/status`,
      envelope('t0', 'update_topo', { sub_devices: [{ sn: UAV }] }),
      { qos: 1 },
    );
    const before = harness.broker.refusedMessages();
    await dock.publishAsync(`thing/product/${UAV}/requests`, envelope('r5', 'config', {}), {
      qos: 1,
    });
    await vi.waitFor(() => expect(harness.broker.refusedMessages()).toBe(before + 1));
    expect(seen).not.toContain(`thing/product/${UAV}/requests`);
  });

  it('replies to state that asks for it, on state_reply, which the dock may subscribe to', async () => {
    const dock = await asDock(DOCK);
    const replies = await repliesOn(dock, `thing/product/${DOCK}/state_reply`);
    await dock.publishAsync(`thing/product/${DOCK}/state`, envelope('s1', undefined, { a: 1 }));
    await dock.publishAsync(
      `thing/product/${DOCK}/state`,
      envelope('s2', undefined, { firmware_version: '10.1' }, { need_reply: 1 }),
    );
    await vi.waitFor(() => expect(replies).toHaveLength(1));
    expect(replies[0]).toMatchObject({ tid: 's2', bid: 'b-s2', data: { result: 0 } });
  });

  it('keeps a dock that streams its aircraft right after its first update_topo, refusing only the unregistered one', async () => {
    const dock = await asDock(DOCK2);
    let closed = false;
    dock.on('close', () => (closed = true));
    const before = harness.broker.refusedMessages();
    // Fired without waiting: all three usually reach the broker in one read.
    const sends = [
      dock.publishAsync(
        `sys/product/${DOCK2}/status`,
        envelope('t1', 'update_topo', { sub_devices: [{ sn: UAV2 }, { sn: GHOST }] }),
        { qos: 1 },
      ),
      dock.publishAsync(`thing/product/${UAV2}/osd`, envelope('o1', undefined, {}), { qos: 1 }),
      dock.publishAsync(`thing/product/${GHOST}/osd`, envelope('o2', undefined, {}), { qos: 1 }),
      dock.publishAsync(`thing/product/${GHOST}/osd`, envelope('o3', undefined, {}), { qos: 1 }),
    ];
    await Promise.all(sends);
    await vi.waitFor(() => expect(seen).toContain(`thing/product/${UAV2}/osd`));
    expect(seen).not.toContain(`thing/product/${GHOST}/osd`);
    expect(harness.broker.refusedMessages() - before).toBe(2);
    expect(log.lines.filter((l) => l.includes(`topic=thing/product/${GHOST}/osd`))).toHaveLength(1);
    expect(closed).toBe(false);

    // Registered a moment later: known at once to the broker and to ingestion.
    await fx.db.query(
      `insert into devices (device_sn, name, domain, type, sub_type, workspace_id)
       values ($1, 'ghost', 0, 91, 0, $2)`,
      [GHOST, fx.projectA],
    );
    await harness.broker.changed({ kind: 'device', sn: GHOST });
    await ingestion.devicesChanged();
    await dock.publishAsync(`thing/product/${GHOST}/osd`, envelope('o4', undefined, {}), {
      qos: 1,
    });
    await vi.waitFor(() => expect(seen).toContain(`thing/product/${GHOST}/osd`));
    await vi.waitFor(async () => {
      await ingestion.flush();
      const rows = await fx.db.query<{ online: boolean }>(
        'select online from devices where device_sn = $1',
        [GHOST],
      );
      expect(rows[0]?.online).toBe(true);
    });
    expect(closed).toBe(false);
  });
});
