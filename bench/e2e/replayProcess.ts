/**
 * The load of the browser benchmark: helper process `npm run sim -- --replay` (pre-encoded osd,
 * timestamps patched in place), in its own process so it never shares the page's CPU accounting.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { aircraftSn } from '../../server/sim/fleet.ts';

const ROOT = resolve(import.meta.dirname, '../..');

export interface ReplayProcess {
  /** Serial numbers of the aircraft it publishes for. */
  sns: string[];
  /** Its own CPU per 1 000 msgs/s and the rate it sent, from its summary line. */
  stop(): Promise<{ rate: number; cpuMsPer1000: number } | null>;
}

/**
 * Starts `aircraft` aircraft at `hz` osd per second (no docks, state or events) for `seconds`
 * (0: until `stop`).
 */
export async function startReplayProcess(
  brokerUrl: string,
  aircraft: number,
  hz: number,
  seconds: number,
): Promise<ReplayProcess> {
  const args = [
    '--import',
    'tsx',
    'server/sim/cli.ts',
    '--replay',
    ...['--aircraft', String(aircraft), '--rate', String(hz), '--docks', '0'],
    ...['--state-every', '0', '--event-every', '0', '--connections', 'few', '--few', '4'],
    ...['--url', brokerUrl, '--duration', String(seconds)],
  ];
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    out += chunk.toString();
  });
  await new Promise<void>((done, fail) => {
    const check = setInterval(() => {
      if (out.includes('offering')) {
        clearInterval(check);
        done();
      }
    }, 50);
    child.once('exit', (code) => {
      clearInterval(check);
      fail(new Error(`replay exited with ${String(code)} before publishing:\n${out}`));
    });
  });
  return {
    sns: Array.from({ length: aircraft }, (_, i) => aircraftSn(i)),
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((done) => child.once('exit', done));
      }
      const line = out.split('\n').find((l) => l.startsWith('replay-summary '));
      if (line === undefined) return null;
      const summary = JSON.parse(line.slice('replay-summary '.length)) as {
        rate: number;
        cpuMsPer1000: number;
      };
      return summary;
    },
  };
}
