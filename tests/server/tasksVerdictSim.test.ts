/**
 * A simulated dock's flight sent home early, end to end: the real app (broker, ingestion, task
 * engine, object store) and the simulator over MQTT. The dock reports it `ok` once landed, as a real
 * dock does, with the last waypoint reached and a break point; the run API judges it partial and
 * says why, and its percent stays where the aircraft turned back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TASK_API } from '../../protocol/tasks.ts';
import type { FlightTask, FlightTaskDetail, SubtaskDetail } from '../../protocol/tasks.ts';
import { silentLog } from '../../server/runtime/log.ts';
import { manualScheduler } from '../../server/runtime/scheduler.ts';
import type { ManualScheduler } from '../../server/runtime/scheduler.ts';
import { realtimeExtension } from '../../server/realtime.ts';
import { buildFleet, DEFAULT_CENTER } from '../../server/sim/fleet.ts';
import { mqttTransport } from '../../server/sim/mqttTransport.ts';
import { registerSimFleet } from '../../server/sim/registerSimFleet.ts';
import { startSimulator } from '../../server/sim/simulator.ts';
import type { Simulator } from '../../server/sim/simulator.ts';
import { kmzForAircraft } from '../fixtures/wpml/forAircraft.ts';
import { fixtureKmz } from '../fixtures/wpml/kmz.ts';
import { seeded } from './helpers/accounts.ts';
import type { Seeded } from './helpers/accounts.ts';
import { backends } from './helpers/backends.ts';
import { until, uploadWayline } from './helpers/simFlights.ts';
import { startServer } from './helpers/testServer.ts';
import type { TestServer } from './helpers/testServer.ts';

const KEY = 'tasks-verdict-sim-key';
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(backends)('a simulated flight sent home early on $name', (backend) => {
  let server: TestServer;
  let s: Seeded;
  let sim: Simulator;
  let clock: ManualScheduler;
  const fleet = buildFleet({ drones: 4, seed: 7, center: DEFAULT_CENTER, prefix: 'TV' });

  const last = async (taskId: number) =>
    (
      await server.call<FlightTaskDetail>('GET', TASK_API.info, {
        token: s.viewer,
        lang: 'en',
        query: { id: taskId },
      })
    ).body.data.last;
  /** Advances the simulated time a second at a time until `done` holds. */
  const fly = async (seconds: number, done: () => Promise<boolean>) => {
    for (let second = 0; second < seconds; second++) {
      clock.advance(1_000);
      await pause(second % 5 === 0 ? 30 : 2);
      if (second % 5 === 0 && (await done())) return;
    }
  };

  beforeAll(async () => {
    server = await startServer(backend, {
      config: { mqttTcpPort: 0, simDrones: 0 },
      extensions: [realtimeExtension],
    });
    s = await seeded(server);
    clock = manualScheduler(Date.now());
    await registerSimFleet(server.handle.db, s.home, fleet, KEY);
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
      const rows = await server.handle.db.query(
        'select 1 from devices where online and device_sn like $1',
        ['TVDOCK%'],
      );
      return rows.length === fleet.length;
    }, 'the simulated docks to come online');
  });
  afterAll(async () => {
    await sim.stop();
    await server.close();
  });

  it('judges a flight sent home after its 2nd waypoint partial, with the reason', async () => {
    const index = fleet.findIndex((_, i) => sim.unit(i)?.phase === 'docked');
    const unit = fleet[index];
    if (!unit) throw new Error('no docked unit');
    const kmz = kmzForAircraft(fixtureKmz('waypoint-actions-1.0.6'), unit.aircraft.modelKey);
    const route = await uploadWayline(server, s.operator, s.home, 'early home', kmz);
    const task = (
      await server.call<FlightTask>('POST', TASK_API.add, {
        token: s.operator,
        body: {
          workspace_id: s.home,
          name: 'sent home early',
          wayline_id: route.id,
          dock_sn: unit.dock.sn,
          schedule: { kind: 'immediate' },
          rth_altitude: 80,
        },
      })
    ).body.data;
    await until(async () => (await last(task.id))?.state === 'executing', 'the task to be sent');

    // Out until the aircraft has reached the second waypoint (index 1), then home at once. The
    // simulator's own state is read each simulated second: the stored progress lags it by a report,
    // and a few seconds more towards the third waypoint would count that one reached too.
    await fly(1_200, async () => (await last(task.id))?.state === 'in_progress');
    const flying = await last(task.id);
    expect(flying).toMatchObject({ state: 'in_progress' });
    const heading = () => sim.unit(index)?.flight?.index ?? 0;
    for (let second = 0; second < 1_200 && heading() < 2; second++) {
      clock.advance(1_000);
      await pause(2);
    }
    expect(heading()).toBe(2);
    const home = await server.call('POST', TASK_API.returnHome, {
      token: s.operator,
      body: { id: task.id, execution_id: flying?.id },
    });
    expect(home.status).toBe(200);
    await until(
      () => Promise.resolve(sim.unit(index)?.flight?.goHome === true),
      'the dock to turn home',
    );
    await fly(1_200, async () => (await last(task.id))?.state === 'ok');
    await until(async () => (await last(task.id))?.state === 'ok', 'the flight to end');

    const run = (
      await server.call<SubtaskDetail>('GET', TASK_API.subtask, {
        token: s.viewer,
        lang: 'en',
        query: { id: flying?.id ?? 0 },
      })
    ).body.data.execution;
    expect(run.percent).toBeLessThan(100);
    expect(run.verdict).toMatchObject({
      result: 'partial',
      waypoints_reached: 2,
      waypoints_total: 4,
      photos_taken: 1,
      photos_planned: 1,
      reason_key: 'run.returned_early',
      reason: 'returned home at waypoint 2 of 4 (return home ordered by operator)',
    });
  });
});
