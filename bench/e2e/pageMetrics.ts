/**
 * What the end-to-end benchmark reads from the page: frames (an rAF counter), long tasks (the
 * `longtask` PerformanceObserver), main-thread busy time and heap (Chrome's Performance domain over
 * CDP) and publish→screen latencies (the workbench's `window.__skydeckProbe`).
 */
import type { BrowserContext, CDPSession, Page } from 'playwright-core';

/** Installed before any page script runs. */
export const INIT_SCRIPT = `
  window.__skydeckProbeWanted = true; // loads the console's latency probe (frameProbe.ts)
  window.__benchFrames = 0;
  window.__benchLongTasks = [];
  const countFrame = () => { window.__benchFrames += 1; requestAnimationFrame(countFrame); };
  requestAnimationFrame(countFrame);
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__benchLongTasks.push(entry.duration);
  }).observe({ type: 'longtask', buffered: true });
`;

export interface PageSnapshot {
  at: number;
  frames: number;
  longTasks: number[];
  /** Seconds the renderer's main thread spent in tasks since it started. */
  taskSeconds: number;
  heapBytes: number;
}

export interface ProbeDrain {
  latenciesMs: number[];
  arrivalMs: number[];
  deltas: number;
  deviceUpdates: number;
  stats: { in: number } | null;
}

/** Prepares a context so its pages count frames and long tasks. */
export async function instrument(context: BrowserContext): Promise<void> {
  await context.addInitScript({ content: INIT_SCRIPT });
}

/** Opens the CDP session the snapshots read main-thread time and heap from. */
export async function performanceSession(page: Page): Promise<CDPSession> {
  const session = await page.context().newCDPSession(page);
  await session.send('Performance.enable');
  return session;
}

/** Reads the counters now; long tasks are taken (and cleared) from the page. */
export async function snapshot(page: Page, session: CDPSession): Promise<PageSnapshot> {
  const { metrics } = await session.send('Performance.getMetrics');
  const metric = (name: string): number => metrics.find((m) => m.name === name)?.value ?? 0;
  const inPage = await page.evaluate(() => {
    const w = globalThis as unknown as { __benchFrames: number; __benchLongTasks: number[] };
    const longTasks = w.__benchLongTasks.splice(0);
    return { frames: w.__benchFrames, longTasks };
  });
  return {
    at: Date.now(),
    ...inPage,
    taskSeconds: metric('TaskDuration'),
    heapBytes: metric('JSHeapUsedSize'),
  };
}

/** The page expression that takes the probe's samples (a page without the probe gives `null`). */
export const DRAIN_PROBE =
  'globalThis.__skydeckProbe === undefined ? null : globalThis.__skydeckProbe.drain()';

/** Takes the workbench's latency samples and counters gathered since the previous call. */
export function drainProbe(page: Page): Promise<ProbeDrain | null> {
  return page.evaluate<ProbeDrain | null>(DRAIN_PROBE);
}

/** The `q` quantile (0–1) of `values`, nearest rank; NaN when empty. */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return (
    sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? Number.NaN
  );
}
