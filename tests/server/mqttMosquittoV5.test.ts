/**
 * MQTT 5.0 devices through the external-broker path: a Mosquitto 2 started here with its own config
 * and its dynamic-security plugin, whose accounts Skydeck manages. A v5 dock signs in with its serial
 * number and secret, its osd reaches ingestion, and Mosquitto itself refuses a wrong password, a
 * borrowed client id and another device's topic. Devices added and deleted later follow.
 */
import { execFileSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connectAsync } from 'mqtt';
import type { IClientOptions, MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  freePort,
  missingDynsecParts,
  MOSQUITTO_CTRL,
  startDynsecMosquitto,
  warnSkipped,
} from './helpers/localPorts.ts';
import { createGasState } from '../../server/gas/gasState.ts';
import { hashDeviceSecret } from '../../server/mqtt/brokerAuth.ts';
import { rememberDeviceSecret } from '../../server/mqtt/deviceSecrets.ts';
import { startMosquittoFleet } from '../../server/mqtt/dynsec/mosquittoFleet.ts';
import type { MosquittoFleet } from '../../server/mqtt/dynsec/mosquittoFleet.ts';
import { startIngestion } from '../../server/mqtt/ingestion.ts';
import type { Ingestion } from '../../server/mqtt/ingestion.ts';
import { manualScheduler } from '../../server/runtime/scheduler.ts';
import { startConsoleRelay } from '../../server/mqtt/dynsec/consoleRelay.ts';
import type { ConsoleRelay } from '../../server/mqtt/dynsec/consoleRelay.ts';
import { accessToken, openFixture, recordingLog, startBroker } from './mqttFixtures.ts';
import type { BrokerHarness, Fixture } from './mqttFixtures.ts';
import { holdDrc } from './helpers/drcHold.ts';

const missing = missingDynsecParts();
warnSkipped('MQTT 5.0 through a managed Mosquitto', missing);

const TOKEN_SECRET = 'mosquitto-test-token-secret-of-32-bytes!';
const ADMIN = { username: 'dynsec-admin', password: 'admin-pass-1' };
const SERVER = { username: 'skydeck-server', password: 'server-pass-1' };
const DOCK = 'VFIVEDOCK01';
const UAV = 'VFIVEUAV01';
const LATE = 'VFIVEDOCK02';
const secretOf = (sn: string) => `secret-of-${sn}`;
const WAIT = { timeout: 10_000, interval: 100 };

describe.skipIf(missing.length > 0)('MQTT 5.0 devices through a managed Mosquitto', () => {
  const log = recordingLog();
  let dir: string;
  let broker: ChildProcess;
  let url: string;
  let fx: Fixture;
  let fleet: MosquittoFleet;
  let ingestion: Ingestion;
  let consoles: BrokerHarness;
  let relay: ConsoleRelay;
  const seen: string[] = [];
  const clients: MqttClient[] = [];
  const v5 = async (options: IClientOptions) => {
    const client = await connectAsync(url, {
      protocolVersion: 5,
      reconnectPeriod: 0,
      connectTimeout: 5_000,
      ...options,
    });
    clients.push(client);
    return client;
  };
  const asDevice = (sn: string, extra: IClientOptions = {}) =>
    v5({ username: sn, password: secretOf(sn), clientId: sn, ...extra });

  async function register(sn: string, domain: number, gatewaySn: string | null) {
    await fx.db.query(
      `insert into devices (device_sn, name, domain, type, sub_type, workspace_id, gateway_sn, secret_hash)
       values ($1, $1, $2, 0, 0, $3, $4, $5)`,
      [sn, domain, fx.projectA, gatewaySn, domain === 0 ? '' : hashDeviceSecret(secretOf(sn))],
    );
    if (domain !== 0) await rememberDeviceSecret(fx.db, TOKEN_SECRET, sn, secretOf(sn));
  }

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'skydeck-mosquitto-'));
    const port = await freePort();
    url = `mqtt://127.0.0.1:${port}`;
    const dynsec = join(dir, 'dynamic-security.json');
    execFileSync(MOSQUITTO_CTRL, ['dynsec', 'init', dynsec, ADMIN.username, ADMIN.password]);
    broker = await startDynsecMosquitto(dir, port, dynsec);

    fx = await openFixture();
    await register(DOCK, 3, null);
    await register(UAV, 0, DOCK);
    fleet = await startMosquittoFleet({
      db: fx.db,
      log,
      url,
      adminUsername: ADMIN.username,
      adminPassword: ADMIN.password,
      tokenSecret: TOKEN_SECRET,
      serverUsername: SERVER.username,
      serverPassword: SERVER.password,
    });
    ingestion = await startIngestion({
      db: fx.db,
      log,
      url,
      username: SERVER.username,
      password: SERVER.password,
      shared: true,
      scheduler: manualScheduler(Date.now()),
      gas: createGasState(),
      aiAlarms: null,
    });
    await ingestion.ready;
    consoles = await startBroker(fx.db, log);
    relay = startConsoleRelay({ url, ...SERVER, broker: consoles.broker, log });
    const spy = await v5({ ...SERVER, clientId: 'skydeck-test-spy' });
    await spy.subscribeAsync('thing/#');
    spy.on('message', (topic) => seen.push(topic));
  });

  afterAll(async () => {
    await Promise.all(clients.splice(0).map((c) => c.endAsync(true)));
    await ingestion.close();
    await relay.close();
    await consoles.close();
    await fleet.close();
    broker.kill();
    await fx.db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('lets a v5 dock sign in and stores what it and its aircraft publish', async () => {
    const dock = await asDevice(DOCK);
    await dock.publishAsync(`thing/product/${DOCK}/osd`, JSON.stringify({ data: {} }), { qos: 1 });
    await dock.publishAsync(`thing/product/${UAV}/osd`, JSON.stringify({ data: {} }), { qos: 1 });
    await vi.waitFor(async () => {
      await ingestion.flush();
      const rows = await fx.db.query<{ device_sn: string }>(
        'select device_sn from devices where online order by 1',
      );
      expect(rows.map((r) => r.device_sn)).toEqual([UAV, DOCK].sort());
    }, WAIT);
  });

  it('refuses a wrong password, a borrowed client id and another device’s topic', async () => {
    await expect(asDevice(DOCK, { password: 'wrong' })).rejects.toThrow();
    await expect(asDevice(DOCK, { clientId: `sim-${DOCK}` })).rejects.toThrow();
    const dock = await asDevice(DOCK);
    await expect(
      dock.publishAsync('thing/product/SOMEONEELSE/osd', '{"data":{}}', { qos: 1 }),
    ).rejects.toThrow();
    await dock.publishAsync(`thing/product/${DOCK}/state`, '{"data":{}}', { qos: 1 });
    await vi.waitFor(() => expect(seen).toContain(`thing/product/${DOCK}/state`), WAIT);
    expect(seen).not.toContain('thing/product/SOMEONEELSE/osd');
  });

  it('gives a device added later an account, and takes it away when the device is deleted', async () => {
    await expect(asDevice(LATE)).rejects.toThrow();
    await register(LATE, 3, null);
    await fleet.deviceChanged(LATE);
    const late = await asDevice(LATE);
    const gone = new Promise<void>((resolve) => late.once('close', () => resolve()));
    await fx.db.query('delete from devices where device_sn = $1', [LATE]);
    await fleet.deviceChanged(LATE);
    await gone;
    await expect(asDevice(LATE)).rejects.toThrow();
  });

  it('relays to a console on the embedded broker what it may watch, and its commands back', async () => {
    const dock = await asDevice(DOCK);
    const commands: string[] = [];
    dock.on('message', (topic) => commands.push(topic));
    await dock.subscribeAsync(`thing/product/${DOCK}/drc/down`, { qos: 1 });
    const alice = await connectAsync(consoles.wsUrl, {
      reconnectPeriod: 0,
      username: 'alice',
      password: await accessToken(fx.users.alice),
      clientId: 'alice:tab-1',
    });
    clients.push(alice);
    const watched = new Promise<string>((resolve) =>
      alice.on('message', (topic, payload) => resolve(`${topic} ${payload.toString()}`)),
    );
    await alice.subscribeAsync(`thing/product/${DOCK}/osd`);
    await vi.waitFor(async () => {
      await dock.publishAsync(`thing/product/${DOCK}/osd`, '{"data":{"v":5}}', { qos: 1 });
      expect(await Promise.race([watched, Promise.resolve('')])).toContain('"v":5');
    }, WAIT);
    const release = holdDrc(DOCK, fx.users.alice, 'alice');
    try {
      await alice.publishAsync(
        `thing/product/${DOCK}/drc/down`,
        '{"method":"heart_beat","data":{}}',
      );
      await vi.waitFor(() => expect(commands).toContain(`thing/product/${DOCK}/drc/down`), WAIT);
    } finally {
      release();
    }
  });
});
