/**
 * Time as the MQTT modules see it: a clock and a repeating scheduler, injected so tests advance time
 * by hand instead of sleeping.
 */

export interface Scheduler {
  /** Milliseconds since the epoch. */
  now(): number;
  /** Runs `task` every `ms` until the returned function is called. */
  every(ms: number, task: () => void): () => void;
}

/** Wall-clock time and Node timers. */
export const realScheduler: Scheduler = {
  now: () => Date.now(),
  every(ms, task) {
    const timer = setInterval(task, ms);
    // Background sweeps must not keep a finished process alive.
    timer.unref();
    return () => clearInterval(timer);
  },
};

/** A scheduler whose time only moves when `advance` is called (tests, deterministic simulation). */
export interface ManualScheduler extends Scheduler {
  advance(ms: number): void;
}

/** Creates a manual scheduler starting at `startMs`. */
export function manualScheduler(startMs: number): ManualScheduler {
  let now = startMs;
  const tasks = new Set<{ ms: number; next: number; task: () => void }>();
  return {
    now: () => now,
    every(ms, task) {
      const entry = { ms, next: now + ms, task };
      tasks.add(entry);
      return () => tasks.delete(entry);
    },
    advance(ms) {
      const end = now + ms;
      for (;;) {
        const due = [...tasks].filter((t) => t.next <= end).sort((a, b) => a.next - b.next)[0];
        if (!due) break;
        now = due.next;
        due.next += due.ms;
        due.task();
      }
      now = end;
    },
  };
}
