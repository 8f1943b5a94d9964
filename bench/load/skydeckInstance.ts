/**
 * A Skydeck server (`server/main.ts`, what `npm start` runs) in its own process for the server
 * benchmark, with its simulator off: the load comes from the replay generator. The fleet is
 * registered in the database before the server starts, with the secrets the replay signs in with.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { join, resolve } from 'node:path';
import { migrate } from '../../server/db/migrate.ts';
import { openPglite } from '../../server/db/pgliteDb.ts';
import { openPostgres } from '../../server/db/postgresDb.ts';
import { seedIfEmpty } from '../../server/db/seed.ts';
import { buildFleet, DEFAULT_CENTER, DEFAULT_SEED } from '../../server/sim/fleet.ts';
import { registerSimFleet } from '../../server/sim/registerSimFleet.ts';
import { DEFAULT_SIM_KEY } from '../../server/sim/simulator.ts';
import { freePort, untilRunning } from '../../tests/e2e/support/server.ts';
import { reapOnExit } from './reapOnExit.ts';

const ROOT = resolve(import.meta.dirname, '../..');
export const BENCH_PASSWORD = 'Bench#2026';
const TOKEN_SECRET = 'server-bench-token-secret-0123456789abcdef';
/** The bearer token of the benchmark servers' `GET /metrics`. */
const METRICS_TOKEN = 'server-bench-metrics-token-0123456789';
const START_TIMEOUT_MS = 120_000;
const SETTLE_MS = 10_000;

/** Where a server keeps its data: a PGlite folder, or a PostgreSQL database shared by instances. */
export type Storage = { dataDir: string } | { databaseUrl: string; dataDir: string };

/** Migrates, seeds and registers `aircraft` replay units (docks + aircraft) in the first project. */
export async function prepareStorage(storage: Storage, aircraft: number): Promise<void> {
  const db =
    'databaseUrl' in storage
      ? await openPostgres(storage.databaseUrl)
      : await openPglite(join(storage.dataDir, 'db'));
  try {
    await migrate(db);
    await seedIfEmpty(db, BENCH_PASSWORD);
    const [project] = await db.query<{ id: number }>(
      'select id from workspaces where mold_id = 2 order by id limit 1',
    );
    if (!project) throw new Error('the seeded database has no project');
    const fleet = buildFleet({ drones: aircraft, seed: DEFAULT_SEED, center: DEFAULT_CENTER });
    await registerSimFleet(db, project.id, fleet, DEFAULT_SIM_KEY);
  } finally {
    await db.close();
  }
}

/** Polls `GET /readyz` until every check passes (broker, ingestion subscribed, database). */
async function untilReady(url: string, child: ChildProcess, tail: () => string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  let last = '';
  while (Date.now() < deadline && child.exitCode === null) {
    const answer = await fetch(`${url}/readyz`).catch(() => null);
    if (answer?.ok) return;
    last = (await answer?.text().catch(() => '')) ?? '';
    await new Promise((done) => setTimeout(done, 500));
  }
  throw new Error(
    `server not ready within ${START_TIMEOUT_MS / 1000} s: ${last}\nserver output:\n${tail()}`,
  );
}

export interface SkydeckInstance {
  url: string;
  /** The embedded broker's TCP port for devices (when it is the broker). */
  tcpUrl: string;
  wsUrl: string;
  pid: number | undefined;
  /** The last few kB the server logged since it started. */
  output(): string;
  /** A console access token of the seeded admin. */
  signIn(): Promise<string>;
  /** The server's `GET /metrics` (Prometheus text). */
  metrics(): Promise<string>;
  /** SIGTERM and wait: a clean stop flushes what ingestion gathered. */
  stop(): Promise<void>;
}

/** Starts a server on `storage`; `mqttUrl` makes an external broker the devices' broker. */
export async function startSkydeck(storage: Storage, mqttUrl?: string): Promise<SkydeckInstance> {
  const port = await freePort();
  const tcp = await freePort();
  // BENCH_SERVER_NODE_ARGS passes Node flags to the server, e.g. `--cpu-prof --cpu-prof-dir=/tmp/p`
  // to profile it under the benchmark's load (Node refuses --cpu-prof in NODE_OPTIONS).
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = reapOnExit(
    spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'server/main.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: storage.dataDir,
        ...('databaseUrl' in storage ? { DATABASE_URL: storage.databaseUrl } : {}),
        ...(mqttUrl ? { MQTT_URL: mqttUrl } : {}),
        ADMIN_PASSWORD: BENCH_PASSWORD,
        TOKEN_SECRET,
        METRICS_TOKEN,
        MQTT_TCP_PORT: String(tcp),
        SIM_DRONES: '0',
        SKIP_CONSOLE_BUILD: '1',
        LOG_LEVEL: process.env.BENCH_SERVER_LOG_LEVEL ?? 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
  // The last lines the server wrote, to say why a row went wrong (start-up included).
  let tail = '';
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString()).slice(-4_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  await untilRunning(child, START_TIMEOUT_MS);
  const url = `http://127.0.0.1:${port}`;
  // "running" is printed once the port listens; ingestion and the MQTT clients start just after.
  // Loading the server before they are up measures start-up (a device's first message would be
  // lost, and so would its track second), and a stop in that window fails (the server then exits
  // without flushing): wait until it says it is ready, then a moment more for the rest.
  await untilReady(url, child, () => tail);
  await new Promise((done) => setTimeout(done, SETTLE_MS));
  return {
    output: () => tail,
    url,
    tcpUrl: `mqtt://127.0.0.1:${tcp}`,
    wsUrl: `ws://127.0.0.1:${port}/mqtt`,
    pid: child.pid,
    async signIn() {
      const response = await fetch(`${url}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: BENCH_PASSWORD }),
      });
      const body = (await response.json()) as { data?: { token?: string } };
      if (!body.data?.token) throw new Error(`sign-in failed (${response.status})`);
      return body.data.token;
    },
    async metrics() {
      const response = await fetch(`${url}/metrics`, {
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      });
      if (!response.ok) throw new Error(`GET /metrics answered ${response.status}`);
      return response.text();
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
