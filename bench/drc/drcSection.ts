/**
 * Benchmark section: DRC stick command → aircraft reaction as seen on `drc/up`, and the heartbeat
 * echo, against the real server, broker and simulator in this process. Numbers, not pass/fail.
 */
import { loadavg } from 'node:os';
import type { BenchOptions, BenchResult, BenchSection } from '../section.ts';
import { startDrcBenchServer } from './drcServer.ts';
import { measureStickReaction } from './stickReaction.ts';

function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return Math.round((sorted[Math.max(0, index)] ?? Number.NaN) * 10) / 10;
}

const row = (what: string, values: readonly number[]): (string | number)[] => [
  what,
  values.length,
  percentile(values, 50),
  percentile(values, 95),
  Math.round(Math.max(...values) * 10) / 10,
];

async function run(opts: BenchOptions): Promise<BenchResult> {
  const server = await startDrcBenchServer(8);
  try {
    const trials = opts.quick ? 4 : 20;
    const samples = await measureStickReaction(server, trials);
    return {
      title: 'DRC: stick → reaction on drc/up (ms)',
      columns: ['measure', 'samples', 'p50', 'p95', 'max'],
      rows: [
        row('stick_control → osd_info_push moving', samples.reactionMs),
        row('heart_beat → echo', samples.heartbeatMs),
      ],
      notes: [
        'One airborne simulated aircraft under DRC; full-forward pitch after 2.5 s of centred sticks.',
        'Reaction includes broker hops both ways, the 10 Hz DRC tick of the simulator and the 10 Hz osd_info_push.',
        'No latency injected (DRC_TEST_HOOKS off).',
        `${String(trials)} trials${opts.quick ? ' (--quick)' : ''}; load average at the end (1, 5, 15 min): ${loadavg()
          .map((v) => v.toFixed(2))
          .join(' ')}.`,
      ],
    };
  } finally {
    await server.handle.close();
  }
}

export const drcSection: BenchSection = { id: 'drc', run };
