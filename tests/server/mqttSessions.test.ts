/**
 * Open broker connections follow the rules as they change: a disabled account, a role that lost its
 * telemetry pages, a device moved to another project or an access token that ran out ends the
 * connections concerned, and only those. Client ids belong to their principals.
 */
import { connectAsync } from 'mqtt';
import type { MqttClient } from 'mqtt';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { simSecret } from '../../server/sim/fleet.ts';
import {
  accessToken,
  openFixture,
  recordingLog,
  SIM_KEY,
  startBroker,
  registerTestFleet,
  whenClosed,
} from './mqttFixtures.ts';
import type { BrokerHarness, Fixture } from './mqttFixtures.ts';

const DOCK = 'SIMDOCK000000';
const UAV = 'SIMUAV000000';
type Name = 'alice' | 'victor' | 'bob' | 'ada';

describe('broker sessions re-checked', () => {
  const log = recordingLog();
  let fx: Fixture;
  let harness: BrokerHarness;
  const clients: MqttClient[] = [];
  let tabs = 0;

  async function asUser(name: Name, token?: string) {
    const client = await connectAsync(harness.wsUrl, {
      reconnectPeriod: 0,
      username: name,
      password: token ?? (await accessToken(fx.users[name])),
      clientId: `${name}:tab-${++tabs}`,
    });
    clients.push(client);
    return client;
  }
  async function asDock(sn: string, clientId = sn) {
    const client = await connectAsync(harness.tcpUrl, {
      reconnectPeriod: 0,
      username: sn,
      password: simSecret(sn, SIM_KEY),
      clientId,
    });
    clients.push(client);
    return client;
  }
  /** Tracks whether `client` has been closed by the broker. */
  function watch(client: MqttClient) {
    const state = { closed: false };
    client.on('close', () => (state.closed = true));
    return state;
  }

  beforeAll(async () => {
    fx = await openFixture();
    await registerTestFleet(fx, 1);
    harness = await startBroker(fx.db, log);
  });

  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.endAsync(true)));
  });

  afterAll(async () => {
    await harness.close();
    await fx.db.close();
  });

  it('closes a disabled user’s connection and leaves the others alone', async () => {
    const alice = await asUser('alice');
    const victor = watch(await asUser('victor'));
    const gone = whenClosed(alice);
    await fx.db.query('update users set enabled = false where id = $1', [fx.users.alice.id]);
    await harness.broker.changed({ kind: 'user', userId: fx.users.alice.id });
    await gone;
    await fx.db.query('update users set enabled = true where id = $1', [fx.users.alice.id]);
    expect(victor.closed).toBe(false);
  });

  it('closes the connections of a role that lost its telemetry pages', async () => {
    const victor = await asUser('victor');
    expect((await victor.subscribeAsync(`thing/product/${UAV}/osd`)).map((g) => g.qos)).toEqual([
      0,
    ]);
    const alice = watch(await asUser('alice'));
    const gone = whenClosed(victor);
    await fx.db.query('delete from role_menus where role_id = $1', [fx.users.victor.roleId]);
    await harness.broker.changed({ kind: 'role', roleId: fx.users.victor.roleId });
    await gone;
    expect(alice.closed).toBe(false);
    // Signing in again does not bring the telemetry back.
    const again = await asUser('victor');
    await expect(again.subscribeAsync(`thing/product/${UAV}/osd`)).rejects.toThrow();
  });

  it('closes the old project’s watchers when a device moves away; the new project may watch it', async () => {
    const alice = await asUser('alice');
    await alice.subscribeAsync(`thing/product/${UAV}/osd`);
    const dock = watch(await asDock(DOCK));
    const bob = await asUser('bob');
    const gone = whenClosed(alice);
    await fx.db.query('update devices set workspace_id = $1 where device_sn = $2', [
      fx.projectB,
      UAV,
    ]);
    await harness.broker.changed({ kind: 'device', sn: UAV });
    await gone;
    expect((await bob.subscribeAsync(`thing/product/${UAV}/osd`)).map((g) => g.qos)).toEqual([0]);
    // The dock stays: only its messages about the aircraft that left are refused from now on.
    expect(dock.closed).toBe(false);
    await fx.db.query('update devices set workspace_id = $1 where device_sn = $2', [
      fx.projectA,
      UAV,
    ]);
    await harness.broker.changed({ kind: 'device', sn: UAV });
  });

  it('ends a console connection when its access token expires', async () => {
    const short = await accessToken(fx.users.alice, Math.floor(Date.now() / 1000) + 2);
    const alice = await asUser('alice', short);
    await whenClosed(alice);
    expect(log.lines).toContainEqual(expect.stringMatching(/access token expired/) as unknown);
  });

  it('binds client ids: a user cannot take a dock’s id or another user’s, and the dock stays', async () => {
    const dock = watch(await asDock(DOCK));
    const bobToken = await accessToken(fx.users.bob);
    const attempt = (clientId: string) =>
      connectAsync(harness.wsUrl, {
        reconnectPeriod: 0,
        username: 'bob',
        password: bobToken,
        clientId,
      });
    await expect(attempt(DOCK)).rejects.toThrow(/Bad username or password/i);
    await expect(attempt('alice:tab-1')).rejects.toThrow(/Bad username or password/i);
    await expect(asDock(DOCK, `sim-${DOCK}`)).rejects.toThrow(/Bad username or password/i);
    expect(dock.closed).toBe(false);
    expect(log.lines).toContainEqual(
      expect.stringMatching(/refused connect client=SIMDOCK000000 user=bob: client id/) as unknown,
    );
  });
});
