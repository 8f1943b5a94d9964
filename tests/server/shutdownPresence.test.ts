/**
 * Stopping a server is not the fleet going offline. Devices online on the embedded broker stay
 * online in the database through a stop: neither the built-in simulator stopping with the server
 * nor the broker closing the other docks' connections writes an offline state, an offline
 * transition for the replay, or a "device offline" notification. A dock that disconnects while the server
 * keeps running still goes offline.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../server/db/Db.ts';
import { silentLog } from '../../server/runtime/log.ts';
import { realScheduler } from '../../server/runtime/scheduler.ts';
import { realtimeExtension } from '../../server/realtime.ts';
import { buildFleet, DEFAULT_CENTER } from '../../server/sim/fleet.ts';
import type { SimUnitDef } from '../../server/sim/fleet.ts';
import { mqttTransport } from '../../server/sim/mqttTransport.ts';
import { registerSimFleet } from '../../server/sim/registerSimFleet.ts';
import { startSimulator } from '../../server/sim/simulator.ts';
import type { Simulator } from '../../server/sim/simulator.ts';
import { seeded } from './helpers/accounts.ts';
import { backends } from './helpers/backends.ts';
import type { Backend } from './helpers/backends.ts';
import { until } from './helpers/simFlights.ts';
import { startServer } from './helpers/testServer.ts';
import type { TestServer } from './helpers/testServer.ts';

const KEY = 'shutdown-presence-key';

/**
 * `backend` with its database kept open past the server's close: the test reads what the stop wrote
 * (a stop's last writes land during the close) and only then closes and removes it.
 */
function heldOpen(backend: Backend) {
  let opened: Awaited<ReturnType<Backend['open']>> | null = null;
  const real = (): Db => {
    if (!opened) throw new Error('the database is not open');
    return opened.db;
  };
  const held: Db = {
    get kind() {
      return real().kind;
    },
    query: (sql, params) => real().query(sql, params),
    exec: (sql) => real().exec(sql),
    tx: (work) => real().tx(work),
    close: () => Promise.resolve(),
  };
  return {
    backend: {
      name: backend.name,
      async open() {
        opened = await backend.open();
        return { db: held, dispose: () => Promise.resolve() };
      },
    } satisfies Backend,
    db: real,
    async release() {
      await opened?.db.close();
      await opened?.dispose();
    },
  };
}

/** Registers `fleet` in `workspaceId` and flies it over the server's broker as real docks do. */
async function flyOver(server: TestServer, workspaceId: number, fleet: SimUnitDef[], seed: number) {
  await registerSimFleet(server.handle.db, workspaceId, fleet, KEY);
  for (const u of fleet) server.handle.deps.events.changed({ kind: 'device', sn: u.dock.sn });
  return startSimulator({
    fleet,
    seed,
    hz: 1,
    secretKey: KEY,
    transport: mqttTransport({ url: `${server.url.replace(/^http/, 'ws')}/mqtt`, log: silentLog }),
    scheduler: realScheduler,
  });
}

const online = async (db: Db): Promise<string[]> =>
  (
    await db.query<{ device_sn: string }>(
      'select device_sn from devices where online order by device_sn',
    )
  ).map((r) => r.device_sn);

/** The offline transitions kept for the replay (dated when the device went quiet, not now). */
const offlineNoted = async (db: Db): Promise<string[]> =>
  (
    await db.query<{ device_sn: string }>(
      'select device_sn from device_presence where not online order by device_sn, at',
    )
  ).map((r) => r.device_sn);

describe.each(backends)('stopping the server ($name)', (backend) => {
  const store = heldOpen(backend);
  /** Stays connected until the broker closes its connection. */
  const staying = buildFleet({ drones: 1, seed: 31, center: DEFAULT_CENTER, prefix: 'SPS' });
  /** Disconnects while the server runs: a real departure. */
  const leaving = buildFleet({ drones: 1, seed: 32, center: DEFAULT_CENTER, prefix: 'SPL' });
  const stayingDock = staying[0]?.dock.sn ?? '';
  const leavingDock = leaving[0]?.dock.sn ?? '';
  let server: TestServer;
  const sims: Simulator[] = [];

  beforeAll(async () => {
    // The built-in simulator (one dock) stops as part of the server's own stop.
    server = await startServer(store.backend, {
      config: { mqttTcpPort: 0, simDrones: 1, simOsdHz: 1 },
      extensions: [realtimeExtension],
    });
    const s = await seeded(server);
    sims.push(await flyOver(server, s.home, staying, 31));
    sims.push(await flyOver(server, s.home, leaving, 32));
  });
  afterAll(async () => {
    for (const sim of sims) await sim.stop();
    await store.release();
  });

  it('a dock that disconnects while the server runs goes offline', async () => {
    const docks = async () =>
      (
        await store
          .db()
          .query<{ device_sn: string }>('select device_sn from devices where domain = 3 and online')
      ).length;
    // The two flown here and the built-in simulator's.
    await until(async () => (await docks()) === 3, 'every dock online', 3000);
    await sims.pop()?.stop();
    await until(
      async () => !(await online(store.db())).includes(leavingDock),
      'the departed dock to be marked offline',
      3000,
    );
    const noted = await store
      .db()
      .query<{ online: boolean }>(
        'select online from device_presence where device_sn = $1 order by at',
        [leavingDock],
      );
    expect(noted.map((r) => r.online)).toEqual([true, false]);
  });

  it('leaves every online device online, with no offline transition or notification', async () => {
    const before = await online(store.db());
    expect(before).toContain(stayingDock);
    const offlineBefore = await offlineNoted(store.db());
    const notified = vi.spyOn(server.handle.deps.notifier, 'notify');
    await server.close();

    expect(await online(store.db())).toEqual(before);
    expect(await offlineNoted(store.db())).toEqual(offlineBefore);
    expect(notified.mock.calls.filter(([e]) => e.kind === 'device_offline')).toEqual([]);
  });
});
