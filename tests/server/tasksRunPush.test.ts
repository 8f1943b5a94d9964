/**
 * A run's state reaches the consoles over the broker, on the server's own topic of the run's
 * workspace: a console of that project sees the engine take the run and its dock turn it down, a
 * console of the organisation above hears it on its own topic, and a console may not follow another
 * project's runs.
 */
import { connectAsync } from 'mqtt';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FlightTask, FlightTaskDetail, RunUpdate } from '../../protocol/tasks.ts';
import { runTopic, TASK_API } from '../../protocol/tasks.ts';
import { hashDeviceSecret } from '../../server/mqtt/brokerAuth.ts';
import { realtimeExtension } from '../../server/realtime.ts';
import { fixtureKmz } from '../fixtures/wpml/kmz.ts';
import { seeded } from './helpers/accounts.ts';
import type { Seeded } from './helpers/accounts.ts';
import { backends } from './helpers/backends.ts';
import { until } from './helpers/simFlights.ts';
import { addDockWithDrone, uploadRoute } from './helpers/taskWorld.ts';
import { startServer } from './helpers/testServer.ts';
import type { TestServer } from './helpers/testServer.ts';

const DOCK = 'PUSHDOCK01';
const DRONE = 'PUSHDRONE01';
const DOCK_SECRET = 'push-dock-secret';
/** What the dock answers `flighttask_prepare` with: a refusal of its own. */
const DOCK_REFUSAL = 314_001;

describe('run progress pushed to the consoles', () => {
  let server: TestServer;
  let s: Seeded;
  let wsUrl: string;
  const clients: MqttClient[] = [];
  const open = async (username: string, password: string, clientId: string) => {
    const client = await connectAsync(wsUrl, {
      reconnectPeriod: 0,
      username,
      password,
      clientId,
      protocolVersion: 4,
    });
    clients.push(client);
    return client;
  };
  /** Every run update `client` hears on `topic`, in order. */
  const heard = async (client: MqttClient, topic: string) => {
    const updates: RunUpdate[] = [];
    client.on('message', (t, payload) => {
      if (t === topic) updates.push(JSON.parse(payload.toString()) as RunUpdate);
    });
    await client.subscribeAsync(topic);
    return updates;
  };

  beforeAll(async () => {
    const pglite = backends[0];
    if (!pglite) throw new Error('no backend');
    server = await startServer(pglite, {
      config: { mqttTcpPort: 0, simDrones: 0 },
      extensions: [realtimeExtension],
    });
    wsUrl = `${server.url.replace(/^http/, 'ws')}/mqtt`;
    s = await seeded(server);
    await addDockWithDrone(server, s, DOCK, DRONE);
    await server.handle.db.query('update devices set secret_hash = $2 where device_sn = $1', [
      DOCK,
      hashDeviceSecret(DOCK_SECRET),
    ]);
    // The dock turns down every task it is sent.
    const dock = await open(DOCK, DOCK_SECRET, DOCK);
    dock.on('message', (_topic, payload) => {
      const call = JSON.parse(payload.toString()) as { tid: string; bid: string; method: string };
      void dock.publishAsync(
        `thing/product/${DOCK}/services_reply`,
        JSON.stringify({
          tid: call.tid,
          bid: call.bid,
          timestamp: Date.now(),
          method: call.method,
          data: { result: DOCK_REFUSAL },
        }),
      );
    });
    await dock.subscribeAsync(`thing/product/${DOCK}/services`);
  });

  afterAll(async () => {
    await Promise.all(clients.splice(0).map((c) => c.endAsync(true)));
    await server.close();
  });

  it('pushes a run’s states to its project and the organisation, and to no other project', async () => {
    const operator = await open('operator', s.operator, 'operator:runs-1');
    const admin = await open('admin', s.admin, 'admin:runs-1');
    const ownRuns = await heard(operator, runTopic(s.home));
    const orgRuns = await heard(admin, runTopic(s.org));
    // Another project's runs are not the operator's to follow: the broker refuses the subscription.
    await expect(operator.subscribeAsync(runTopic(s.other))).rejects.toThrow();

    const wayline = await uploadRoute(
      server,
      s,
      'push route',
      fixtureKmz('waypoint-actions-1.0.6'),
    );
    const added = await server.call<FlightTask>('POST', TASK_API.add, {
      token: s.operator,
      body: {
        workspace_id: s.home,
        name: 'pushed run',
        wayline_id: wayline.id,
        dock_sn: DOCK,
        schedule: { kind: 'immediate' },
        rth_altitude: 80,
      },
    });
    expect(added.status).toBe(200);
    const taskId = added.body.data.id;
    const ofTask = (updates: RunUpdate[]) => updates.filter((u) => u.task_id === taskId);
    await until(
      () => Promise.resolve(ofTask(ownRuns).some((u) => u.state === 'rejected')),
      'the rejection to be pushed',
    );
    const states = ofTask(ownRuns).map((u) => u.state);
    // Made by the engine's claim, then taken to be sent.
    expect(states.slice(0, 2)).toEqual(['pending', 'dispatching']);
    expect(states.at(-1)).toBe('rejected');
    // What was pushed is what the task page reads.
    const info = await server.call<FlightTaskDetail>('GET', TASK_API.info, {
      token: s.operator,
      query: { id: taskId },
    });
    expect(ofTask(ownRuns).at(-1)).toMatchObject({
      id: info.body.data.last?.id,
      workspace_id: s.home,
      dock_sn: DOCK,
      flight_id: info.body.data.last?.flight_id,
      state: 'rejected',
      result_code: DOCK_REFUSAL,
    });
    await until(
      () => Promise.resolve(ofTask(orgRuns).some((u) => u.state === 'rejected')),
      'the organisation to hear it',
    );
  });
});
