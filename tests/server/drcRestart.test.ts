/**
 * DRC sessions across a server restart, and across two instances on one database. A pilot enters
 * DRC; the server stops and starts again on the same database (a file-backed PGlite) with a fresh
 * simulator: the pilot still holds the dock, the dock hears `drc_mode_enter` again with the same
 * credentials, and those credentials still open its DRC link. Another instance on the same
 * database cannot claim the dock while the session lives.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connectAsync } from 'mqtt';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRC_API } from '../../protocol/drc.ts';
import type { DrcSession, DrcStatus } from '../../protocol/drc.ts';
import { openPglite } from '../../server/db/pgliteDb.ts';
import { claimSession } from '../../server/drc/drcStore.ts';
import { DEFAULT_SERVER_USERNAME } from '../../server/mqtt/brokerAuth.ts';
import { silentLog } from '../../server/runtime/log.ts';
import { realScheduler } from '../../server/runtime/scheduler.ts';
import { derivedSecret } from '../../server/auth/derivedSecret.ts';
import { realtimeExtension } from '../../server/realtime.ts';
import { buildFleet, DEFAULT_CENTER } from '../../server/sim/fleet.ts';
import { mqttTransport } from '../../server/sim/mqttTransport.ts';
import { registerSimFleet } from '../../server/sim/registerSimFleet.ts';
import { startSimulator } from '../../server/sim/simulator.ts';
import type { Simulator } from '../../server/sim/simulator.ts';
import { seeded } from './helpers/accounts.ts';
import type { Seeded } from './helpers/accounts.ts';
import type { Backend } from './helpers/backends.ts';
import { startServer } from './helpers/testServer.ts';
import type { TestServer } from './helpers/testServer.ts';

const KEY = 'drc-restart-key';
const TOKEN_SECRET = 'drc-restart-token-secret-0123456789abcdef';
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Heard {
  topic: string;
  body: { method?: string; data?: Record<string, unknown> };
}

describe('DRC sessions across a restart', () => {
  const dir = mkdtempSync(join(tmpdir(), 'skydeck-drc-restart-'));
  /** The same database folder every time: what a restart sees. */
  const onDisk: Backend = {
    name: 'pglite',
    open: async () => ({ db: await openPglite(dir), dispose: () => Promise.resolve() }),
  };
  const fleet = buildFleet({ drones: 2, seed: 23, center: DEFAULT_CENTER, prefix: 'DRR' });
  let server: TestServer | null = null;
  let sim: Simulator | null = null;
  let s: Seeded;
  let dockSn = '';
  let firstBroker: Record<string, unknown> | undefined;
  const clients: MqttClient[] = [];

  const wsUrl = (t: TestServer) => `${t.url.replace(/^http/, 'ws')}/mqtt`;

  async function until(done: () => boolean | Promise<boolean>, what: string): Promise<void> {
    for (let i = 0; i < 1500; i++) {
      if (await done()) return;
      await pause(20);
    }
    throw new Error(`timed out waiting for ${what}`);
  }

  /** Starts the app and a fresh simulator on the database folder; resolves once docks are online. */
  async function boot(
    beforeSim?: (t: TestServer) => Promise<void>,
  ): Promise<{ server: TestServer; sim: Simulator; heard: Heard[] }> {
    const t = await startServer(onDisk, {
      config: { mqttTcpPort: 0, simDrones: 0, tokenSecret: TOKEN_SECRET },
      extensions: [realtimeExtension],
    });
    await beforeSim?.(t);
    const heard: Heard[] = [];
    const spy = await connectAsync(wsUrl(t), {
      username: DEFAULT_SERVER_USERNAME,
      password: derivedSecret(t.handle.deps.tokenSecret, 'mqtt-server'),
      clientId: `drc-restart-spy-${String(clients.length)}`,
      reconnectPeriod: 0,
    });
    clients.push(spy);
    spy.on('message', (topic, payload) => {
      heard.push({ topic, body: JSON.parse(payload.toString()) as Heard['body'] });
    });
    await spy.subscribeAsync('thing/product/+/services');
    const simulator = startSimulator({
      fleet,
      seed: 23,
      hz: 1,
      secretKey: KEY,
      transport: mqttTransport({ url: wsUrl(t), log: silentLog }),
      scheduler: realScheduler,
    });
    return { server: t, sim: simulator, heard };
  }

  async function docksOnline(t: TestServer): Promise<void> {
    await until(async () => {
      const rows = await t.handle.db.query(
        'select 1 from devices where online and device_sn like $1',
        ['DRRDOCK%'],
      );
      return rows.length === fleet.length;
    }, 'the simulated docks to come online');
  }

  async function stop(): Promise<void> {
    await Promise.all(clients.splice(0).map((c) => c.endAsync(true)));
    await sim?.stop();
    await server?.close();
    sim = null;
    server = null;
  }

  beforeAll(async () => {
    const first = await boot(async (t) => {
      s = await seeded(t);
      await registerSimFleet(t.handle.db, s.home, fleet, KEY);
      for (const u of fleet) t.handle.deps.events.changed({ kind: 'device', sn: u.dock.sn });
    });
    server = first.server;
    sim = first.sim;
    await docksOnline(server);
    dockSn = fleet[0]?.dock.sn ?? '';
    const granted = await server.call<DrcSession>('POST', DRC_API.enter, {
      token: s.operator,
      body: { workspace_id: s.home, dock_sn: dockSn },
    });
    expect(granted.status).toBe(200);
    firstBroker = first.heard.find((h) => h.body.method === 'drc_mode_enter')?.body.data
      ?.mqtt_broker as Record<string, unknown> | undefined;
    expect(firstBroker?.password).toBeTypeOf('string');
    await stop();
  }, 180_000);

  afterAll(async () => {
    await stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps the holder and puts the dock back into DRC with the same credentials', async () => {
    const again = await boot();
    server = again.server;
    sim = again.sim;
    const t = again.server;
    const status = await t.call<DrcStatus>('GET', DRC_API.status, {
      token: s.viewer,
      query: { dock_sn: dockSn },
    });
    expect(status.body.data).toMatchObject({ in_drc: true, holder: { username: 'operator' } });
    await until(
      () => again.heard.some((h) => h.body.method === 'drc_mode_enter'),
      'drc_mode_enter again',
    );
    const resent = again.heard.find((h) => h.body.method === 'drc_mode_enter');
    expect(resent?.body.data?.mqtt_broker).toEqual(firstBroker);
    await until(() => again.sim.unit(0)?.manual != null, 'the dock back in DRC');

    const link = await connectAsync(wsUrl(t), {
      clientId: String(firstBroker?.client_id),
      username: String(firstBroker?.username),
      password: String(firstBroker?.password),
      reconnectPeriod: 0,
    });
    clients.push(link);
    await link.subscribeAsync(`thing/product/${dockSn}/drc/down`);

    // Each step of the entry is audited once its reply is in, which can be after the dock shows DRC.
    const resumedSteps = async () =>
      (
        await t.handle.db.query<{ detail: string }>(
          `select detail from audit_logs where module = 'drc' and target = $1 order by id`,
          [dockSn],
        )
      ).filter((r) => r.detail.startsWith('resumed after restart')).length;
    await until(
      async () => (await resumedSteps()) >= 3,
      'the resumed entry steps in the audit log',
    );
    expect(await resumedSteps()).toBe(3);
  }, 180_000);

  it('lets no other instance claim the dock while the session lives', async () => {
    const t = server;
    if (!t) throw new Error('no server');
    // What a second instance on this database does when another pilot enters there.
    const [admin] = await t.handle.db.query<{ id: number; role_id: number }>(
      `select id, role_id from users where username = 'admin'`,
    );
    const claim = await claimSession(
      t.handle.db,
      {
        dockSn,
        aircraftSn: fleet[0]?.aircraft.sn ?? '',
        payloadIndex: '80-0-0',
        userId: admin?.id ?? 0,
        username: 'admin',
        roleId: admin?.role_id ?? 0,
        since: Date.now(),
        expiresAt: Date.now() + 60_000,
        lastHeartbeat: Date.now(),
      },
      'another-instance',
      Date.now(),
      15_000,
    );
    expect(claim).toEqual({ ok: false, holder: 'operator' });
  });
});
