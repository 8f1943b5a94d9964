/** Throughput of one timed run. */
export interface RunSample {
  messages: number;
  ms: number;
}

/** Median of a non-empty list. */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[mid] ?? 0)
    : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

/** Runs `run` `warmups` times untimed (JIT warm-up), then `runs` times timed. */
export function sample(warmups: number, runs: number, run: () => RunSample): RunSample[] {
  for (let i = 0; i < warmups; i++) run();
  return Array.from({ length: runs }, run);
}

/**
 * Times `body`, which handles `messages` messages, in CPU time of this process (user + system, GC
 * threads included): on a shared machine wall time also counts the time spent waiting for a core,
 * which says nothing about the code. On an idle machine the two agree within a few per cent.
 */
export function timed(messages: number, body: () => void): RunSample {
  const start = process.cpuUsage();
  body();
  const used = process.cpuUsage(start);
  return { messages, ms: (used.user + used.system) / 1000 };
}

/** Median messages per second and ns per message over the samples. */
export function summarise(samples: RunSample[]): { msgsPerS: number; nsPerMsg: number } {
  const nsPerMsg = median(samples.map((s) => (s.ms * 1e6) / s.messages));
  return { msgsPerS: 1e9 / nsPerMsg, nsPerMsg };
}
