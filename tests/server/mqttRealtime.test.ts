/**
 * The broker inside the real app: the HTTP side's committed changes reach open connections (a
 * password change ends the console's connection and its token opens no new one), and a dock's
 * `config` request is answered from the server's configuration.
 */
import { connectAsync } from 'mqtt';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../protocol/http.ts';
import { hashDeviceSecret } from '../../server/mqtt/brokerAuth.ts';
import { realtimeExtension } from '../../server/realtime.ts';
import { backends } from './helpers/backends.ts';
import { PASSWORD, startServer } from './helpers/testServer.ts';
import type { TestServer } from './helpers/testServer.ts';

const DOCK = 'RTDOCK0001';
const DOCK_SECRET = 'dock-secret-0001';
const DEVICE_CONFIG = {
  ntpServerHost: 'ntp.skydeck.test',
  appId: '777',
  appKey: 'key-777',
  appLicense: 'licence-777',
};

describe('broker wired into the app', () => {
  let server: TestServer;
  let wsUrl: string;
  const clients: MqttClient[] = [];
  const open = async (url: string, username: string, password: string, clientId: string) => {
    const client = await connectAsync(url, { reconnectPeriod: 0, username, password, clientId });
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    const pglite = backends[0];
    if (!pglite) throw new Error('no backend');
    server = await startServer(pglite, {
      config: { mqttTcpPort: 0, simDrones: 0, deviceConfig: DEVICE_CONFIG },
      extensions: [realtimeExtension],
    });
    wsUrl = `${server.url.replace(/^http/, 'ws')}/mqtt`;
    const projects = await server.handle.db.query<{ id: number }>(
      'select id from workspaces where parent_id is not null order by id limit 1',
    );
    await server.handle.db.query(
      `insert into devices (device_sn, name, domain, type, sub_type, workspace_id, secret_hash)
       values ($1, 'rt dock', 3, 2, 0, $2, $3)`,
      [DOCK, projects[0]?.id, hashDeviceSecret(DOCK_SECRET)],
    );
  });

  afterAll(async () => {
    await Promise.all(clients.splice(0).map((c) => c.endAsync(true)));
    await server.close();
  });

  it('answers a dock’s config request with the configured NTP host and app credentials', async () => {
    const dock = await open(wsUrl, DOCK, DOCK_SECRET, DOCK);
    const reply = new Promise<unknown>((resolve) =>
      dock.on('message', (_t, payload) => resolve(JSON.parse(payload.toString()))),
    );
    await dock.subscribeAsync(`thing/product/${DOCK}/requests_reply`);
    await dock.publishAsync(
      `thing/product/${DOCK}/requests`,
      JSON.stringify({ tid: 'c1', bid: 'c1b', timestamp: Date.now(), method: 'config', data: {} }),
    );
    expect(await reply).toMatchObject({
      tid: 'c1',
      bid: 'c1b',
      method: 'config',
      data: {
        result: 0,
        output: {
          ntp_server_host: 'ntp.skydeck.test',
          app_id: '777',
          app_key: 'key-777',
          app_license: 'licence-777',
        },
      },
    });
  });

  it('ends a console connection when its user changes password; the old token opens nothing', async () => {
    const { token } = await server.signIn('operator');
    const console = await open(wsUrl, 'operator', token, 'operator:tab-1');
    const gone = new Promise<void>((resolve) => console.once('close', () => resolve()));
    const changed = await server.call('POST', API.userChangePassword, {
      token,
      body: { old_password: PASSWORD, new_password: 'Changed#24' },
    });
    expect(changed.status).toBe(200);
    await gone;
    await expect(open(wsUrl, 'operator', token, 'operator:tab-2')).rejects.toThrow(
      /Bad username or password/i,
    );
    expect(console.connected).toBe(false);
  });
});
