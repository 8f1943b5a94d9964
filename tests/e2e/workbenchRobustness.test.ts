/**
 * The real-time path holds against bad actors: a device publishing garbage does not disturb the
 * workbench (the worker counts and drops it), and a user of another project cannot subscribe to
 * this project's devices at the broker, whatever their client does.
 */
import { connectAsync, ErrorWithSubackPacket } from 'mqtt';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { API } from '../../protocol/http.ts';
import type {
  Envelope,
  LoginResult,
  Page as Paged,
  Role,
  WorkspaceNode,
} from '../../protocol/http.ts';
import { startSkydeck, DEMO_PASSWORD, TOKEN_SECRET } from '../../bench/e2e/skydeckProcess.ts';
import type { SkydeckProcess } from '../../bench/e2e/skydeckProcess.ts';
import { derivedSecret } from '../../server/realtime.ts';
import { simSecret } from '../../server/sim/fleet.ts';
import { launchBrowser, openPage } from './support/browser.ts';
import { ConsoleDriver } from './support/consoleDriver.ts';

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

async function call<T>(
  url: string,
  path: string,
  token: string | null,
  body?: unknown,
): Promise<T> {
  const response = await fetch(url + path, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = (await response.json()) as Envelope<T>;
  if (envelope.code !== 200) throw new Error(`${path}: ${envelope.msg}`);
  return envelope.data;
}

describe('the real-time path under bad input and foreign users', () => {
  let server: SkydeckProcess;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const clients: MqttClient[] = [];
  const pageErrors: string[] = [];

  beforeAll(async () => {
    server = await startSkydeck({ drones: 2, osdHz: 2 });
    browser = await launchBrowser();
    const opened = await openPage(browser, server.url);
    context = opened.context;
    page = opened.page;
    page.on('pageerror', (error) => pageErrors.push(error.message));
    const person = new ConsoleDriver(page);
    await person.signIn('admin', { redirect: '/dashboard' });
    await person.settled();
  });

  afterAll(async () => {
    await Promise.all(clients.map((c) => c.endAsync(true)));
    await context.close();
    await browser.close();
    await server.dispose();
  });

  it('counts and drops malformed device messages while the map keeps moving', async () => {
    await expect.poll(async () => (await workerStats(page))?.in ?? 0, WAIT).toBeGreaterThan(0);
    const before = (await workerStats(page)) ?? { in: 0, dropped: 0 };
    // The simulated dock signs in like a real one, with its serial number and secret.
    const dock = await connectAsync(`ws://127.0.0.1:${server.port}/mqtt`, {
      username: DOCK,
      password: simSecret(DOCK, derivedSecret(TOKEN_SECRET, 'sim')),
      reconnectPeriod: 0,
    });
    clients.push(dock);
    const osd = `thing/product/${AIRCRAFT}/osd`;
    for (const garbage of ['not json', '[1,2,3]', '{"timestamp":"soon","data":{}}', '{"data":7}'])
      await dock.publishAsync(osd, garbage);
    await expect
      .poll(async () => (await workerStats(page))?.dropped ?? 0, WAIT)
      .toBeGreaterThanOrEqual(before.dropped + 4);
    // The console carries on: data keeps arriving and a flying drone keeps moving on screen.
    const received = (await workerStats(page))?.in ?? 0;
    await expect
      .poll(async () => (await workerStats(page))?.in ?? 0, WAIT)
      .toBeGreaterThan(received);
    await page
      .locator('[data-testid=device-row][data-sn^=SIMUAV][data-status=flying]')
      .first()
      .click();
    const position = await page.getByTestId('value-position').innerText();
    await expect
      .poll(() => page.getByTestId('value-position').innerText(), WAIT)
      .not.toBe(position);
    expect(pageErrors).toEqual([]);
  });

  it("refuses another project's user who subscribes to this project's devices", async () => {
    const admin = await call<LoginResult>(server.url, API.login, null, {
      username: 'admin',
      password: DEMO_PASSWORD,
    });
    const tree = await call<WorkspaceNode[]>(server.url, API.workspaceTree, admin.token);
    const projects = tree.flatMap((node) => node.children ?? []);
    const elsewhere = projects.find((p) => p.name !== '深圳湾巡检');
    const roles = await call<Paged<Role>>(server.url, `${API.rolesList}?size=50`, admin.token);
    const operator = roles.data.find((r) => r.name === 'operator');
    if (!elsewhere || !operator) throw new Error('the seed has no second project or operator role');
    await call(server.url, API.userAdd, admin.token, {
      username: 'outsider',
      nickname: 'Outsider',
      password: 'outside12',
      role_id: operator.id,
      workspace_id: elsewhere.id,
      enabled: true,
    });
    const outsider = await call<LoginResult>(server.url, API.login, null, {
      username: 'outsider',
      password: 'outside12',
    });
    const client = await connectAsync(`ws://127.0.0.1:${server.port}/mqtt`, {
      username: 'outsider',
      password: outsider.token,
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
