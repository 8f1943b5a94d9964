/**
 * Benchmark section: AI-alarm fan-out to 20 consoles (MQTT over WebSocket, as the browser tabs
 * connect) and the time until the alarm is stored with its snapshot. Numbers, not pass/fail.
 */
import { startDrcBenchServer } from '../drc/drcServer.ts';
import type { BenchOptions, BenchResult, BenchSection } from '../section.ts';
import { measureFanOut } from './alarmFanOut.ts';

const CONSOLES = 20;

function percentile(values: readonly number[], p: number): number {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return Math.round((sorted[Math.max(0, index)] ?? Number.NaN) * 10) / 10;
}

const row = (what: string, values: readonly number[]): (string | number)[] => [
  what,
  values.length,
  percentile(values, 50),
  percentile(values, 95),
  percentile(values, 100),
];

async function run(opts: BenchOptions): Promise<BenchResult> {
  // No simulated fleet: the measured alarms are the only traffic.
  const server = await startDrcBenchServer(0);
  try {
    const alarms = opts.quick ? 10 : 60;
    const samples = await measureFanOut(server, CONSOLES, alarms);
    return {
      title: `AI alarms: fan-out to ${String(CONSOLES)} consoles and storage (ms)`,
      columns: ['measure', 'samples', 'p50', 'p95', 'max'],
      rows: [
        row(`publish → received by each of ${String(CONSOLES)} consoles`, samples.deliveryMs),
        row('publish → stored with its snapshot JPEG', samples.storedMs),
      ],
      notes: [
        `${String(alarms)} ai_alarm events from one dock, 250 ms apart; ${String(CONSOLES)} WebSocket MQTT clients signed in as admin.`,
        'Stored = ingestion wrote the row and rendered a 960×540 snapshot into the object store (what the toast thumbnail waits for).',
        'Embedded Aedes broker and in-memory PGlite in this process.',
      ],
    };
  } finally {
    await server.handle.close();
  }
}

export const alarmsSection: BenchSection = { id: 'alarms', run };
