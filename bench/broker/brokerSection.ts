/**
 * Benchmark section 3: broker fan-in, Aedes (what `npm start` embeds) against the machine's
 * Mosquitto on the same load, when Mosquitto answers. Numbers, not pass/fail.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { createConnection } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { BenchOptions, BenchResult, BenchSection } from '../section.ts';
import { runFanIn } from './fanIn.ts';
import type { FanInLoad, FanInResult } from './fanIn.ts';

const MOSQUITTO_URL = process.env.BENCH_MOSQUITTO_URL ?? 'mqtt://127.0.0.1:1883';
const AEDES_SERVER = fileURLToPath(new URL('./aedesServer.ts', import.meta.url));

/** The load cases: the demo fleet, a large fleet, and the 2 000 × 10 Hz stress case. */
function loads(quick: boolean): FanInLoad[] {
  const seconds = quick ? 2 : 6;
  return [
    { drones: 100, hz: 10, seconds, connections: 100 },
    { drones: 1_000, hz: 10, seconds, connections: 200 },
    { drones: 2_000, hz: 10, seconds, connections: 200 },
  ];
}

function reachable(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise<boolean>((resolve) => {
    const socket = createConnection({ host: hostname, port: Number(port || 1883) });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1_000);
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
    socket.once('timeout', () => done(false));
  });
}

async function startAedes(): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', AEDES_SERVER], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) =>
      reject(new Error(`Aedes benchmark broker exited (${String(code)})`)),
    );
    child.stdout.on('data', (chunk: Buffer) => {
      const match = /ready (\d+)/.exec(chunk.toString());
      if (match) resolve(Number(match[1]));
    });
  });
  return { url: `mqtt://127.0.0.1:${port}`, child };
}

const row = (broker: string, load: FanInLoad, r: FanInResult): (string | number)[] => [
  broker,
  load.drones,
  load.drones * load.hz,
  r.rate,
  r.lossPercent,
  r.p50,
  r.p95,
  r.p99,
];

/** Runs every load against Aedes, then against Mosquitto when it answers. */
export async function run(opts: BenchOptions = { quick: false }): Promise<BenchResult> {
  const rows: (string | number)[][] = [];
  const notes: string[] = [];
  const aedes = await startAedes();
  try {
    for (const load of loads(opts.quick))
      rows.push(row('Aedes 1.x', load, await runFanIn(aedes.url, load)));
  } finally {
    aedes.child.kill('SIGTERM');
  }
  if (await reachable(MOSQUITTO_URL)) {
    for (const load of loads(opts.quick))
      rows.push(row('Mosquitto', load, await runFanIn(MOSQUITTO_URL, load)));
  } else
    notes.push(
      `Mosquitto not reachable at ${MOSQUITTO_URL} (set BENCH_MOSQUITTO_URL): Aedes only.`,
    );
  notes.push(
    'One subscriber receives every aircraft osd (~600 B, QoS 0), as ingestion does. Publishers and the subscriber share the load process, the broker runs in its own; latency is publish → receive measured in the load process.',
    'delivered msg/s counts the drain after sending stops, so a broker that falls behind shows a lower rate and high latency rather than loss.',
    'Aedes runs bare in a child process here; embedded in the server it also shares the event loop with HTTP, ingestion and the ACL hooks.',
    'The machine is shared: treat differences under ~20 % as noise.',
  );
  return {
    title: 'Broker fan-in: Aedes vs Mosquitto (10 Hz per aircraft)',
    columns: [
      'broker',
      'aircraft',
      'offered msg/s',
      'delivered msg/s',
      'loss %',
      'p50 ms',
      'p95 ms',
      'p99 ms',
    ],
    rows,
    notes,
  };
}

export const brokerSection: BenchSection = { id: 'broker', run };
