import type { Scheduler } from '../runtime/scheduler.ts';

/**
 * Runs `task` once, `ms` from now on `scheduler`'s clock; the returned function cancels it. The
 * scheduler only repeats, so the first run cancels the repetition (a manual scheduler in tests then
 * moves retries and digests with virtual time).
 */
export function after(scheduler: Scheduler, ms: number, task: () => void): () => void {
  let done = false;
  const cancel = scheduler.every(Math.max(1, ms), () => {
    if (done) return;
    done = true;
    cancel();
    task();
  });
  return () => {
    done = true;
    cancel();
  };
}
