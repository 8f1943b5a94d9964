/**
 * A stop on SIGTERM loses nothing the server acknowledged: the real server (`npm start`'s entry
 * point, a child process) takes a stream of HTTP writes and of devices' QoS 1 events, is sent
 * SIGTERM in the middle of it, exits 0 on its own, and the same DATA_DIR opened afterwards holds
 * every write that got a 200 or a PUBACK. Its WebSocket clients, a console watching the dock's
 * stream and the dock itself, are told "going away" (close code 1001), not cut off.
 */
import { spawn } from 'node:child_process';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as pause } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { connectAsync } from 'mqtt';
import type { IClientOptions, MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { FEATURE_API } from '../../protocol/featurePoints.ts';
import { consoleClientIdPrefix, deviceClientId } from '../../protocol/mqtt/clientIds.ts';
import { thingTopic } from '../../protocol/mqtt/topics.ts';
import { createSkydeck } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { openPglite } from '../../server/db/pgliteDb.ts';
import { buildFleet, DEFAULT_CENTER, simSecret } from '../../server/sim/fleet.ts';
import { registerSimFleet } from '../../server/sim/registerSimFleet.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const PASSWORD = 'Secret#2024';
const KEY = 'graceful-shutdown-test';
/** The limit the server enforces on its own stop; an exit 0 means it stopped within it. */
const SHUTDOWN_TIMEOUT_MS = 10_000;
/** Keeps the device's stream well under ingestion's per-flush event cap (a flood would be dropped). */
const PUBLISH_PACE_MS = 2;
const POINT = { category: 'tower', longitude: 113.95, latitude: 22.54, height: 60 };

const fleet = buildFleet({ drones: 1, seed: 9, center: DEFAULT_CENTER, prefix: 'GS' });
const dockSn = fleet[0]?.dock.sn ?? '';

function env(dataDir: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ADMIN_PASSWORD: PASSWORD,
    SIM_DRONES: '0',
    MQTT_TCP_PORT: '0',
    SKIP_CONSOLE_BUILD: '1',
    LOG_LEVEL: 'silent',
    ...extra,
  };
}

/** Creates the database in `dataDir` with the one dock this test signs in as. */
async function prepare(dataDir: string): Promise<number> {
  const handle = await createSkydeck(loadConfig(env(dataDir)), {
    distDir: '/nonexistent-skydeck-dist',
  });
  try {
    const [project] = await handle.db.query<{ id: number }>(
      'select id from workspaces where mold_id = 2 order by id limit 1',
    );
    await registerSimFleet(handle.db, project?.id ?? 0, fleet, KEY);
    return project?.id ?? 0;
  } finally {
    await handle.close();
  }
}

interface Server {
  child: ChildProcessWithoutNullStreams;
  url: string;
  stdout: () => string;
  stderr: () => string;
}

/** Starts `server/main.ts` in its own Node process and waits for its welcome line. */
async function startServer(vars: Record<string, string>): Promise<Server> {
  // One Node process, so SIGTERM reaches the server itself (see startup.test.ts).
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...vars },
  });
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const found = /Skydeck is running at (http:\/\/\S+)/.exec(stdout);
      if (found?.[1]) resolve(found[1]);
    });
    child.once('exit', () => reject(new Error(`server exited early: ${stderr}`)));
  });
  return { child, url, stdout: () => stdout, stderr: () => stderr };
}

async function signIn(url: string): Promise<string> {
  const response = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: PASSWORD }),
  });
  const body = (await response.json()) as { data: { token: string } };
  return body.data.token;
}

/** WebSocket close code 1001 (RFC 6455 §7.4.1): the server is going away. */
const GOING_AWAY = 1001;

/**
 * Connects an MQTT client over a WebSocket of our own making, the way the console's does; `closed`
 * resolves with the close code that WebSocket saw (1006: no close frame arrived).
 */
async function connectOverWebSocket(
  url: string,
  options: IClientOptions,
): Promise<{ client: MqttClient; closed: Promise<number> }> {
  let resolveClosed: (code: number) => void = () => undefined;
  const closed = new Promise<number>((resolve) => (resolveClosed = resolve));
  const client = await connectAsync(`${url.replace(/^http/, 'ws')}/mqtt`, {
    ...options,
    reconnectPeriod: 0,
    createWebsocket: (wsUrl: string, protocols: string[]) => {
      const ws = new WebSocket(wsUrl, protocols);
      ws.once('close', (code) => resolveClosed(code));
      return ws;
    },
  });
  return { client, closed };
}

/** Counts acknowledgements, and resolves `reached` once each writer has had `goal` of them. */
function progress(goal: number) {
  const counts = { http: 0, mqtt: 0 };
  let wake: () => void = () => undefined;
  const reached = new Promise<void>((resolve) => (wake = resolve));
  return {
    reached,
    ack(kind: keyof typeof counts) {
      counts[kind]++;
      if (counts.http >= goal && counts.mqtt >= goal) wake();
    },
  };
}

/** Adds feature points one after another until the server stops taking them; the names it acknowledged. */
async function httpWriter(
  url: string,
  token: string,
  workspaceId: number,
  prefix: string,
  onAck: () => void,
): Promise<string[]> {
  const acked: string[] = [];
  for (let i = 0; ; i++) {
    const name = `${prefix}-${String(i)}`;
    try {
      const response = await fetch(`${url}${FEATURE_API.add}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ ...POINT, name, workspace_id: workspaceId }),
      });
      await response.arrayBuffer().catch(() => undefined);
      // Anything but a 200 (a 503 while the server closes) acknowledged nothing.
      if (response.status !== 200) return acked;
      acked.push(name);
      onAck();
    } catch {
      return acked; // refused: the server no longer accepts connections
    }
  }
}

/** Publishes the dock's events (QoS 1) until its connection ends; the sequence numbers PUBACKed. */
async function deviceWriter(client: MqttClient, onAck: () => void): Promise<number[]> {
  const acked: number[] = [];
  const gone = new Promise<false>((resolve) => client.once('close', () => resolve(false)));
  for (let seq = 0; ; seq++) {
    const body = { tid: randomUUID(), bid: randomUUID(), timestamp: Date.now() };
    const payload = JSON.stringify({ ...body, method: 'ai_alarm', data: { seq } });
    const sent = client.publishAsync(thingTopic(dockSn, 'events'), payload, { qos: 1 }).then(
      () => true,
      () => false,
    );
    if (!(await Promise.race([sent, gone]))) return acked;
    acked.push(seq);
    onAck();
    await pause(PUBLISH_PACE_MS);
  }
}

describe('graceful shutdown', () => {
  let scratch: string;
  beforeAll(async () => {
    scratch = await mkdtemp(join(tmpdir(), 'skydeck-shutdown-'));
  });
  afterAll(() => rm(scratch, { recursive: true, force: true }));

  it('on SIGTERM finishes in-flight writes and exits 0; every acknowledged write is stored', async () => {
    const dataDir = join(scratch, 'writes');
    const projectId = await prepare(dataDir);
    const server = await startServer(
      env(dataDir, { SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS) }),
    );
    const token = await signIn(server.url);
    const { client: dock, closed: dockClosed } = await connectOverWebSocket(server.url, {
      username: dockSn,
      password: simSecret(dockSn, KEY),
      clientId: deviceClientId(dockSn),
    });
    // A console watching the dock: the broker is writing to its socket when the stop comes.
    const watcher = await connectOverWebSocket(server.url, {
      username: 'admin',
      password: token,
      clientId: `${consoleClientIdPrefix('admin')}shutdown`,
    });
    await watcher.client.subscribeAsync(thingTopic(dockSn, 'events'));
    const seen = progress(20);
    const writers = {
      http: Promise.all(
        ['a', 'b'].map((p) => httpWriter(server.url, token, projectId, p, () => seen.ack('http'))),
      ),
      mqtt: deviceWriter(dock, () => seen.ack('mqtt')),
    };
    await seen.reached;
    const exited = once(server.child, 'exit');
    const signalledAt = Date.now();
    server.child.kill('SIGTERM');
    const [code] = (await exited) as [number | null];
    const tookMs = Date.now() - signalledAt;
    const names = (await writers.http).flat();
    const seqs = await writers.mqtt;
    dock.end(true);
    watcher.client.end(true);
    console.info(
      `[skydeck] stopped ${String(tookMs)} ms after SIGTERM (limit ${String(SHUTDOWN_TIMEOUT_MS)} ms), ` +
        `${String(names.length)} HTTP and ${String(seqs.length)} MQTT writes acknowledged`,
    );

    expect(code, server.stderr()).toBe(0);
    expect(server.stdout()).toMatch(/SIGTERM: stopping Skydeck[\s\S]*Skydeck stopped in \d+ ms/);
    expect(await watcher.closed).toBe(GOING_AWAY);
    expect(await dockClosed).toBe(GOING_AWAY);

    const db = await openPglite(join(dataDir, 'db'));
    try {
      const points = await db.query<{ name: string }>(
        `select name from feature_points where name ~ '^[ab]-'`,
      );
      const stored = new Set(points.map((p) => p.name));
      expect(names.filter((n) => !stored.has(n))).toEqual([]);
      const events = await db.query<{ seq: number }>(
        `select (data->>'seq')::int as seq from device_events where device_sn = $1 and method = 'ai_alarm'`,
        [dockSn],
      );
      const storedSeqs = new Set(events.map((e) => e.seq));
      expect(seqs.filter((s) => !storedSeqs.has(s))).toEqual([]);
    } finally {
      await db.close();
    }
  });

  it('past SHUTDOWN_TIMEOUT_MS exits 1 naming what it was still waiting for', async () => {
    const dataDir = join(scratch, 'stuck');
    await prepare(dataDir);
    const server = await startServer(env(dataDir, { SHUTDOWN_TIMEOUT_MS: '500' }));
    const { port, hostname } = new URL(server.url);
    // A request whose body never finishes arriving stays in flight for as long as it is open
    // (sign-in: a route that reads its body before anything can answer it).
    const socket = connect(Number(port), hostname);
    await once(socket, 'connect');
    socket.write(
      `POST /api/login HTTP/1.1\r\nHost: ${hostname}\r\nExpect: 100-continue\r\n` +
        'Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n',
    );
    // Node answers "100 Continue" as it hands the request to the server: it is in flight now.
    await once(socket, 'data');
    socket.write('{"name":');
    const exited = once(server.child, 'exit');
    server.child.kill('SIGTERM');
    const [code] = (await exited) as [number | null];
    socket.destroy();
    expect(code).toBe(1);
    expect(server.stderr()).toMatch(
      /did not stop within SHUTDOWN_TIMEOUT_MS \(500 ms\); still pending: in-flight HTTP requests \(1 HTTP requests, 1 open connections\)/,
    );
  });
});
