/**
 * Standalone simulator / load generator against any broker:
 *   npm run sim -- --drones 2000 --hz 10 --url mqtt://127.0.0.1:1883 [--username u --password p] [--seed n]
 * Without --username every dock signs in with its serial number (as username and client id, the rule
 * every Skydeck broker path enforces) and derived secret; with it, all docks share one connection with
 * those credentials.
 * `npm run sim -- --replay …` is the benchmark's load generator instead (server/sim/replay/).
 */
import { parseArgs } from 'node:util';
import type { Log } from '../runtime/log.ts';
import { realScheduler } from '../runtime/scheduler.ts';
import { buildFleet, DEFAULT_CENTER, DEFAULT_SEED, DEFAULT_SN_PREFIX } from './fleet.ts';
import { mqttTransport } from './mqttTransport.ts';
import { DEFAULT_SIM_KEY, startSimulator } from './simulator.ts';
import { runReplayCli } from './replay/replayCli.ts';

const REPORT_EVERY_MS = 5_000;
const USAGE =
  'usage: npm run sim -- [--drones 12] [--hz 2] [--url mqtt://127.0.0.1:1883] [--username u --password p] [--seed n] [--center lat,lng] [--key k] [--prefix SIM]';

const log: Log = {
  info: (msg) => console.log(msg),
  warn: (msg) => console.warn(msg),
  error: (msg) => console.error(msg),
};

function options() {
  const { values } = parseArgs({
    options: {
      drones: { type: 'string', default: process.env.SIM_DRONES ?? '12' },
      hz: { type: 'string', default: process.env.SIM_OSD_HZ ?? '2' },
      url: { type: 'string', default: process.env.MQTT_URL ?? 'mqtt://127.0.0.1:1883' },
      username: { type: 'string' },
      password: { type: 'string' },
      seed: { type: 'string', default: String(DEFAULT_SEED) },
      center: { type: 'string', default: `${DEFAULT_CENTER.lat},${DEFAULT_CENTER.lng}` },
      key: { type: 'string', default: process.env.SIM_SECRET_KEY ?? DEFAULT_SIM_KEY },
      prefix: { type: 'string', default: DEFAULT_SN_PREFIX },
      help: { type: 'boolean', default: false },
    },
  });
  const [lat, lng] = values.center.split(',').map(Number);
  const parsed = {
    ...values,
    drones: Number(values.drones),
    hz: Number(values.hz),
    seed: Number(values.seed),
    lat,
    lng,
  };
  const bad =
    !/^[A-Za-z0-9]+$/.test(values.prefix) ||
    [parsed.drones, parsed.hz, parsed.seed, parsed.lat, parsed.lng].some(
      (n) => n === undefined || !Number.isFinite(n),
    );
  if (values.help || bad || parsed.drones < 1 || parsed.hz <= 0) {
    console.log(USAGE);
    process.exit(values.help ? 0 : 2);
  }
  return parsed;
}

function main(): void {
  const o = options();
  const center = { lat: o.lat ?? DEFAULT_CENTER.lat, lng: o.lng ?? DEFAULT_CENTER.lng };
  const fleet = buildFleet({ drones: o.drones, seed: o.seed, center, prefix: o.prefix });
  const transport = mqttTransport({ url: o.url, log, username: o.username, password: o.password });
  const sim = startSimulator({
    fleet,
    seed: o.seed,
    hz: o.hz,
    secretKey: o.key,
    transport,
    scheduler: realScheduler,
  });
  log.info(`simulator: ${o.drones} docks + aircraft at ${o.hz} Hz → ${o.url}`);
  let last = 0;
  const report = setInterval(() => {
    const total = sim.published();
    log.info(
      `simulator: ${Math.round(((total - last) * 1000) / REPORT_EVERY_MS)} msgs/s, ${total} total`,
    );
    last = total;
  }, REPORT_EVERY_MS);
  const stop = () => {
    clearInterval(report);
    void sim.stop().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

// Replay mode has its own options; the simulator's parser would refuse them.
if (process.argv.includes('--replay')) await runReplayCli(process.argv.slice(2));
else main();
