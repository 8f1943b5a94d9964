/**
 * One DRC session seen by two Skydeck instances on one PostgreSQL database and one fleet broker (a
 * Mosquitto with dynamic security, the documented way to run several instances). The pilot enters
 * through instance A; instance B runs in its own process, as it would in production, so nothing of
 * A's memory can help it. B names the holder, refuses a second pilot, lets the holder's sticks and
 * heartbeats through its broker, sends the holder's commands; A, which serves the session, keeps it
 * alive past the heartbeat timeout on the heartbeats that arrived at B, audits the e-stop sent
 * through B with the dock's reply, and ends the session once those heartbeats stop.
 *
 * Needs `TEST_DATABASE_URL` (PostgreSQL) and Mosquitto with its dynamic-security plugin.
 */
import { execFileSync, spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { connectAsync } from 'mqtt';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  freePort,
  missingDynsecParts,
  MOSQUITTO_CTRL,
  startDynsecMosquitto,
  warnSkipped,
} from './helpers/localPorts.ts';
import { DRC_API, DRC_HEARTBEAT_TIMEOUT_S } from '../../protocol/drc.ts';
import type { DrcCommandResult, DrcSession, DrcStatus } from '../../protocol/drc.ts';
import { message } from '../../server/http/messages.ts';
import { rememberDeviceSecret } from '../../server/mqtt/deviceSecrets.ts';
import { silentLog } from '../../server/runtime/log.ts';
import { realScheduler } from '../../server/runtime/scheduler.ts';
import { realtimeExtension } from '../../server/realtime.ts';
import { buildFleet, DEFAULT_CENTER, simSecret } from '../../server/sim/fleet.ts';
import { mqttTransport } from '../../server/sim/mqttTransport.ts';
import { registerSimFleet } from '../../server/sim/registerSimFleet.ts';
import { startSimulator } from '../../server/sim/simulator.ts';
import type { Simulator } from '../../server/sim/simulator.ts';
import { seeded } from './helpers/accounts.ts';
import type { Seeded } from './helpers/accounts.ts';
import { backends } from './helpers/backends.ts';
import type { Backend } from './helpers/backends.ts';
import { PASSWORD, startServer } from './helpers/testServer.ts';
import type { Answer, CallOptions, TestServer } from './helpers/testServer.ts';

const postgres = backends.find((b) => b.name === 'postgres');
const missing = [
  ...missingDynsecParts(),
  ...(postgres ? [] : ['TEST_DATABASE_URL (a PostgreSQL database)']),
];
warnSkipped('DRC across two instances on one database', missing);

const ROOT = resolve(import.meta.dirname, '../..');
const TOKEN_SECRET = 'drc-instances-token-secret-0123456789abcdef';
const DYNSEC = { username: 'dynsec-admin', password: 'admin-pass-3' };
const KEY = 'drc-instances-key';
const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));
/** How long the first entry may keep meeting a broker link that is still coming up, ms. */
const ENTRY_PATIENCE_MS = 90_000;

/** Instance B: `server/main.ts` in its own process on the same database and broker. */
async function startInstanceB(env: Record<string, string>): Promise<{
  url: string;
  child: ChildProcess;
  output: () => string;
}> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      ADMIN_PASSWORD: PASSWORD,
      TOKEN_SECRET,
      SIM_DRONES: '0',
      SKIP_CONSOLE_BUILD: '1',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-8_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  await new Promise<void>((done, fail) => {
    const timer = setTimeout(
      () => fail(new Error(`instance B did not start:\n${output}`)),
      180_000,
    );
    child.stdout.on('data', () => {
      if (!output.includes('Skydeck is running at')) return;
      clearTimeout(timer);
      done();
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      fail(new Error(`instance B exited (${String(code)}):\n${output}`));
    });
  });
  return { url: `http://127.0.0.1:${String(port)}`, child, output: () => output };
}

describe.skipIf(missing.length > 0)('DRC across two instances on one database', () => {
  // Made in `beforeAll`: a suite skipped for want of PostgreSQL or Mosquitto leaves no folder behind.
  let dir = '';
  const fleet = buildFleet({ drones: 2, seed: 41, center: DEFAULT_CENTER, prefix: 'DRI' });
  let broker: ChildProcess;
  let mqttUrl = '';
  let a: TestServer;
  let b: { url: string; child: ChildProcess; output: () => string };
  let sim: Simulator;
  let s: Seeded;
  const clients: MqttClient[] = [];
  let dockSn = '';

  const callB = async <T>(method: string, path: string, o: CallOptions = {}) => {
    const url = new URL(path, b.url);
    for (const [k, v] of Object.entries(o.query ?? {})) url.searchParams.set(k, String(v));
    const response = await fetch(url, {
      method,
      headers: {
        ...(o.token ? { authorization: `Bearer ${o.token}` } : {}),
        ...(o.lang ? { 'accept-language': o.lang } : {}),
        ...(o.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: o.body === undefined ? undefined : JSON.stringify(o.body),
    });
    return { status: response.status, body: await response.json() } as Answer<T>;
  };
  const statusOn = async (on: 'a' | 'b') => {
    const options = { token: s.viewer, query: { dock_sn: dockSn } };
    const answer =
      on === 'a'
        ? await a.call<DrcStatus>('GET', DRC_API.status, options)
        : await callB<DrcStatus>('GET', DRC_API.status, options);
    return answer.body.data;
  };
  const auditRows = (action: string) =>
    a.handle.db.query<{ username: string; detail: string; result: string }>(
      `select username, detail, result from audit_logs where module = 'drc' and action = $1
       and target = $2 order by id`,
      [action, dockSn],
    );
  async function until(done: () => boolean | Promise<boolean>, what: string): Promise<void> {
    for (let i = 0; i < 3000; i++) {
      if (await done()) return;
      await pause(50);
    }
    throw new Error(`timed out waiting for ${what}\n--- instance B ---\n${b.output()}`);
  }

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'skydeck-drc-instances-'));
    const port = await freePort();
    mqttUrl = `mqtt://127.0.0.1:${String(port)}`;
    const dynsec = join(dir, 'dynamic-security.json');
    execFileSync(MOSQUITTO_CTRL, ['dynsec', 'init', dynsec, DYNSEC.username, DYNSEC.password]);
    broker = await startDynsecMosquitto(dir, port, dynsec);

    if (!postgres) throw new Error('no PostgreSQL');
    const opened = await postgres.open();
    const shared: Backend = { name: 'postgres', open: () => Promise.resolve(opened) };
    const fleetBroker = { mqttUrl, mqttDynsec: DYNSEC };
    a = await startServer(shared, {
      config: { ...fleetBroker, simDrones: 0, tokenSecret: TOKEN_SECRET },
      extensions: [realtimeExtension],
    });
    s = await seeded(a);
    await registerSimFleet(a.handle.db, s.home, fleet, KEY);
    for (const u of fleet) {
      await rememberDeviceSecret(a.handle.db, TOKEN_SECRET, u.dock.sn, simSecret(u.dock.sn, KEY));
      a.handle.deps.events.changed({ kind: 'device', sn: u.dock.sn });
    }
    b = await startInstanceB({
      DATABASE_URL: opened.url ?? '',
      DATA_DIR: join(dir, 'b'),
      MQTT_URL: mqttUrl,
      MQTT_DYNSEC_USERNAME: DYNSEC.username,
      MQTT_DYNSEC_PASSWORD: DYNSEC.password,
    });
    sim = startSimulator({
      fleet,
      seed: 41,
      hz: 1,
      secretKey: KEY,
      transport: mqttTransport({ url: mqttUrl, log: silentLog }),
      scheduler: realScheduler,
    });
    await until(async () => {
      const rows = await a.handle.db.query(
        'select 1 from devices where online and device_sn like $1',
        ['DRIDOCK%'],
      );
      return rows.length === fleet.length;
    }, 'the simulated docks to come online');
    dockSn = fleet[0]?.dock.sn ?? '';
  }, 300_000);

  afterAll(async () => {
    await Promise.all(clients.map((c) => c.endAsync(true)));
    await sim.stop();
    if (b.child.exitCode === null) {
      const exited = new Promise((done) => b.child.once('exit', done));
      b.child.kill('SIGTERM');
      await exited;
    }
    await a.close();
    broker.kill();
    rmSync(dir, { recursive: true, force: true });
  });

  /**
   * The operator takes the dock through A. A reaches the docks over its own broker connection, and
   * a dock online in the database says nothing of that connection: on a loaded machine the first
   * entry after start-up was refused while it was still coming up, as "not connected" or as "no
   * reply" after the reply time-out. A pilot presses again, and so does this, for those two
   * refusals only and for a bounded while; any other answer is returned as it is.
   */
  async function enterThroughA(): Promise<Answer<DrcSession>> {
    const notYet = new Set([message('drc.link_down', 'en'), message('drc.no_reply', 'en')]);
    const deadline = Date.now() + ENTRY_PATIENCE_MS;
    for (;;) {
      const answer = await a.call<DrcSession>('POST', DRC_API.enter, {
        token: s.operator,
        lang: 'en',
        body: { workspace_id: s.home, dock_sn: dockSn },
      });
      if (answer.status !== 409 || !notYet.has(answer.body.msg) || Date.now() > deadline)
        return answer;
      await pause(500);
    }
  }

  it('holds, flies, audits and ends one session across both instances', async () => {
    const granted = await enterThroughA();
    // The refusal names its reason (held, offline, busy, no reply…): say it if this ever fails.
    expect(granted.status, granted.body.msg).toBe(200);

    // B reads the holder from the database.
    expect(await statusOn('b')).toMatchObject({ in_drc: true, holder: { username: 'operator' } });
    const second = await callB('POST', DRC_API.enter, {
      token: s.admin,
      lang: 'en',
      body: { workspace_id: s.home, dock_sn: dockSn },
    });
    expect(second.status).toBe(409);
    expect(second.body.msg).toBe('operator is flying this aircraft');

    // The pilot's tab reaches B's broker: its sticks and heartbeats get through to the dock.
    const pilot = await connectAsync(`${b.url.replace(/^http/, 'ws')}/mqtt`, {
      username: 'operator',
      password: s.operator,
      clientId: 'operator:drc-instances',
      reconnectPeriod: 0,
    });
    clients.push(pilot);
    const down = `thing/product/${dockSn}/drc/down`;
    let seq = 0;
    const publish = (method: string, data: object) => {
      seq += 1;
      return pilot.publishAsync(down, JSON.stringify({ method, seq, data }), { qos: 0 });
    };
    const landed = () => sim.unit(0)?.manual?.lastSeq ?? -1;
    const stick = { roll: 1024, pitch: 1024, throttle: 1024, yaw: 1024 };
    // B learns of the session within a second; until then its broker still drops the sticks.
    await until(async () => {
      await publish('stick_control', stick);
      const sent = seq;
      await pause(200);
      return landed() >= sent;
    }, 'a stick through instance B');

    // A command through B, which reads the holder from the database too.
    const command = await callB<DrcCommandResult>('POST', DRC_API.command, {
      token: s.operator,
      body: { dock_sn: dockSn, method: 'camera_mode_switch', data: { camera_mode: 1 } },
    });
    expect(command.status).toBe(200);
    expect(command.body.data.result).toBe(0);

    // Fly through B for longer than the heartbeat timeout: A keeps the session on B's heartbeats.
    const until15 = Date.now() + (DRC_HEARTBEAT_TIMEOUT_S + 3) * 1000;
    while (Date.now() < until15) {
      await publish('heart_beat', { timestamp: Date.now() });
      await publish('stick_control', stick);
      const sent = seq;
      await until(() => landed() >= sent, `stick ${String(sent)} through instance B`);
      await pause(500);
    }
    expect(await statusOn('a')).toMatchObject({ in_drc: true, holder: { username: 'operator' } });
    expect(await statusOn('b')).toMatchObject({ in_drc: true, holder: { username: 'operator' } });
    expect((await auditRows('drc_mode_exit')).length).toBe(0);

    // An e-stop through B is audited by A with the dock's reply.
    await publish('drone_emergency_stop', {});
    const estopSeq = seq;
    await until(async () => (await auditRows('drone_emergency_stop')).length === 1, 'e-stop row');
    const [estop] = await auditRows('drone_emergency_stop');
    expect(estop?.detail).toMatch(new RegExp(`^seq=${String(estopSeq)} result=0 latency=\\d+ms$`));

    // The heartbeats stop: the session ends, and both instances say nobody holds the dock.
    await until(async () => (await statusOn('b')).holder === null, 'the session to end');
    expect(await statusOn('a')).toMatchObject({ in_drc: false, holder: null });
    await until(() => sim.unit(0)?.manual === null, 'the dock to leave DRC');
    // The exit is audited with the dock's reply, which can land a moment after the dock left DRC.
    await until(async () => (await auditRows('drc_mode_exit')).length > 0, 'the exit row');
    const exits = await auditRows('drc_mode_exit');
    expect(exits.map((r) => [r.username, r.detail.split(';')[0]])).toEqual([
      ['operator', 'heartbeat lost'],
    ]);
  }, 300_000);
});
