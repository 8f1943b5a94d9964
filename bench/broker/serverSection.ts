/**
 * Benchmark section `server`: the embedded Skydeck server (broker + auth + ingestion) measured from
 * outside against a bare Aedes in the same run. The replay generator runs in its own process (one
 * TCP connection per dock with its own credentials, pre-encoded messages), one WebSocket subscriber
 * watches every aircraft's osd like the console's worker, and the server's CPU is read from /proc.
 * Also: Mosquitto as the broker with Skydeck ingesting as a client, and two Skydeck instances
 * sharing one Mosquitto, whose stored rows show each message was stored exactly once.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { consoleClientIdPrefix } from '../../protocol/mqtt/clientIds.ts';
import { aircraftSn } from '../../server/sim/fleet.ts';
import { cpuMs } from '../load/procCpu.ts';
import { mosquittoAvailable, startMosquitto } from '../load/mosquittoProcess.ts';
import { runReplay } from '../load/replayProcess.ts';
import type { ReplaySummary } from '../load/replayProcess.ts';
import { prepareStorage, startSkydeck } from '../load/skydeckInstance.ts';
import type { SkydeckInstance } from '../load/skydeckInstance.ts';
import { LATE_GRACE_MS, latencyOf, startSubscriber } from '../load/subscriber.ts';
import type { BenchOptions, BenchResult, BenchSection } from '../section.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const RATE_HZ = 10;
/** Longest a row's start (server, 2 000 connections, subscriptions) or its end may take. */
const ROW_START_MS = 120_000;
const DOCK_RATE_HZ = 0.5;
const PG_URL =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test';

/** A broker set-up under test, started for one row. */
interface Target {
  deviceUrl: string;
  wsUrl: string;
  subscriber: { username?: string; password?: string; clientId: string };
  /** Processes whose CPU counts as "the server". */
  pids: (number | undefined)[];
  replayArgs?: string[];
  /** After the load: a stored-rows check, as text for the table. */
  check?(summary: ReplaySummary): Promise<string>;
  stop(): Promise<void>;
}

export interface Setup {
  name: string;
  start(aircraft: number): Promise<Target>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function scratch(): Promise<{ dir: string; remove(): Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'skydeck-bench-server-'));
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

const bareAedes: Setup = {
  name: 'Aedes bare (own process)',
  async start() {
    const child = spawn(process.execPath, ['--import', 'tsx', 'bench/broker/aedesServer.ts'], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const [tcp, ws] = await new Promise<[number, number]>((ok, fail) => {
      child.once('exit', (code) => fail(new Error(`Aedes exited (${String(code)})`)));
      child.stdout.on('data', (chunk: Buffer) => {
        const m = /ready (\d+) (\d+)/.exec(chunk.toString());
        if (m) ok([Number(m[1]), Number(m[2])]);
      });
    });
    return {
      deviceUrl: `mqtt://127.0.0.1:${tcp}`,
      wsUrl: `ws://127.0.0.1:${ws}`,
      subscriber: { clientId: 'bench-subscriber' },
      pids: [child.pid],
      async stop() {
        // Aedes may have died under the load already (see the notes).
        if (child.exitCode !== null || child.signalCode !== null) return;
        const exited = new Promise((done) => child.once('exit', done));
        child.kill('SIGTERM');
        await exited;
      },
    };
  },
};

const embedded: Setup = {
  name: 'Skydeck embedded',
  async start(aircraft) {
    const tmp = await scratch();
    await prepareStorage({ dataDir: tmp.dir }, aircraft);
    const server = await startSkydeck({ dataDir: tmp.dir });
    return {
      deviceUrl: server.tcpUrl,
      wsUrl: server.wsUrl,
      subscriber: {
        username: 'admin',
        password: await server.signIn(),
        clientId: `${consoleClientIdPrefix('admin')}bench`,
      },
      pids: [server.pid],
      async stop() {
        await server.stop();
        await tmp.remove();
      },
    };
  },
};

const mosquittoClient: Setup = {
  name: 'Mosquitto + Skydeck ingesting as client',
  async start(aircraft) {
    const tmp = await scratch();
    const mosquitto = await startMosquitto();
    await prepareStorage({ dataDir: tmp.dir }, aircraft);
    const server = await startSkydeck({ dataDir: tmp.dir }, mosquitto.tcpUrl);
    return {
      deviceUrl: mosquitto.tcpUrl,
      wsUrl: mosquitto.wsUrl,
      subscriber: { clientId: 'bench-subscriber' },
      pids: [mosquitto.pid, server.pid],
      async stop() {
        await server.stop();
        await mosquitto.stop();
        await tmp.remove();
      },
    };
  },
};

async function admin<T>(work: (client: pg.Client) => Promise<T>, database?: string): Promise<T> {
  const url = new URL(PG_URL);
  if (database) url.pathname = `/${database}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function postgresAvailable(): Promise<boolean> {
  try {
    await admin((c) => c.query('select 1'));
    return true;
  } catch {
    return false;
  }
}

const twoInstances: Setup = {
  name: '2× Skydeck + Mosquitto (shared subscription)',
  async start(aircraft) {
    const name = `skydeck_bench_${randomBytes(5).toString('hex')}`;
    await admin((c) => c.query(`create database ${name}`));
    const url = new URL(PG_URL);
    url.pathname = `/${name}`;
    const databaseUrl = url.toString();
    const dirs = [await scratch(), await scratch()];
    const mosquitto = await startMosquitto();
    await prepareStorage({ databaseUrl, dataDir: dirs[0]?.dir ?? '' }, aircraft);
    const servers: SkydeckInstance[] = [];
    for (const d of dirs)
      servers.push(await startSkydeck({ databaseUrl, dataDir: d.dir }, mosquitto.tcpUrl));
    const stopServers = () => Promise.all(servers.map((s) => s.stop()));
    return {
      deviceUrl: mosquitto.tcpUrl,
      wsUrl: mosquitto.wsUrl,
      subscriber: { clientId: 'bench-subscriber' },
      pids: [mosquitto.pid, ...servers.map((s) => s.pid)],
      // One gas reading per aircraft per second: stored per message, so rows must equal events sent.
      replayArgs: ['--event-method', 'gas_reading', '--event-every', '1'],
      async check(summary) {
        await sleep(1_500);
        // A clean stop flushes what each instance gathered.
        await stopServers();
        const [events, tracks] = await admin(async (c) => {
          const e = await c.query<{ n: number }>(
            "select count(*)::int as n from device_events where method = 'gas_reading'",
          );
          const t = await c.query<{ n: number; keys: number }>(
            `select count(*)::int as n, count(distinct (device_sn, ts))::int as keys from device_tracks`,
          );
          return [e.rows[0]?.n ?? 0, t.rows[0]];
        }, name);
        const exact = events === summary.events ? 'exactly once' : 'MISMATCH';
        if (events !== summary.events)
          for (const s of servers) console.error(`server output:\n${s.output()}`);
        return `events ${events}/${summary.events} stored (${exact}); ${tracks?.n ?? 0} track rows, ${tracks?.keys ?? 0} distinct`;
      },
      async stop() {
        await stopServers();
        await mosquitto.stop();
        for (const d of dirs) await d.remove();
        await admin((c) => c.query(`drop database if exists ${name} with (force)`));
      },
    };
  },
};

interface RowTiming {
  warmS: number;
  measureS: number;
}

/** Rejects after `ms`: a broker that died or hangs fails its row instead of the whole run. */
function within<T>(ms: number, what: string, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, fail) => {
    timer = setTimeout(() => fail(new Error(`${what}: no answer within ${ms / 1000} s`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** Runs one row: starts `setup`, loads it, measures, checks, stops. */
export async function runRow(
  setup: Setup,
  aircraft: number,
  t: RowTiming,
): Promise<(string | number)[]> {
  const target = await within(ROW_START_MS, 'start', setup.start(aircraft));
  let replay: ReturnType<typeof runReplay> | undefined;
  let subscriber: Awaited<ReturnType<typeof startSubscriber>> | undefined;
  try {
    const topics = Array.from({ length: aircraft }, (_, i) => `thing/product/${aircraftSn(i)}/osd`);
    subscriber = await within(
      ROW_START_MS,
      'subscribe',
      startSubscriber(target.wsUrl, topics, target.subscriber),
    );
    replay = runReplay(
      [
        '--aircraft',
        String(aircraft),
        '--rate',
        String(RATE_HZ),
        '--dock-rate',
        String(DOCK_RATE_HZ),
        '--url',
        target.deviceUrl,
        ...(target.replayArgs ?? []),
      ],
      t.warmS + t.measureS + 1,
    );
    await within(ROW_START_MS, 'replay start', replay.started);
    await sleep(t.warmS * 1000);
    const cpu0 = target.pids.map(cpuMs);
    subscriber.open();
    const load = loadavg()[0] ?? 0;
    await sleep(t.measureS * 1000);
    const cpu1 = target.pids.map(cpuMs);
    const window = await subscriber.close();
    const summary = await within(ROW_START_MS, 'replay end', replay.done);
    const check = target.check ? await within(ROW_START_MS, 'check', target.check(summary)) : '';
    const cpu = cpu1.reduce<number>((n, v, i) => n + (v ?? 0) - (cpu0[i] ?? 0), 0);
    const brokerMsgs = summary.rate * window.seconds;
    const offeredOsd = aircraft * RATE_HZ;
    const delivered = window.delivered / window.seconds;
    const { p50, p95 } = latencyOf(window);
    return [
      setup.name,
      aircraft,
      summary.offered,
      summary.rate,
      Math.round(delivered),
      Math.round((delivered / offeredOsd) * 100),
      p50,
      p95,
      brokerMsgs > 0 ? Math.round((cpu * 1000) / brokerMsgs) : '',
      Math.round((cpu / (window.seconds * 1000)) * 100),
      summary.cpuMsPer1000,
      Number(load.toFixed(1)),
      check,
    ];
  } finally {
    replay?.kill();
    await subscriber?.end().catch(() => undefined);
    await target.stop();
  }
}

/** Runs the rows; the quick run keeps to the 1 000-aircraft pair. */
export async function run(opts: BenchOptions = { quick: false }): Promise<BenchResult> {
  const timing: RowTiming = opts.quick ? { warmS: 2, measureS: 4 } : { warmS: 3, measureS: 8 };
  const plan: [Setup, number][] = opts.quick
    ? [
        [bareAedes, 1_000],
        [embedded, 1_000],
      ]
    : [
        [bareAedes, 1_000],
        [embedded, 1_000],
        [bareAedes, 2_000],
        [embedded, 2_000],
      ];
  const notes: string[] = [];
  if (!opts.quick) {
    if (mosquittoAvailable()) plan.push([mosquittoClient, 2_000]);
    else notes.push('No mosquitto binary: the Mosquitto rows are left out.');
    if (mosquittoAvailable() && (await postgresAvailable())) plan.push([twoInstances, 1_000]);
    else
      notes.push(
        `No PostgreSQL at ${PG_URL} (BENCH_DATABASE_URL) or no Mosquitto: no two-instance row.`,
      );
  }
  const rows: (string | number)[][] = [];
  for (const [setup, aircraft] of plan) {
    try {
      rows.push(await runRow(setup, aircraft, timing));
    } catch (error) {
      notes.push(`${setup.name} × ${aircraft}: failed (${String(error).slice(0, 400)})`);
    }
  }
  const delivered = (name: string, n: number) => rows.find((r) => r[0] === name && r[1] === n)?.[4];
  for (const n of [1_000, 2_000]) {
    const bare = delivered(bareAedes.name, n);
    const ours = delivered(embedded.name, n);
    if (typeof bare === 'number' && typeof ours === 'number' && bare > 0)
      notes.push(
        `${n} aircraft: embedded Skydeck delivers ${Math.round((ours / bare) * 100)} % of what bare Aedes delivers in the same run (target ≥ 80 %).`,
      );
  }
  notes.push(
    `Load: the replay generator (npm run sim -- --replay) in its own process, one TCP connection per dock with its own credentials, aircraft osd at ${RATE_HZ} Hz, dock osd at ${DOCK_RATE_HZ} Hz, states every 10 s, an event per unit per minute (per second on the two-instance row). Warm-up ${timing.warmS} s, then ${timing.measureS} s measured.`,
    `delivered = aircraft osd published inside the window and received (within ${LATE_GRACE_MS / 1000} s after it) by one WebSocket subscriber watching every aircraft (topic by topic, as the console does), per second of window; a broker that falls behind shows a lower rate, never its backlog. Latency = publish time written into the payload by the generator → receipt.`,
    "server CPU µs/msg = CPU of the broker/server processes (from /proc; both processes on the Mosquitto rows) ÷ messages the generator sent in the window; load gen = the generator's own CPU ms per second per 1 000 msgs/s.",
    'The machine is shared: load 1m is the load average when the window opened.',
  );
  return {
    title: 'Server: embedded Skydeck vs bare Aedes, measured from outside',
    columns: [
      'setup',
      'aircraft',
      'offered msg/s',
      'sent msg/s',
      'delivered osd/s',
      'delivered %',
      'p50 ms',
      'p95 ms',
      'server CPU µs/msg',
      'server CPU %',
      'load gen ms/1k',
      'load 1m',
      'stored',
    ],
    rows,
    notes,
  };
}

/** The set-ups by short name, for running one row by hand. */
export const SETUPS = { bareAedes, embedded, mosquittoClient, twoInstances };

export const serverSection: BenchSection = { id: 'server', run };
