/**
 * A task flown end to end: the real app (broker, ingestion, task engine) and the simulator over MQTT.
 * The dock takes the task, fetches the KMZ through `flighttask_resource_get` and HTTP, flies it and
 * reports progress until the execution ends in success. Simulated time runs ahead of the clock.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TASK_API } from '../../protocol/tasks.ts';
import type { FlightTask, FlightTaskDetail, TaskExecutionDetail } from '../../protocol/tasks.ts';
import type { Wayline } from '../../protocol/waylines.ts';
import { silentLog } from '../../server/mqtt/log.ts';
import { manualScheduler } from '../../server/mqtt/scheduler.ts';
import { realtimeExtension } from '../../server/realtime.ts';
import { buildFleet, DEFAULT_CENTER } from '../../server/sim/fleet.ts';
import { mqttTransport } from '../../server/sim/mqttTransport.ts';
import { registerSimFleet } from '../../server/sim/registerSimFleet.ts';
import { startSimulator } from '../../server/sim/simulator.ts';
import type { Simulator } from '../../server/sim/simulator.ts';
import { SIM_CODES } from '../../server/sim/simServices.ts';
import { fixtureKmz } from '../fixtures/wpml/kmz.ts';
import { seeded } from './helpers/accounts.ts';
import type { Seeded } from './helpers/accounts.ts';
import { backends } from './helpers/backends.ts';
import { until, uploadWayline } from './helpers/simFlights.ts';
import { startServer } from './helpers/testServer.ts';
import type { TestServer } from './helpers/testServer.ts';

const KEY = 'tasks-sim-key';
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a flight task on the simulator', () => {
  let server: TestServer;
  let s: Seeded;
  let sim: Simulator;
  let wayline: Wayline;
  const clock = manualScheduler(Date.now());
  const fleet = buildFleet({ drones: 4, seed: 7, center: DEFAULT_CENTER, prefix: 'TS' });

  const db = () => server.handle.db;
  const add = (name: string, dockSn: string) =>
    server.call<FlightTask>('POST', TASK_API.add, {
      token: s.operator,
      body: {
        workspace_id: s.home,
        name,
        wayline_id: wayline.id,
        dock_sn: dockSn,
        schedule: { kind: 'immediate' },
        rth_altitude: 80,
      },
    });
  const last = async (taskId: number) =>
    (
      await server.call<FlightTaskDetail>('GET', TASK_API.info, {
        token: s.viewer,
        query: { id: taskId },
      })
    ).body.data.last;

  beforeAll(async () => {
    const pglite = backends[0];
    if (!pglite) throw new Error('no backend');
    server = await startServer(pglite, {
      config: { mqttTcpPort: 0, simDrones: 0 },
      extensions: [realtimeExtension],
    });
    s = await seeded(server);
    wayline = await uploadWayline(
      server,
      s.operator,
      s.home,
      'sim route',
      fixtureKmz('waypoint-actions-1.0.6'),
    );
    await registerSimFleet(db(), s.home, fleet, KEY);
    for (const u of fleet) server.handle.deps.events.changed({ kind: 'device', sn: u.dock.sn });
    sim = startSimulator({
      fleet,
      seed: 7,
      hz: 1,
      secretKey: KEY,
      transport: mqttTransport({
        url: `${server.url.replace(/^http/, 'ws')}/mqtt`,
        log: silentLog,
      }),
      scheduler: clock,
    });
    await until(async () => {
      const rows = await db().query('select 1 from devices where online and device_sn like $1', [
        'TSDOCK%',
      ]);
      return rows.length === fleet.length;
    }, 'the simulated docks to come online');
  });
  afterAll(async () => {
    await sim.stop();
    await server.close();
  });

  it('flies an immediate task to success and refuses one on a dock that is out flying', async () => {
    const index = fleet.findIndex((_, i) => sim.unit(i)?.phase === 'docked');
    const busyIndex = fleet.findIndex((_, i) => sim.unit(i)?.phase === 'patrol');
    const dockSn = fleet[index]?.dock.sn ?? '';
    const busySn = fleet[busyIndex]?.dock.sn ?? '';
    expect(dockSn && busySn).toBeTruthy();

    const task = (await add('sim flight', dockSn)).body.data;
    const busy = (await add('busy dock', busySn)).body.data;
    // The engine's own timer sends both; the simulated docks answer while their time stands still.
    await until(async () => (await last(task.id))?.state === 'executing', 'the task to be sent');
    await until(async () => (await last(busy.id))?.state === 'rejected', 'the refusal');
    expect((await last(busy.id))?.result_code).toBe(SIM_CODES.busy);

    const percents: number[] = [];
    for (let second = 0; second < 1_200; second++) {
      clock.advance(1_000);
      await pause(second % 10 === 0 ? 30 : 2);
      if (second % 10 !== 0) continue;
      const run = await last(task.id);
      percents.push(run?.percent ?? 0);
      if (run?.state === 'ok') break;
    }
    await until(async () => (await last(task.id))?.state === 'ok', 'the flight to end');
    const run = await last(task.id);
    expect(run).toMatchObject({ state: 'ok', percent: 100, result_code: 0 });
    expect(percents.some((p) => p > 0 && p < 100)).toBe(true);
    expect([...percents].sort((a, b) => a - b)).toEqual(percents);

    const detail = (
      await server.call<TaskExecutionDetail>('GET', TASK_API.execution, {
        token: s.viewer,
        query: { id: run?.id ?? 0 },
      })
    ).body.data;
    const waypoints = detail.events
      .filter((e) => e.kind === 'progress')
      .map((e) => e.data.current_waypoint);
    expect(new Set(waypoints)).toEqual(new Set([0, 1, 2, 3]));
  });
});
