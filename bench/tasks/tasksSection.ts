/**
 * `tasks`: the flight-task side of issue 10. KMZ parse time of a 2 000-waypoint route, and the
 * engine with 200 docks each running a task at once: dispatch latency and lost progress reports.
 */
import type { BenchOptions, BenchResult, BenchSection } from '../section.ts';
import { measureEngineLoad } from './engineLoad.ts';
import { measureKmzParse, measureLargest } from './kmzParse.ts';

const WAYPOINTS = 2_000;

function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return (
    sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN
  );
}

const ms = (v: number) => (Number.isFinite(v) ? `${v.toFixed(1)} ms` : 'n/a');

export const tasksSection: BenchSection = {
  id: 'tasks',
  async run(opts: BenchOptions): Promise<BenchResult> {
    const parse = measureKmzParse(WAYPOINTS, opts.quick ? 3 : 10);
    const largest = await measureLargest();
    const docks = opts.quick ? 50 : 200;
    const reports = opts.quick ? 10 : 30;
    const load = await measureEngineLoad(docks, reports);
    const lost = load.expectedProgress - load.storedProgress;
    return {
      title: 'Flight tasks: KMZ parse and engine under load',
      columns: ['measure', 'result'],
      rows: [
        [
          `KMZ parse, ${String(parse.points)} waypoints (${String(Math.round(parse.bytes / 1024))} KiB)`,
          `median ${ms(percentile(parse.times, 50))}, p95 ${ms(percentile(parse.times, 95))}`,
        ],
        [
          `KMZ read, 65 535 waypoints (${String(Math.round(largest.bytes / 1024))} KiB), one read`,
          `inline ${ms(largest.inlineMs)}; off the event loop ${ms(largest.offThreadMs)}, longest loop stall meanwhile ${ms(largest.loopStallMs)}`,
        ],
        [
          `engine: ${String(load.docks)} docks, task due at once → flighttask_execute`,
          `p50 ${ms(percentile(load.dispatchMs, 50))}, p95 ${ms(percentile(load.dispatchMs, 95))}, max ${ms(Math.max(...load.dispatchMs))} (${String(load.dispatchMs.length)} sent)`,
        ],
        [
          `flighttask_progress, ${String(reports)} per flight at 1 Hz`,
          `${String(load.storedProgress)} of ${String(load.expectedProgress)} stored, ${String(lost)} lost`,
        ],
        ['flights ended ok', `${String(load.finishedOk)} of ${String(load.docks)}`],
      ],
      notes: [
        'Parse: the fixture route grown to 2 000 waypoints with the server writer, read back with the upload reader (unzip, XML, checks).',
        'Largest: a lean execution file of 65 535 waypoints with a photo each; uploads, the editor and task pages read files over 64 KiB on a worker thread, so the loop stall is what other requests see meanwhile.',
        'Engine: in-memory PGlite with all migrations, the real engine loop (1 s rounds), fake docks answering at once; latency counts from the moment the tasks are due, so up to one round of waiting is included.',
        'Lost = reports sent minus timeline rows stored; each report moves the flight on, so each must become one row.',
      ],
    };
  },
};
