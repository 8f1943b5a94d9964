/**
 * A private Mosquitto for the browser benchmark: its own TCP and WebSocket ports, anonymous, nothing
 * persisted. The load generator publishes over TCP, the page subscribes over WebSocket.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../tests/e2e/support/server.ts';

export const MOSQUITTO = process.env.MOSQUITTO_PATH ?? '/usr/sbin/mosquitto';

export interface BenchBroker {
  tcpUrl: string;
  wsUrl: string;
  stop(): Promise<void>;
}

function reachable(port: number): Promise<boolean> {
  return new Promise((done) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      done(true);
    });
    socket.once('error', () => done(false));
  });
}

/** Starts Mosquitto when the machine has it; `null` otherwise. */
export async function startMosquitto(): Promise<BenchBroker | null> {
  if (!existsSync(MOSQUITTO)) return null;
  const dir = await mkdtemp(join(tmpdir(), 'skydeck-bench-mosquitto-'));
  const [tcp, ws] = [await freePort(), await freePort()];
  const conf = join(dir, 'mosquitto.conf');
  // No queue limit in messages, a large one in bytes: a slow page should show as latency, not loss.
  await writeFile(
    conf,
    [
      `listener ${tcp} 127.0.0.1`,
      'protocol mqtt',
      `listener ${ws} 127.0.0.1`,
      'protocol websockets',
      'allow_anonymous true',
      'persistence false',
      'max_queued_messages 0',
      'max_queued_bytes 268435456',
      'log_type error',
      '',
    ].join('\n'),
  );
  const child = spawn(MOSQUITTO, ['-c', conf], { stdio: 'ignore' });
  for (let i = 0; i < 50 && !(await reachable(tcp)); i++)
    await new Promise((done) => setTimeout(done, 100));
  return {
    tcpUrl: `mqtt://127.0.0.1:${tcp}`,
    wsUrl: `ws://127.0.0.1:${ws}`,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((done) => child.once('exit', done));
      await rm(dir, { recursive: true, force: true });
    },
  };
}
