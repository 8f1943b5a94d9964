/**
 * DRC credentials through an external Mosquitto with its dynamic-security plugin: while a dock's
 * DRC grant lasts, Skydeck keeps an account for its `drc_mode_enter` credentials whose role opens
 * exactly that dock's `drc/up` (publish) and `drc/down` (subscribe); when the session ends the
 * account goes, Mosquitto closes the connection and refuses the credentials. Mosquitto itself
 * enforces all of it. Skipped when Mosquitto or its plugin is not installed.
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
import { drcBrokerBlock } from '../../server/drc/brokerCredentials.ts';
import { grantDrcBroker, revokeDrcBroker } from '../../server/drc/drcGrants.ts';
import { hashDeviceSecret } from '../../server/mqtt/brokerAuth.ts';
import { rememberDeviceSecret } from '../../server/mqtt/deviceSecrets.ts';
import { startMosquittoFleet } from '../../server/mqtt/dynsec/mosquittoFleet.ts';
import type { MosquittoFleet } from '../../server/mqtt/dynsec/mosquittoFleet.ts';
import { testConfig } from './helpers/testServer.ts';
import { openFixture, recordingLog } from './mqttFixtures.ts';
import type { Fixture } from './mqttFixtures.ts';

const missing = missingDynsecParts();
warnSkipped('DRC credentials on a managed Mosquitto', missing);

const TOKEN_SECRET = 'drc-mosquitto-token-secret-of-32-bytes';
const ADMIN = { username: 'dynsec-admin', password: 'admin-pass-2' };
const SERVER = { username: 'skydeck-server', password: 'server-pass-2' };
const DOCK = 'DRCMDOCK01';
const OTHER = 'DRCMDOCK02';
const WAIT = { timeout: 10_000, interval: 100 };

describe.skipIf(missing.length > 0)('DRC credentials on a managed Mosquitto', () => {
  const log = recordingLog();
  const owner = {};
  let dir: string;
  let broker: ChildProcess;
  let url: string;
  let fx: Fixture;
  let fleet: MosquittoFleet;
  const seen: string[] = [];
  const clients: MqttClient[] = [];
  const block = drcBrokerBlock(testConfig(), 'drc-test-secret', DOCK, Date.now() + 600_000);

  const open = async (options: IClientOptions) => {
    const client = await connectAsync(url, {
      protocolVersion: 5,
      reconnectPeriod: 0,
      connectTimeout: 5_000,
      ...options,
    });
    clients.push(client);
    return client;
  };
  const asDrcLink = () =>
    open({ clientId: block.client_id, username: block.username, password: block.password });

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'skydeck-drc-mosquitto-'));
    const port = await freePort();
    url = `mqtt://127.0.0.1:${port}`;
    const dynsec = join(dir, 'dynamic-security.json');
    execFileSync(MOSQUITTO_CTRL, ['dynsec', 'init', dynsec, ADMIN.username, ADMIN.password]);
    broker = await startDynsecMosquitto(dir, port, dynsec);
    fx = await openFixture();
    for (const sn of [DOCK, OTHER]) {
      await fx.db.query(
        `insert into devices (device_sn, name, domain, type, sub_type, workspace_id, secret_hash)
         values ($1, $1, 3, 0, 0, $2, $3)`,
        [sn, fx.projectA, hashDeviceSecret(`secret-of-${sn}`)],
      );
      await rememberDeviceSecret(fx.db, TOKEN_SECRET, sn, `secret-of-${sn}`);
    }
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
    const spy = await open({ ...SERVER, clientId: 'drc-mosquitto-spy' });
    await spy.subscribeAsync('thing/#');
    spy.on('message', (topic, payload) => seen.push(`${topic} ${payload.toString()}`));
  });

  afterAll(async () => {
    revokeDrcBroker(DOCK, owner);
    await Promise.all(clients.splice(0).map((c) => c.endAsync(true)));
    await fleet.close();
    broker.kill();
    await fx.db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('has no account for the credentials before a session grants them', async () => {
    await expect(asDrcLink()).rejects.toThrow();
  });

  it('opens exactly the dock’s drc/up and drc/down while the session lasts', async () => {
    grantDrcBroker({
      dockSn: DOCK,
      username: block.username,
      clientId: block.client_id,
      password: block.password,
      expiresAt: block.expire_time * 1000,
      owner,
    });
    await fleet.deviceChanged(DOCK);
    await expect(open({ ...block, clientId: DOCK })).rejects.toThrow();
    const link = await asDrcLink();
    const heardDown: string[] = [];
    link.on('message', (topic) => heardDown.push(topic));
    await link.subscribeAsync(`thing/product/${DOCK}/drc/down`, { qos: 1 });
    for (const other of [
      `thing/product/${DOCK}/services`,
      `thing/product/${OTHER}/drc/down`,
      'thing/#',
    ])
      await expect(link.subscribeAsync(other, { qos: 1 }), other).rejects.toThrow();

    await link.publishAsync(`thing/product/${DOCK}/drc/up`, 'up-ok', { qos: 1 });
    await vi.waitFor(() => expect(seen).toContain(`thing/product/${DOCK}/drc/up up-ok`), WAIT);
    for (const other of [`thing/product/${DOCK}/osd`, `thing/product/${OTHER}/drc/up`])
      await expect(link.publishAsync(other, 'elsewhere', { qos: 1 }), other).rejects.toThrow();

    const server = await open({ ...SERVER, clientId: 'drc-mosquitto-pilot' });
    await server.publishAsync(`thing/product/${DOCK}/drc/down`, 'down', { qos: 1 });
    await vi.waitFor(() => expect(heardDown).toContain(`thing/product/${DOCK}/drc/down`), WAIT);
    expect(seen.filter((s) => s.endsWith(' elsewhere'))).toEqual([]);
  });

  it('closes the connection and refuses the credentials once the session ended', async () => {
    const link = await asDrcLink();
    const gone = new Promise<void>((resolve) => link.once('close', () => resolve()));
    revokeDrcBroker(DOCK, owner);
    await fleet.deviceChanged(DOCK);
    await gone;
    await expect(asDrcLink()).rejects.toThrow();
    // The dock's own account is untouched.
    const dock = await open({
      username: DOCK,
      password: `secret-of-${DOCK}`,
      clientId: DOCK,
    });
    expect(dock.connected).toBe(true);
  });
});
