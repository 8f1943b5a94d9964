/**
 * Benchmark section `browser`: the browser measured alone. A private Mosquitto (or none: the section
 * is skipped), the replay load generator in its own process, and the bench page
 * (src/telemetry/bench/) built into its own folder, at 100, 500, 1 000, 2 000 and 5 000 aircraft
 * × 10 Hz. Per fleet size, three pages in turn (the naive one only up to 2 000): the console's data path without a map, the same with the
 * workbench map drawing, and the naive baseline (MQTT + JSON.parse + a store update per message on
 * the main thread). The figure is the ratio of main-thread time, naive / console.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import type { BenchOptions, BenchResult, BenchSection } from '../section.ts';
import { BENCH_PAGE_OUT } from './benchPage.vite.config.ts';
import type { PageMode, PageResult } from './browserRun.ts';
import { measurePage } from './browserRun.ts';
import { isSoftwareRenderer } from './renderer.ts';
import { startMosquitto } from './mosquitto.ts';
import { startReplayProcess } from './replayProcess.ts';
import { serveStatic } from './staticServer.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ROOT = resolve(import.meta.dirname, '../..');
const FLEETS = [100, 500, 1_000, 2_000, 5_000] as const;
const HZ = 10;
const MODES: readonly PageMode[] = ['data', 'map', 'naive'];
/** The naive page already falls behind at 2 000 aircraft: larger fleets measure the console only. */
const NAIVE_UP_TO = 2_000;
const modesFor = (drones: number): readonly PageMode[] =>
  drones > NAIVE_UP_TO ? MODES.filter((m) => m !== 'naive') : MODES;

const round = (value: number, digits = 0): number =>
  Number.isFinite(value) ? Number(value.toFixed(digits)) : Number.NaN;

/** The time a page spends on telemetry: its steps for the console, everything for the naive page. */
const telemetryMs = (r: PageResult): number =>
  r.mode === 'naive' ? r.busyMsPerS : r.applyMsPerS + r.mapMsPerS;

function row(drones: number, r: PageResult, naive: PageResult | undefined): (string | number)[] {
  const ratio =
    naive === undefined || r.mode === 'naive'
      ? ''
      : `${(naive.busyMsPerS / r.busyMsPerS).toFixed(1)}×`;
  return [
    drones,
    r.mode,
    round(r.msgsPerS),
    r.mode !== 'map'
      ? '—'
      : Number.isNaN(r.p50)
        ? 'no frame drawn'
        : `${round(r.p50)} / ${round(r.p95)}`,
    round(r.busyMsPerS),
    round(r.scriptMsPerS),
    round(telemetryMs(r), 1),
    `${r.longTasks} (max ${round(r.longestTaskMs)} ms)`,
    round(r.fps, 1),
    round(r.heapMb, 1),
    ratio,
  ];
}

async function run(opts: BenchOptions): Promise<BenchResult> {
  const title =
    'Browser alone: Mosquitto → console worker + store (+ map) vs a naive main-thread page';
  const columns = [
    'drones',
    'page',
    'msgs/s in',
    'publish→drawn p50 / p95 ms',
    'main busy ms/s',
    'script ms/s',
    'telemetry ms/s',
    'long tasks >50 ms',
    'fps',
    'heap MB',
    'naive busy ÷ this',
  ];
  if (!existsSync(CHROMIUM))
    return { title, columns, rows: [], notes: [`skipped: no Chromium at ${CHROMIUM}`] };
  const broker = await startMosquitto();
  if (broker === null)
    return { title, columns, rows: [], notes: ['skipped: no Mosquitto on this machine'] };
  const rows: (string | number)[][] = [];
  const notes: string[] = [];
  const renderers = new Set<string>();
  const warmupMs = opts.quick ? 2_500 : 4_000;
  const measureMs = opts.quick ? 4_000 : 6_000;
  try {
    await promisify(execFile)(
      process.execPath,
      [
        resolve(ROOT, 'node_modules/vite/bin/vite.js'),
        'build',
        '--config',
        'bench/e2e/benchPage.vite.config.ts',
      ],
      { cwd: ROOT },
    );
    const site = await serveStatic(BENCH_PAGE_OUT);
    try {
      for (const drones of FLEETS) {
        // Subscribing five topics per aircraft takes the worker longer on a larger fleet.
        const settleMs = warmupMs + drones;
        // Until stopped: a loaded machine opens pages slower than any fixed duration assumes.
        const replay = await startReplayProcess(broker.tcpUrl, drones, HZ, 0);
        const results = new Map<PageMode, PageResult>();
        for (const mode of modesFor(drones)) {
          const plan = {
            pageUrl: site.url,
            pageDir: BENCH_PAGE_OUT,
            wsUrl: broker.wsUrl,
            sns: replay.sns,
            mode,
            warmupMs: settleMs,
            measureMs,
            gpu: opts.gpu,
          };
          results.set(mode, await measurePage(plan));
        }
        const load = await replay.stop();
        const naive = results.get('naive');
        for (const mode of modesFor(drones)) {
          const r = results.get(mode);
          if (r === undefined) continue;
          rows.push(row(drones, r, naive));
          renderers.add(r.renderer);
        }
        if (load !== null)
          notes.push(
            `${drones} aircraft: the replay process sent ${load.rate} msgs/s at ${load.cpuMsPer1000} ms CPU per 1 000 msgs/s.`,
          );
      }
    } finally {
      await site.close();
    }
  } finally {
    await broker.stop();
  }
  const software = [...renderers].every(isSoftwareRenderer);
  if (opts.gpu === true && software)
    notes.push(
      'Asked for the GPU (--gpu), but Chromium found none it could use and fell back to software: these are not GPU figures.',
    );
  notes.push(
    `WebGL renderer${renderers.size > 1 ? 's' : ''} of these pages: ${[...renderers].join('; ') || 'none measured'}${opts.gpu === true ? ' (started with --gpu)' : ''}.`,
    `Each page ${warmupMs / 1000} s (+1 s per 1 000 aircraft) to settle, then ${measureMs / 1000} s measured; headless Chromium at 1440×900${software ? ', drawing WebGL in software: fps and map cost include raster work a GPU would take' : ' on the GPU named above'}.`,
    'Each page runs in its own Chromium, read over a bare DevTools connection (Performance and Runtime only): a Playwright-driven page also reports every WebSocket frame to the driver, which at 2 000 aircraft cost more than the page and cut what it received to 11 000–13 000 msgs/s.',
    '"main busy" = Chrome Performance.TaskDuration of the renderer main thread; "telemetry" = the console\'s User Timing measures around applying a delta (skydeck:apply) and building + pushing the map data (skydeck:map); for the naive page everything it does is telemetry.',
    'publish→drawn: payload timestamp → the first map render after the source loaded the push (console frame probe).',
  );
  return { title, columns, rows, notes };
}

/** Section `browser`: the console's share of the live path, without server or simulator. */
export const browserSection: BenchSection = { id: 'browser', run };
