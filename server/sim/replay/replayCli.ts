/**
 * `npm run sim -- --replay …`: the replay load generator from the command line. Prints one line per
 * report period with the rate sent and this process's own CPU per 1 000 msgs/s, and a JSON summary
 * line (`replay-summary {…}`) at the end for the benchmark that drives it.
 */
import { parseArgs } from 'node:util';
import { DEFAULT_SEED } from '../fleet.ts';
import { DEFAULT_SIM_KEY } from '../simulator.ts';
import { startReplay } from './replay.ts';
import type { ReplayReport } from './replay.ts';

const USAGE = `usage: npm run sim -- --replay [--aircraft 2000] [--rate 10] [--docks N (default all)] [--dock-rate 0.5]
  [--connections per-device|few] [--few 4 --username u --password p] [--url mqtt://127.0.0.1:1883]
  [--duration 60 (s, 0 = until stopped)] [--state-every 10] [--event-every 60] [--event-method hms|gas_reading] [--key k] [--seed n] [--prefix SIM]`;
const REPORT_EVERY_MS = 5_000;

function positive(name: string, text: string, allowZero = false): number {
  const n = Number(text);
  if (!Number.isFinite(n) || n < 0 || (!allowZero && n === 0)) {
    console.error(
      `--${name} must be a ${allowZero ? 'non-negative' : 'positive'} number\n${USAGE}`,
    );
    process.exit(2);
  }
  return n;
}

/** Runs the generator with `argv` (the arguments after the script). */
export async function runReplayCli(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      replay: { type: 'boolean' },
      aircraft: { type: 'string', default: '2000' },
      rate: { type: 'string', default: '10' },
      docks: { type: 'string' },
      'dock-rate': { type: 'string', default: '0.5' },
      connections: { type: 'string', default: 'per-device' },
      few: { type: 'string', default: '4' },
      username: { type: 'string' },
      password: { type: 'string' },
      url: { type: 'string', default: process.env.MQTT_URL ?? 'mqtt://127.0.0.1:1883' },
      duration: { type: 'string', default: '60' },
      'state-every': { type: 'string', default: '10' },
      'event-every': { type: 'string', default: '60' },
      'event-method': { type: 'string', default: 'hms' },
      key: { type: 'string', default: process.env.SIM_SECRET_KEY ?? DEFAULT_SIM_KEY },
      seed: { type: 'string', default: String(DEFAULT_SEED) },
      prefix: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const eventMethod = values['event-method'];
  if (eventMethod !== 'hms' && eventMethod !== 'gas_reading') {
    console.error(`--event-method must be hms or gas_reading\n${USAGE}`);
    process.exit(2);
  }
  if (values.connections !== 'per-device' && values.connections !== 'few') {
    console.error(`--connections must be per-device or few\n${USAGE}`);
    process.exit(2);
  }
  const aircraft = Math.round(positive('aircraft', values.aircraft));
  const replay = await startReplay({
    url: values.url,
    aircraft,
    rate: positive('rate', values.rate),
    docks: values.docks === undefined ? aircraft : positive('docks', values.docks, true),
    dockRate: positive('dock-rate', values['dock-rate'], true),
    stateEvery: positive('state-every', values['state-every'], true),
    eventEvery: positive('event-every', values['event-every'], true),
    eventMethod,
    connections: values.connections,
    fewCount: Math.round(positive('few', values.few)),
    username: values.username,
    password: values.password,
    key: values.key,
    seed: positive('seed', values.seed, true),
    prefix: values.prefix,
  });
  console.log(
    `replay: ${aircraft} aircraft over ${replay.connected} connection(s), offering ${Math.round(replay.offered)} msgs/s → ${values.url}`,
  );
  const reports: ReplayReport[] = [];
  const timer = setInterval(() => {
    const r = replay.report();
    reports.push(r);
    console.log(
      `replay: ${r.rate} msgs/s, cpu ${r.cpuPercent} % of a core = ${r.cpuMsPer1000} ms per 1 000 msgs/s, socket backlog ${r.backlog} B`,
    );
  }, REPORT_EVERY_MS);
  const finish = async () => {
    clearInterval(timer);
    await replay.stop();
    // After the final tick: the totals count everything that went out.
    const last = replay.report();
    const all = [...reports, last].filter((r) => r.rate > 0);
    const mean = (f: (r: ReplayReport) => number) =>
      all.length ? all.reduce((n, r) => n + f(r), 0) / all.length : 0;
    console.log(
      `replay-summary ${JSON.stringify({
        sent: last.sent,
        events: last.events,
        offered: Math.round(replay.offered),
        rate: Math.round(mean((r) => r.rate)),
        cpuPercent: Math.round(mean((r) => r.cpuPercent)),
        cpuMsPer1000: Number(mean((r) => r.cpuMsPer1000).toFixed(1)),
      })}`,
    );
    process.exit(0);
  };
  const seconds = positive('duration', values.duration, true);
  if (seconds > 0) setTimeout(() => void finish(), seconds * 1000);
  process.once('SIGINT', () => void finish());
  process.once('SIGTERM', () => void finish());
}
