/**
 * Children a benchmark starts (servers, brokers, the generator) are not ended with it: a row that
 * fails half-way (a start that timed out) would leave them loading a shared machine. Each is killed
 * when the benchmark's process exits, unless it already ended.
 */
import type { ChildProcess } from 'node:child_process';

const running = new Set<ChildProcess>();
let hooked = false;

/** Kills `child` when this process exits; returns it. */
export function reapOnExit<T extends ChildProcess>(child: T): T {
  running.add(child);
  child.once('exit', () => running.delete(child));
  if (!hooked) {
    hooked = true;
    process.once('exit', () => {
      for (const c of running) c.kill('SIGKILL');
    });
  }
  return child;
}
