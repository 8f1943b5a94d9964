/**
 * The replay load generator (`npm run sim -- --replay`) in its own process, so it never shares an
 * event loop with the broker or the subscriber it loads.
 */
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { reapOnExit } from './reapOnExit.ts';

const ROOT = resolve(import.meta.dirname, '../..');

export interface ReplaySummary {
  sent: number;
  events: number;
  offered: number;
  rate: number;
  cpuPercent: number;
  cpuMsPer1000: number;
}

export interface ReplayRun {
  /** Resolves once every connection is up and publishing has begun. */
  readonly started: Promise<void>;
  readonly done: Promise<ReplaySummary>;
  /** The generator's process, for its CPU from /proc. */
  readonly pid: number | undefined;
  kill(): void;
}

/** Starts `npm run sim -- --replay <args>` for `seconds`. */
export function runReplay(args: string[], seconds: number): ReplayRun {
  const child = reapOnExit(
    spawn(
      process.execPath,
      ['--import', 'tsx', 'server/sim/cli.ts', '--replay', '--duration', String(seconds), ...args],
      { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
    ),
  );
  let output = '';
  let onStart: () => void = () => undefined;
  const started = new Promise<void>((done) => (onStart = done));
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    if (output.includes('replay: ') && output.includes('connection(s)')) onStart();
  });
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const done = new Promise<ReplaySummary>((ok, fail) => {
    child.once('exit', (code) => {
      const line = /replay-summary (\{.*\})/.exec(output)?.[1];
      if (code === 0 && line) ok(JSON.parse(line) as ReplaySummary);
      else fail(new Error(`replay exited (${String(code)}):\n${output.slice(-2000)}`));
    });
  });
  // A failed start must not leave `started` pending forever.
  done.catch(() => onStart());
  return {
    started,
    done,
    pid: child.pid,
    kill: () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    },
  };
}
