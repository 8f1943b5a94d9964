/**
 * A DRC session outlives its broker credentials: with a lifetime of a few seconds, the server hands
 * the dock fresh credentials in a new `drc_mode_enter` before the first ones expire, while the pilot
 * keeps flying. Every stick sent across the renewal reaches the aircraft, the session never ends,
 * the first credentials work until their own expiry and not after, the new ones work on.
 */
import { connectAsync } from 'mqtt';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRC_API } from '../../protocol/drc.ts';
import type { DrcSession, DrcStatus } from '../../protocol/drc.ts';
import { DEFAULT_SERVER_USERNAME } from '../../server/mqtt/brokerAuth.ts';
import { realScheduler } from '../../server/runtime/scheduler.ts';
import { derivedSecret } from '../../server/auth/derivedSecret.ts';
import { buildFleet, DEFAULT_CENTER } from '../../server/sim/fleet.ts';
import type { Simulator } from '../../server/sim/simulator.ts';
import { brokerWsUrl, startDrcFleet } from './helpers/drcFleet.ts';
import type { Seeded } from './helpers/accounts.ts';
import type { TestServer } from './helpers/testServer.ts';

const KEY = 'drc-renewal-key';
/** Short enough to renew within the test, long enough for a loaded machine to answer in time. */
const TTL_S = 8;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Broker {
  client_id: string;
  username: string;
  password: string;
  expire_time: number;
}

describe('DRC credentials renewed while the pilot flies', () => {
  let server: TestServer;
  let s: Seeded;
  let sim: Simulator;
  const fleet = buildFleet({ drones: 2, seed: 31, center: DEFAULT_CENTER, prefix: 'DRN' });
  const clients: MqttClient[] = [];
  /** Every `drc_mode_enter` the docks were sent, in order. */
  const enters: Broker[] = [];
  let dockSn = '';
  let index = -1;

  const wsUrl = () => brokerWsUrl(server);

  async function until(done: () => boolean | Promise<boolean>, what: string): Promise<void> {
    for (let i = 0; i < 3000; i++) {
      if (await done()) return;
      await pause(20);
    }
    throw new Error(`timed out waiting for ${what}`);
  }
  const status = async () =>
    (
      await server.call<DrcStatus>('GET', DRC_API.status, {
        token: s.viewer,
        query: { dock_sn: dockSn },
      })
    ).body.data;
  const asDock = (b: Broker) =>
    connectAsync(wsUrl(), {
      clientId: b.client_id,
      username: b.username,
      password: b.password,
      reconnectPeriod: 0,
    });

  beforeAll(async () => {
    ({ server, s, sim } = await startDrcFleet({
      fleet,
      seed: 31,
      secretKey: KEY,
      scheduler: realScheduler,
      prepare: (drc) => drc?.useCredentialTtl(TTL_S),
    }));
    index = 0;
    dockSn = fleet[index]?.dock.sn ?? '';
    const spy = await connectAsync(wsUrl(), {
      username: DEFAULT_SERVER_USERNAME,
      password: derivedSecret(server.handle.deps.tokenSecret, 'mqtt-server'),
      clientId: 'drc-renewal-spy',
      reconnectPeriod: 0,
    });
    clients.push(spy);
    spy.on('message', (_topic, payload) => {
      const body = JSON.parse(payload.toString()) as {
        method?: string;
        data?: { mqtt_broker?: Broker };
      };
      if (body.method === 'drc_mode_enter' && body.data?.mqtt_broker)
        enters.push(body.data.mqtt_broker);
    });
    await spy.subscribeAsync(`thing/product/${dockSn}/services`);
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.endAsync(true)));
    await sim.stop();
    await server.close();
  });

  it('hands the dock new credentials before expiry and never drops the pilot', async () => {
    const granted = await server.call<DrcSession>('POST', DRC_API.enter, {
      token: s.operator,
      body: { workspace_id: s.home, dock_sn: dockSn },
    });
    expect(granted.status).toBe(200);
    const first = enters[0];
    if (!first) throw new Error('no drc_mode_enter');
    expect(granted.body.data.expires_at).toBe(first.expire_time * 1000);
    const firstLink = await asDock(first);
    clients.push(firstLink);

    const pilot = await connectAsync(wsUrl(), {
      username: 'operator',
      password: s.operator,
      clientId: 'operator:drc-renewal',
      reconnectPeriod: 0,
    });
    clients.push(pilot);
    const down = `thing/product/${dockSn}/drc/down`;
    let seq = 0;
    const held: boolean[] = [];
    /** One stick and a heartbeat; resolves once the aircraft has taken the stick. */
    const fly = async (): Promise<void> => {
      seq += 1;
      await pilot.publishAsync(
        down,
        JSON.stringify({ method: 'heart_beat', seq, data: { timestamp: Date.now() } }),
      );
      seq += 1;
      const stick = seq;
      await pilot.publishAsync(
        down,
        JSON.stringify({
          method: 'stick_control',
          seq: stick,
          data: { roll: 1024, pitch: 1100, throttle: 1024, yaw: 1024 },
        }),
      );
      await until(() => (sim.unit(index)?.manual?.lastSeq ?? -1) >= stick, `stick ${stick}`);
      held.push((await status()).holder?.username === 'operator');
    };

    // Fly until the dock has been handed new credentials…
    while (enters.length < 2) await fly();
    const second = enters[1];
    if (!second) throw new Error('no renewal');
    expect(second.expire_time).toBeGreaterThan(first.expire_time);
    expect(second.password).not.toBe(first.password);
    expect(second.client_id).toBe(first.client_id);
    // …the dock switches over (same client id: the new connection replaces the old one)…
    const firstClosed = new Promise<void>((resolve) => firstLink.once('close', () => resolve()));
    const secondLink = await asDock(second);
    clients.push(secondLink);
    await firstClosed;
    // …and the pilot flies on past the first credentials' expiry.
    while (Date.now() < first.expire_time * 1000 + 2_000) await fly();

    expect(held.every(Boolean)).toBe(true);
    expect(sim.unit(index)?.manual).not.toBeNull();
    expect(secondLink.connected).toBe(true);
    const now = await status();
    expect(now).toMatchObject({ in_drc: true, holder: { username: 'operator' } });
    expect(now.expires_at).toBe((enters.at(-1)?.expire_time ?? 0) * 1000);
    await expect(asDock(first)).rejects.toThrow();

    const rows = await server.handle.db.query<{ action: string; detail: string; result: string }>(
      `select action, detail, result from audit_logs where module = 'drc' and target = $1
       and action in ('drc_mode_enter', 'drc_mode_exit') order by id`,
      [dockSn],
    );
    expect(rows.map((r) => r.action)).not.toContain('drc_mode_exit');
    const renewals = rows.filter((r) => r.detail.startsWith('credentials renewed'));
    expect(renewals.length).toBeGreaterThanOrEqual(1);
    expect(renewals[0]?.detail).toMatch(/^credentials renewed; tid=\S+ result=0 latency=\d+ms$/);
    expect(renewals[0]?.result).toBe('success');
  }, 120_000);
});
