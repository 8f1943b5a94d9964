/**
 * The real-time path holds against bad actors: a device publishing garbage does not disturb the
 * workbench (the worker counts and drops it), and a user of another project cannot subscribe to
 * this project's devices at the broker, whatever their client does.
 */
import { connectAsync, ErrorWithSubackPacket } from 'mqtt';
import type { MqttClient } from 'mqtt';
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { API } from '../../protocol/http.ts';
import type { LoginResult, Page as Paged, Role, WorkspaceNode } from '../../protocol/http.ts';
import { DEMO_PASSWORD, TOKEN_SECRET } from '../../bench/e2e/skydeckProcess.ts';
import { derivedSecret } from '../../server/auth/derivedSecret.ts';
import { simSecret } from '../../server/sim/fleet.ts';
import { apiCall } from './support/api.ts';
import { useWorkbench } from './support/workbench.ts';

const WAIT = { timeout: 45_000, interval: 500 };
const DOCK = 'SIMDOCK000000';
const AIRCRAFT = 'SIMUAV000000';

interface ProbeStats {
  in: number;
  dropped: number;
}

/** The worker's counters as the console's probe reports them. */
function workerStats(page: Page): Promise<ProbeStats | null> {
  return page.evaluate(() => {
    type Probe = { drain: () => { stats: ProbeStats | null } };
    return (globalThis as { __skydeckProbe?: Probe }).__skydeckProbe?.drain().stats ?? null;
  });
}

describe('the real-time path under bad input and foreign users', () => {
  const world = useWorkbench({ drones: 2, osdHz: 2 });
  const clients: MqttClient[] = [];

  afterAll(async () => {
    await Promise.all(clients.map((c) => c.endAsync(true)));
  });

  it('counts and drops malformed device messages while the map keeps moving', async () => {
    await expect
      .poll(async () => (await workerStats(world.page))?.in ?? 0, WAIT)
      .toBeGreaterThan(0);
    const before = (await workerStats(world.page)) ?? { in: 0, dropped: 0 };
    // The simulated dock signs in like a real one, with its serial number and secret.
    const dock = await connectAsync(`ws://127.0.0.1:${world.server.port}/mqtt`, {
      username: DOCK,
      password: simSecret(DOCK, derivedSecret(TOKEN_SECRET, 'sim')),
      // A device's client id is its serial number: this takes over the simulator's connection
      // until the simulator reconnects (and takes it back).
      clientId: DOCK,
      reconnectPeriod: 0,
    });
    clients.push(dock);
    const osd = `thing/product/${AIRCRAFT}/osd`;
    for (const garbage of ['not json', '[1,2,3]', '{"timestamp":"soon","data":{}}', '{"data":7}'])
      await dock.publishAsync(osd, garbage);
    await expect
      .poll(async () => (await workerStats(world.page))?.dropped ?? 0, WAIT)
      .toBeGreaterThanOrEqual(before.dropped + 4);
    // The console carries on: data keeps arriving and a flying drone keeps moving on screen.
    const received = (await workerStats(world.page))?.in ?? 0;
    await expect
      .poll(async () => (await workerStats(world.page))?.in ?? 0, WAIT)
      .toBeGreaterThan(received);
    await world.page
      .locator('[data-testid=device-row][data-sn^=SIMUAV][data-status=flying]')
      .first()
      .click();
    const position = await world.page.getByTestId('value-position').innerText();
    await expect
      .poll(() => world.page.getByTestId('value-position').innerText(), WAIT)
      .not.toBe(position);
    expect(world.pageErrors).toEqual([]);
  });

  it("refuses another project's user who subscribes to this project's devices", async () => {
    const admin = await apiCall<LoginResult>(world.server.url, API.login, null, {
      username: 'admin',
      password: DEMO_PASSWORD,
    });
    const tree = await apiCall<WorkspaceNode[]>(world.server.url, API.workspaceTree, admin.token);
    const projects = tree.flatMap((node) => node.children ?? []);
    const elsewhere = projects.find((p) => p.name !== '深圳湾巡检');
    const roles = await apiCall<Paged<Role>>(
      world.server.url,
      `${API.rolesList}?size=50`,
      admin.token,
    );
    const operator = roles.data.find((r) => r.name === 'operator');
    if (!elsewhere || !operator) throw new Error('the seed has no second project or operator role');
    await apiCall(world.server.url, API.userAdd, admin.token, {
      username: 'outsider',
      nickname: 'Outsider',
      password: 'outside12',
      role_id: operator.id,
      workspace_id: elsewhere.id,
      enabled: true,
    });
    const outsider = await apiCall<LoginResult>(world.server.url, API.login, null, {
      username: 'outsider',
      password: 'outside12',
    });
    const client = await connectAsync(`ws://127.0.0.1:${world.server.port}/mqtt`, {
      username: 'outsider',
      password: outsider.token,
      clientId: 'outsider:probe',
      reconnectPeriod: 0,
    });
    clients.push(client);
    const granted = await client
      .subscribeAsync(`thing/product/${AIRCRAFT}/osd`)
      .then((grants) => grants.map((g) => g.qos))
      .catch((error: unknown) => {
        if (error instanceof ErrorWithSubackPacket)
          return error.packet.granted.map((g) => (typeof g === 'number' ? g : -1));
        throw error;
      });
    expect(granted).toEqual([128]);
  });
});
