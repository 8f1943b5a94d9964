/**
 * Benchmark section 2: the simulator at 100, 1 000 and 2 000 drones at 10 Hz through the embedded
 * broker into the workbench in headless Chromium. Reports what the operator's tab experiences:
 * messages received, publish→screen latency, main-thread load, long tasks, frame rate and heap.
 */
import { existsSync } from 'node:fs';
import { launchBrowser } from '../../tests/e2e/support/browser.ts';
import type { BenchOptions, BenchResult, BenchSection } from '../section.ts';
import type { RunResult } from './workbenchRun.ts';
import { measureWorkbench } from './workbenchRun.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const FLEETS = [100, 1_000, 2_000] as const;
/** The load: every aircraft publishes osd ten times a second. */
const OSD_HZ = 10;

const round = (value: number, digits = 0): number => Number(value.toFixed(digits));

function row(r: RunResult): (string | number)[] {
  return [
    r.drones,
    round(r.msgsPerS),
    round(r.p50),
    round(r.p95),
    round(r.p99),
    round(r.arrivalP95),
    round(r.busyPct, 1),
    `${r.longTasks} (max ${round(r.longestTaskMs)} ms)`,
    round(r.fps, 1),
    round(r.heapMb, 1),
  ];
}

async function run(opts: BenchOptions): Promise<BenchResult> {
  const title = 'End to end: simulator → embedded broker → worker → workbench (headless Chromium)';
  const columns = [
    'drones',
    'msgs/s in',
    'p50 ms',
    'p95 ms',
    'p99 ms',
    'p95 to worker ms',
    'main busy %',
    'long tasks >50 ms',
    'fps',
    'heap MB',
  ];
  if (!existsSync(CHROMIUM))
    return { title, columns, rows: [], notes: [`skipped: no Chromium at ${CHROMIUM}`] };
  const browser = await launchBrowser();
  const rows: (string | number)[][] = [];
  try {
    for (const drones of FLEETS) {
      const plan = {
        drones,
        hz: OSD_HZ,
        warmupMs: opts.quick ? 5_000 : 15_000,
        measureMs: opts.quick ? 5_000 : 20_000,
      };
      rows.push(row(await measureWorkbench(browser, plan)));
    }
  } finally {
    await browser.close();
  }
  return {
    title,
    columns,
    rows,
    notes: [
      `Aircraft osd at ${OSD_HZ} Hz (docks add 1 Hz each); server, broker, simulator and browser share this machine.`,
      'Latency: payload timestamp (simulator clock) → the first map render after the drones source took the update.',
      '"p95 to worker": payload timestamp → receipt in the telemetry worker (simulator, broker, WebSocket).',
      'Main busy %: renderer main-thread task time (CDP Performance.TaskDuration) per wall-clock second.',
      'Headless Chromium draws WebGL in software here, so fps is a floor, not what a GPU desktop shows.',
      'Targets (issue 4): 2 000 drones at 10 Hz with p95 ≤ 150 ms, no long task from telemetry, ≥ 50 fps.',
    ],
  };
}

/** The end-to-end section, `npm run bench -- --only e2e`. */
export const workbenchSection: BenchSection = { id: 'e2e', run };
