/**
 * One measured page of the browser benchmark: the bench page (src/telemetry/bench/) in a given mode,
 * fed by the benchmark's broker. Main-thread time comes from Chrome's Performance domain, the
 * telemetry steps from the page's User Timing measures (`skydeck:apply`, `skydeck:map`), latencies
 * from the console's frame probe.
 */
import type { Browser } from 'playwright-core';
import { drainProbe, instrument, performanceSession, quantile } from './pageMetrics.ts';
import type { PageSnapshot } from './pageMetrics.ts';

export type PageMode = 'map' | 'data' | 'naive';

export interface PagePlan {
  pageUrl: string;
  wsUrl: string;
  sns: string[];
  mode: PageMode;
  warmupMs: number;
  measureMs: number;
}

export interface PageResult {
  mode: PageMode;
  msgsPerS: number;
  /** publish → drawn (map mode only). */
  p50: number;
  p95: number;
  /** Main-thread busy ms per second (all tasks) and script ms per second. */
  busyMsPerS: number;
  scriptMsPerS: number;
  /** ms per second inside the telemetry steps: applying deltas, and building/pushing map data. */
  applyMsPerS: number;
  mapMsPerS: number;
  longTasks: number;
  longestTaskMs: number;
  fps: number;
  heapMb: number;
}

/** Sums the page's User Timing measures of the telemetry steps. */
const TIMING_SCRIPT = `
  window.__benchSteps = { 'skydeck:apply': 0, 'skydeck:map': 0 };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      if (entry.name in window.__benchSteps) window.__benchSteps[entry.name] += entry.duration;
  }).observe({ type: 'measure' });
`;

const sleep = (ms: number): Promise<void> => new Promise((done) => setTimeout(done, ms));

interface PageCounters extends PageSnapshot {
  scriptSeconds: number;
  steps: { apply: number; map: number };
  naiveMessages: number;
}

/** Opens the page in `mode`, lets it settle, and measures one window. */
export async function measurePage(browser: Browser, plan: PagePlan): Promise<PageResult> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    await instrument(context);
    const config = { mode: plan.mode, ws: plan.wsUrl, sns: plan.sns };
    await context.addInitScript({
      content: `window.__benchConfig = ${JSON.stringify(config)};\n${TIMING_SCRIPT}`,
    });
    const page = await context.newPage();
    await page.goto(`${plan.pageUrl}/bench/e2e/page/index.html`);
    await sleep(plan.warmupMs);
    const session = await performanceSession(page);
    const read = async (): Promise<PageCounters> => {
      const { metrics } = await session.send('Performance.getMetrics');
      const metric = (name: string): number => metrics.find((m) => m.name === name)?.value ?? 0;
      const inPage = await page.evaluate(() => {
        const w = globalThis as unknown as {
          __benchFrames: number;
          __benchLongTasks: number[];
          __benchSteps: Record<string, number>;
          __naiveMessages?: number;
        };
        return {
          frames: w.__benchFrames,
          longTasks: w.__benchLongTasks.splice(0),
          steps: {
            apply: w.__benchSteps['skydeck:apply'] ?? 0,
            map: w.__benchSteps['skydeck:map'] ?? 0,
          },
          naiveMessages: w.__naiveMessages ?? 0,
        };
      });
      return {
        at: Date.now(),
        ...inPage,
        taskSeconds: metric('TaskDuration'),
        scriptSeconds: metric('ScriptDuration'),
        heapBytes: metric('JSHeapUsedSize'),
      };
    };
    const before = await read();
    const start = await drainProbe(page);
    await sleep(plan.measureMs);
    const after = await read();
    const end = await drainProbe(page);
    const seconds = (after.at - before.at) / 1000;
    const received =
      plan.mode === 'naive'
        ? after.naiveMessages - before.naiveMessages
        : (end?.stats?.in ?? 0) - (start?.stats?.in ?? 0);
    const latencies = plan.mode === 'map' ? (end?.latenciesMs ?? []) : [];
    return {
      mode: plan.mode,
      msgsPerS: received / seconds,
      p50: quantile(latencies, 0.5),
      p95: quantile(latencies, 0.95),
      busyMsPerS: (1000 * (after.taskSeconds - before.taskSeconds)) / seconds,
      scriptMsPerS: (1000 * (after.scriptSeconds - before.scriptSeconds)) / seconds,
      applyMsPerS: (after.steps.apply - before.steps.apply) / seconds,
      mapMsPerS: (after.steps.map - before.steps.map) / seconds,
      longTasks: after.longTasks.length,
      longestTaskMs: Math.max(0, ...after.longTasks),
      fps: (after.frames - before.frames) / seconds,
      heapMb: after.heapBytes / 2 ** 20,
    };
  } finally {
    await context.close();
  }
}
