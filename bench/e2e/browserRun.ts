/**
 * One measured page of the browser benchmark: the bench page (src/telemetry/bench/) in a given mode,
 * fed by the benchmark's broker, in its own Chromium driven over a bare DevTools connection (see
 * `rawChromium.ts`). Main-thread time comes from Chrome's Performance domain, the telemetry steps
 * from the page's User Timing measures (`skydeck:apply`, `skydeck:map`), latencies from the
 * console's frame probe.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DRAIN_PROBE, INIT_SCRIPT, quantile } from './pageMetrics.ts';
import type { PageSnapshot, ProbeDrain } from './pageMetrics.ts';
import { openRawPage } from './rawChromium.ts';
import { RENDERER_EXPRESSION } from './renderer.ts';

export type PageMode = 'map' | 'data' | 'naive';

export interface PagePlan {
  /** Where the built bench page is served, and the folder it is served from. */
  pageUrl: string;
  pageDir: string;
  wsUrl: string;
  sns: string[];
  mode: PageMode;
  warmupMs: number;
  measureMs: number;
  /** Start the page's Chromium with the GPU switches (renderer.ts). */
  gpu?: boolean;
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
  /** The page's WebGL renderer (renderer.ts), so a figure says whether a GPU drew it. */
  renderer: string;
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

/** What `IN_PAGE` reads. */
interface InPage {
  frames: number;
  longTasks: number[];
  steps: { apply: number; map: number };
  naiveMessages: number;
}

interface PageCounters extends PageSnapshot, InPage {
  scriptSeconds: number;
}

/** Reads the page's own counters: frames, long tasks, telemetry steps, naive messages. */
const IN_PAGE = `({
  frames: window.__benchFrames,
  longTasks: window.__benchLongTasks.splice(0),
  steps: {
    apply: window.__benchSteps['skydeck:apply'] ?? 0,
    map: window.__benchSteps['skydeck:map'] ?? 0,
  },
  naiveMessages: window.__naiveMessages ?? 0,
})`;

/**
 * Writes the bench page with this run's configuration and instrumentation in front of its module
 * script (what an init script would do), and returns its file name.
 */
async function writeRunPage(plan: PagePlan): Promise<string> {
  const folder = join(plan.pageDir, 'bench/e2e/page');
  const html = await readFile(join(folder, 'index.html'), 'utf8');
  const config = { mode: plan.mode, ws: plan.wsUrl, sns: plan.sns };
  const head = `<head><script>window.__benchConfig = ${JSON.stringify(config)};\n${INIT_SCRIPT}\n${TIMING_SCRIPT}</script>`;
  const name = `run-${plan.mode}.html`;
  await writeFile(join(folder, name), html.replace('<head>', head));
  return name;
}

/** Opens the page in `mode`, lets it settle, and measures one window. */
export async function measurePage(plan: PagePlan): Promise<PageResult> {
  const name = await writeRunPage(plan);
  const page = await openRawPage(`${plan.pageUrl}/bench/e2e/page/${name}`, 1440, 900, {
    gpu: plan.gpu,
  });
  try {
    await sleep(plan.warmupMs);
    const read = async (): Promise<PageCounters> => {
      const metrics = await page.metrics();
      const inPage = await page.evaluate<InPage>(IN_PAGE);
      return {
        at: Date.now(),
        ...inPage,
        taskSeconds: metrics.TaskDuration ?? 0,
        scriptSeconds: metrics.ScriptDuration ?? 0,
        heapBytes: metrics.JSHeapUsedSize ?? 0,
      };
    };
    const before = await read();
    const start = await page.evaluate<ProbeDrain | null>(DRAIN_PROBE);
    await sleep(plan.measureMs);
    const after = await read();
    const end = await page.evaluate<ProbeDrain | null>(DRAIN_PROBE);
    const seconds = (after.at - before.at) / 1000;
    // Asked after the window: its context must not cost the measured seconds anything.
    const renderer = await page.evaluate<string>(RENDERER_EXPRESSION);
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
      renderer,
    };
  } finally {
    await page.close();
  }
}
