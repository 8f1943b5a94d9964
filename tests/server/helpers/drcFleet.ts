/**
 * The world of the DRC server suites: a server on PGlite with the realtime extension, the seeded
 * accounts, a simulated fleet registered in the home project and flying over the server's own
 * broker, and every dock online before the suite starts.
 */
import type { DrcService } from '../../../server/drc/drcService.ts';
import { silentLog } from '../../../server/runtime/log.ts';
import type { Scheduler } from '../../../server/runtime/scheduler.ts';
import { realtimeExtension } from '../../../server/realtime.ts';
import type { SimUnitDef } from '../../../server/sim/fleet.ts';
import { mqttTransport } from '../../../server/sim/mqttTransport.ts';
import { registerSimFleet } from '../../../server/sim/registerSimFleet.ts';
import { startSimulator } from '../../../server/sim/simulator.ts';
import type { Simulator } from '../../../server/sim/simulator.ts';
import { seeded } from './accounts.ts';
import type { Seeded } from './accounts.ts';
import { backends } from './backends.ts';
import { startServer } from './testServer.ts';
import type { TestServer } from './testServer.ts';

export interface DrcFleet {
  server: TestServer;
  s: Seeded;
  sim: Simulator;
}

export interface DrcFleetOptions {
  fleet: SimUnitDef[];
  seed: number;
  secretKey: string;
  /** The simulator's time (a manual scheduler lets a suite drive it). */
  scheduler: Scheduler;
  /** Adjusts the server's DRC service before the fleet flies (its clock, credential lifetime). */
  prepare?: (drc: DrcService | undefined) => void;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The MQTT-over-WebSocket address of `server`'s broker. */
export const brokerWsUrl = (server: TestServer): string =>
  `${server.url.replace(/^http/, 'ws')}/mqtt`;

export async function startDrcFleet(options: DrcFleetOptions): Promise<DrcFleet> {
  const pglite = backends[0];
  if (!pglite) throw new Error('no backend');
  const server = await startServer(pglite, {
    config: { mqttTcpPort: 0, simDrones: 0 },
    extensions: [realtimeExtension],
  });
  const s = await seeded(server);
  options.prepare?.(server.handle.deps.drc.get());
  const { fleet } = options;
  await registerSimFleet(server.handle.db, s.home, fleet, options.secretKey);
  for (const u of fleet) server.handle.deps.events.changed({ kind: 'device', sn: u.dock.sn });
  const sim = startSimulator({
    fleet,
    seed: options.seed,
    hz: 1,
    secretKey: options.secretKey,
    transport: mqttTransport({ url: brokerWsUrl(server), log: silentLog }),
    scheduler: options.scheduler,
  });
  const docks = fleet.map((u) => u.dock.sn);
  for (let i = 0; i < 3000; i++) {
    const rows = await server.handle.db.query(
      'select 1 from devices where online and device_sn = any($1)',
      [docks],
    );
    if (rows.length === docks.length) return { server, s, sim };
    await pause(20);
  }
  throw new Error('timed out waiting for the simulated docks to come online');
}
