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
import { openPglite } from '../../server/db/pgliteDb.ts';
import { lagQuantile, parseScrape } from '../load/ingestionMetrics.ts';
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
/** After the generator stops: time for what is still on its way to reach ingestion. */
const SETTLE_AFTER_MS = 2_000;
/** Messages each unit sends on connecting, outside the generator's counted streams (topo, 2 states). */
const ANNOUNCED_PER_UNIT = 3;
const PG_URL =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test';

/** Track rows stored by a row's servers, read once they stopped. */
interface Stored {
  tracks: number;
  /** Distinct (device_sn, ts): equal to `tracks` when no point was stored twice. */
  distinct: number;
  /** `gas_reading` events stored (the two-instance row sends one per aircraft per second). */
  events?: number;
}

/** A broker set-up under test, started for one row. */
interface Target {
  deviceUrl: string;
  wsUrl: string;
  subscriber: { username?: string; password?: string; clientId: string };
  /** The broker's own process (Aedes, Mosquitto); absent when the broker is inside Skydeck. */
  brokerPid?: number | undefined;
  /** The Skydeck instances: their CPU is read from /proc and their `/metrics` scraped. */
  servers: SkydeckInstance[];
  replayArgs?: string[];
  /** After the load, with the servers stopped (flushed): what they stored. */
  stored?(): Promise<Stored>;
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

const TRACK_COUNT = `select count(*)::int as n, count(distinct (device_sn, ts))::int as keys from device_tracks`;

/** What a stopped server left in its PGlite folder. */
async function storedInPglite(dataDir: string): Promise<Stored> {
  const db = await openPglite(join(dataDir, 'db'));
  try {
    const [row] = await db.query<{ n: number; keys: number }>(TRACK_COUNT);
    return { tracks: row?.n ?? 0, distinct: row?.keys ?? 0 };
  } finally {
    await db.close();
  }
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
      brokerPid: child.pid,
      servers: [],
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
      servers: [server],
      stored: () => storedInPglite(tmp.dir),
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
      brokerPid: mosquitto.pid,
      servers: [server],
      stored: () => storedInPglite(tmp.dir),
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
    return {
      deviceUrl: mosquitto.tcpUrl,
      wsUrl: mosquitto.wsUrl,
      subscriber: { clientId: 'bench-subscriber' },
      brokerPid: mosquitto.pid,
      servers,
      // One gas reading per aircraft per second: stored per message, so rows must equal events sent.
      replayArgs: ['--event-method', 'gas_reading', '--event-every', '1'],
      async stored() {
        return admin(async (c) => {
          const e = await c.query<{ n: number }>(
            "select count(*)::int as n from device_events where method = 'gas_reading'",
          );
          const t = await c.query<{ n: number; keys: number }>(TRACK_COUNT);
          return {
            tracks: t.rows[0]?.n ?? 0,
            distinct: t.rows[0]?.keys ?? 0,
            events: e.rows[0]?.n ?? 0,
          };
        }, name);
      },
      async stop() {
        await Promise.all(servers.map((s) => s.stop()));
        await mosquitto.stop();
        for (const d of dirs) await d.remove();
        await admin((c) => c.query(`drop database if exists ${name} with (force)`));
      },
    };
  },
};

export interface RowTiming {
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

const scrapeAll = (servers: SkydeckInstance[]) =>
  Promise.all(servers.map(async (s) => parseScrape(await s.metrics())));

/** The `stored` column: what the servers wrote against what the generator sent. */
function storedText(stored: Stored, expectedTracks: number, summary: ReplaySummary): string {
  const once = stored.distinct === stored.tracks ? 'each once' : 'DUPLICATES';
  const all = stored.tracks === expectedTracks ? 'all' : 'MISSING';
  const parts = [`tracks ${stored.tracks}/${expectedTracks} (${all}, ${once})`];
  if (stored.events !== undefined)
    parts.push(
      `events ${stored.events}/${summary.events} (${stored.events === summary.events ? 'exactly once' : 'MISMATCH'})`,
    );
  return parts.join('; ');
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
    // Broker, each server, the generator: CPU of each, from /proc.
    const pids = [target.brokerPid, ...target.servers.map((s) => s.pid), replay.pid];
    const scrape0 = await scrapeAll(target.servers);
    const cpu0 = pids.map(cpuMs);
    subscriber.open();
    const load = loadavg()[0] ?? 0;
    await sleep(t.measureS * 1000);
    const cpu1 = pids.map(cpuMs);
    const scrape1 = await scrapeAll(target.servers);
    const window = await subscriber.close();
    const summary = await within(ROW_START_MS, 'replay end', replay.done);
    // What the servers still had in flight reaches them; then everything they handled is counted.
    await sleep(SETTLE_AFTER_MS);
    const scrapeEnd = await scrapeAll(target.servers);
    // A clean stop flushes what each instance gathered before its rows are counted.
    await Promise.all(target.servers.map((s) => s.stop()));
    const stored = target.stored ? await within(ROW_START_MS, 'check', target.stored()) : undefined;
    if (stored && (stored.tracks !== subscriber.secondsSeen() || stored.distinct !== stored.tracks))
      for (const s of target.servers) console.error(`server output:\n${s.output()}`);

    const used = pids.map((pid, i) => {
      const a = cpu0[i];
      const b = cpu1[i];
      return pid === undefined || a === undefined || b === undefined ? undefined : b - a;
    });
    const brokerMsgs = summary.rate * window.seconds;
    const perMsg = (ms: number | undefined) =>
      ms === undefined || brokerMsgs <= 0 ? '' : Math.round((ms * 1000) / brokerMsgs);
    const serverCpu = used.slice(0, -1).reduce<number>((n, v) => n + (v ?? 0), 0);
    const offeredOsd = aircraft * RATE_HZ;
    const delivered = window.delivered / window.seconds;
    const { p50, p95 } = latencyOf(window);
    const servers = target.servers.length > 0;
    // Everything the generator published on an ingestion topic: its streams plus, per unit, the
    // topology and two states it announces itself with.
    const published = summary.sent + ANNOUNCED_PER_UNIT * aircraft;
    const ingested = scrapeEnd.reduce((n, s) => n + s.received, 0);
    const lag = (stage: 'received' | 'stored', q: number) =>
      servers ? (lagQuantile(scrape0, scrape1, stage, q) ?? '') : '';
    return [
      setup.name,
      aircraft,
      summary.offered,
      summary.rate,
      Math.round(delivered),
      Math.round((delivered / offeredOsd) * 100),
      p50,
      p95,
      servers ? published - ingested : '',
      lag('received', 0.5),
      lag('received', 0.95),
      lag('stored', 0.95),
      brokerMsgs > 0 ? Math.round((serverCpu * 1000) / brokerMsgs) : '',
      perMsg(used[0]),
      servers ? perMsg(used[1]) : '',
      target.servers.length > 1 ? perMsg(used[2]) : '',
      perMsg(used.at(-1)),
      Math.round((serverCpu / (window.seconds * 1000)) * 100),
      Number(load.toFixed(1)),
      stored ? storedText(stored, subscriber.secondsSeen(), summary) : '',
    ];
  } finally {
    replay?.kill();
    await subscriber?.end().catch(() => undefined);
    await target.stop();
  }
}

/** The table's columns, in `runRow`'s order. */
export const COLUMNS = [
  'setup',
  'aircraft',
  'offered msg/s',
  'sent msg/s',
  'delivered osd/s',
  'delivered %',
  'p50 ms',
  'p95 ms',
  'ingest lost',
  'ingest p50 ms',
  'ingest p95 ms',
  'stored p95 ms',
  'server µs/msg',
  'broker µs/msg',
  'skydeck #1 µs/msg',
  'skydeck #2 µs/msg',
  'generator µs/msg',
  'server CPU %',
  'load 1m',
  'stored',
];

/** Runs the rows; the quick run keeps to the 1 000-aircraft pair. */
export async function run(opts: BenchOptions = { quick: false }): Promise<BenchResult> {
  const timing = rowTiming(opts.quick);
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
    if (mosquittoAvailable()) plan.push([mosquittoClient, 2_000], [mosquittoClient, 5_000]);
    else notes.push('No mosquitto binary: the Mosquitto rows are left out.');
    if (mosquittoAvailable() && (await postgresAvailable()))
      plan.push([twoInstances, 1_000], [twoInstances, 5_000]);
    else
      notes.push(
        `No PostgreSQL at ${PG_URL} (BENCH_DATABASE_URL) or no Mosquitto: no two-instance rows.`,
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
  notes.push(...rowNotes(timing));
  return { title: TITLE, columns: COLUMNS, rows, notes };
}

export const TITLE = 'Server: embedded Skydeck vs bare Aedes, and Skydeck behind Mosquitto';

/** Warm-up and measured window of a row. */
export const rowTiming = (quick: boolean): RowTiming =>
  quick ? { warmS: 2, measureS: 4 } : { warmS: 3, measureS: 8 };

/** How to read the table. */
export function rowNotes(timing: RowTiming): string[] {
  return [
    `Load: the replay generator (npm run sim -- --replay) in its own process, one TCP connection per dock with its own credentials, aircraft osd at ${RATE_HZ} Hz, dock osd at ${DOCK_RATE_HZ} Hz, states every 10 s, an event per unit per minute (a gas reading per aircraft per second on the two-instance rows). Warm-up ${timing.warmS} s, then ${timing.measureS} s measured.`,
    `delivered = aircraft osd published inside the window and received (within ${LATE_GRACE_MS / 1000} s after it) by one WebSocket subscriber watching every aircraft (topic by topic, as the console does), per second of window; a broker that falls behind shows a lower rate, never its backlog. Latency = publish time written into the payload by the generator → receipt.`,
    `ingest lost = messages the generator published on ingestion's topics over the whole row (its streams + ${ANNOUNCED_PER_UNIT} announcements per unit) minus ingestion_received summed over the instances, read from GET /metrics ${SETTLE_AFTER_MS / 1000} s after the generator stopped.`,
    'ingest p50/p95 = payload timestamp → ingestion handled the message; stored p95 = payload timestamp → its track point (or event) committed, which includes the ~1 s ingestion gathers points before one insert. Both from the skydeck_ingestion_lag_seconds histogram: each instance scraped as the window opens and closes, bucket deltas summed over instances, the quantile interpolated linearly inside its bucket (as Prometheus histogram_quantile does; bounds …50, 75, 100, 150, 250 ms…). Only messages whose body ingestion reads are timed: every state, event and topology, and the one or two aircraft osd per second that may start a track point (the rest are skipped unread).',
    "CPU µs/msg = a process's CPU in the window (from /proc) ÷ messages the generator sent in the window: server = broker + every Skydeck process, then each process alone (broker = Aedes or Mosquitto in its own process; on the embedded rows the broker is inside skydeck #1), and the generator itself.",
    'stored (rows that store: PGlite for one instance, PostgreSQL for two), counted after a clean stop: track rows against the distinct (aircraft, second of payload time) pairs the benchmark\'s own subscriber received over the whole row (ingestion samples one point per aircraft per second, keyed by the second), "each once" when distinct (device_sn, ts) = rows; events against the gas readings the generator sent.',
    'The machine is shared: load 1m is the load average when the window opened.',
  ];
}

/** The set-ups by short name, for running one row by hand. */
export const SETUPS = { bareAedes, embedded, mosquittoClient, twoInstances };

export const serverSection: BenchSection = { id: 'server', run };
