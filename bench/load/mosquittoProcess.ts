/**
 * A Mosquitto of our own on free ports (TCP for devices and servers, WebSocket for the subscriber),
 * anonymous and without persistence: the benchmark never touches the machine's broker.
 */
import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../tests/e2e/support/server.ts';
import { reapOnExit } from './reapOnExit.ts';

const BINARY = process.env.BENCH_MOSQUITTO_BIN ?? 'mosquitto';

export interface MosquittoProcess {
  tcpUrl: string;
  wsUrl: string;
  pid: number | undefined;
  stop(): Promise<void>;
}

/** Whether a Mosquitto binary can be run here. */
export function mosquittoAvailable(): boolean {
  return spawnSync(BINARY, ['-h'], { stdio: 'ignore' }).error === undefined;
}

function waitForPort(port: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const attempt = () => {
      const socket = createConnection({ host: '127.0.0.1', port });
      socket.once('connect', () => {
        socket.destroy();
        resolve();
      });
      socket.once('error', () => {
        socket.destroy();
        if (Date.now() > deadline) reject(new Error(`mosquitto did not listen on ${port}`));
        else setTimeout(attempt, 100);
      });
    };
    attempt();
  });
}

/** Starts Mosquitto with its own configuration in a temporary folder. */
export async function startMosquitto(): Promise<MosquittoProcess> {
  const dir = await mkdtemp(join(tmpdir(), 'skydeck-bench-mosquitto-'));
  const tcp = await freePort();
  const ws = await freePort();
  const conf = join(dir, 'mosquitto.conf');
  await writeFile(
    conf,
    [
      'per_listener_settings false',
      'allow_anonymous true',
      'persistence false',
      'log_dest none',
      // A fleet's worth of QoS 0 traffic per subscriber must not be cut by the default queue.
      'max_queued_messages 0',
      `listener ${tcp} 127.0.0.1`,
      `listener ${ws} 127.0.0.1`,
      'protocol websockets',
      '',
    ].join('\n'),
  );
  const child: ChildProcess = reapOnExit(spawn(BINARY, ['-c', conf], { stdio: 'ignore' }));
  await waitForPort(tcp, 5_000);
  return {
    tcpUrl: `mqtt://127.0.0.1:${tcp}`,
    wsUrl: `ws://127.0.0.1:${ws}`,
    pid: child.pid,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((done) => child.once('exit', done));
        child.kill('SIGTERM');
        await exited;
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}
