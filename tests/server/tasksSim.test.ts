/**
 * Tasks flown end to end: the real app (broker, ingestion, task engine) and the simulator over MQTT.
 * The dock takes the task, fetches the KMZ through `flighttask_resource_get` and HTTP, flies it and
 * reports progress until the execution ends in success. A conditional task waits on its dock until
 * the dock's own clock reaches its window, then flies; one whose window closes unmet is withdrawn.
 * Simulated time runs ahead of the clock; the conditional tasks get a fleet (and clock) of their own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TASK_API } from '../../protocol/tasks.ts';
import type { FlightTask, FlightTaskDetail, SubtaskDetail } from '../../protocol/tasks.ts';
import type { Wayline } from '../../protocol/waylines.ts';
import { silentLog } from '../../server/runtime/log.ts';
import { manualScheduler } from '../../server/runtime/scheduler.ts';
import type { ManualScheduler } from '../../server/runtime/scheduler.ts';
import { realtimeExtension } from '../../server/realtime.ts';
import { buildFleet, DEFAULT_CENTER } from '../../server/sim/fleet.ts';
import type { SimUnitDef } from '../../server/sim/fleet.ts';
import { mqttTransport } from '../../server/sim/mqttTransport.ts';
import { registerSimFleet } from '../../server/sim/registerSimFleet.ts';
import { startSimulator } from '../../server/sim/simulator.ts';
import type { Simulator } from '../../server/sim/simulator.ts';
import { SIM_CODES } from '../../server/sim/simServices.ts';
import { kmzForAircraft } from '../fixtures/wpml/forAircraft.ts';
import { fixtureKmz } from '../fixtures/wpml/kmz.ts';
import { seeded } from './helpers/accounts.ts';
import type { Seeded } from './helpers/accounts.ts';
import { backends } from './helpers/backends.ts';
import { until, uploadWayline } from './helpers/simFlights.ts';
import { startServer } from './helpers/testServer.ts';
import type { TestServer } from './helpers/testServer.ts';

const KEY = 'tasks-sim-key';
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(backends)('flight tasks on the simulator on $name', (backend) => {
  let server: TestServer;
  let s: Seeded;
  let sim: Simulator;
  /** The sim route re-planned for each aircraft model of the fleets, uploaded as they start. */
  const routes = new Map<string, Promise<Wayline>>();
  /** Model key of each simulated dock's aircraft. */
  const aircraftOf = new Map<string, string>();
  // Made when the suite starts: the dock refuses an immediate task 30 s off its own clock.
  let clock: ManualScheduler;
  const fleet = buildFleet({ drones: 4, seed: 7, center: DEFAULT_CENTER, prefix: 'TS' });
  const sims: Simulator[] = [];

  const db = () => server.handle.db;
  /** The route for `dockSn`'s aircraft: a task whose route is for another aircraft is refused. */
  const routeFor = (dockSn: string): Promise<Wayline> => {
    const model = aircraftOf.get(dockSn) ?? '';
    let route = routes.get(model);
    if (!route) {
      const kmz = kmzForAircraft(fixtureKmz('waypoint-actions-1.0.6'), model);
      route = uploadWayline(server, s.operator, s.home, `sim route ${model}`, kmz);
      routes.set(model, route);
    }
    return route;
  };
  const add = async (name: string, dockSn: string, schedule: object = { kind: 'immediate' }) =>
    server.call<FlightTask>('POST', TASK_API.add, {
      token: s.operator,
      body: {
        workspace_id: s.home,
        name,
        wayline_id: (await routeFor(dockSn)).id,
        dock_sn: dockSn,
        schedule,
        rth_altitude: 80,
      },
    });
  const last = async (taskId: number) =>
    (
      await server.call<FlightTaskDetail>('GET', TASK_API.info, {
        token: s.viewer,
        lang: 'en',
        query: { id: taskId },
      })
    ).body.data.last;
  /** Registers `units` in the project and starts them on `time`; resolves once their docks are online. */
  const startFleet = async (units: SimUnitDef[], prefix: string, time: ManualScheduler) => {
    await registerSimFleet(db(), s.home, units, KEY);
    for (const u of units) aircraftOf.set(u.dock.sn, u.aircraft.modelKey);
    // Uploaded now, so that creating a task later takes no longer than it did.
    for (const u of units) await routeFor(u.dock.sn);
    for (const u of units) server.handle.deps.events.changed({ kind: 'device', sn: u.dock.sn });
    const started = startSimulator({
      fleet: units,
      seed: 7,
      hz: 1,
      secretKey: KEY,
      transport: mqttTransport({
        url: `${server.url.replace(/^http/, 'ws')}/mqtt`,
        log: silentLog,
      }),
      scheduler: time,
    });
    sims.push(started);
    await until(async () => {
      const rows = await db().query('select 1 from devices where online and device_sn like $1', [
        `${prefix}DOCK%`,
      ]);
      return rows.length === units.length;
    }, 'the simulated docks to come online');
    return started;
  };
  /** Advances `time` a second at a time until `done` holds (or `seconds` went by). */
  const fly = async (time: ManualScheduler, seconds: number, done: () => Promise<boolean>) => {
    for (let second = 0; second < seconds; second++) {
      time.advance(1_000);
      await pause(second % 10 === 0 ? 30 : 2);
      if (second % 10 === 0 && (await done())) return;
    }
  };

  beforeAll(async () => {
    server = await startServer(backend, {
      config: { mqttTcpPort: 0, simDrones: 0 },
      extensions: [realtimeExtension],
    });
    s = await seeded(server);
    clock = manualScheduler(Date.now());
    sim = await startFleet(fleet, 'TS', clock);
  });
  afterAll(async () => {
    for (const started of sims) await started.stop();
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
    expect(await last(busy.id)).toMatchObject({
      result_code: SIM_CODES.busy,
      reason: 'the dock is busy with another flight',
    });

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
      await server.call<SubtaskDetail>('GET', TASK_API.subtask, {
        token: s.viewer,
        query: { id: run?.id ?? 0 },
      })
    ).body.data;
    const waypoints = detail.events
      .filter((e) => e.kind === 'progress')
      .map((e) => e.data.current_waypoint);
    expect(new Set(waypoints)).toEqual(new Set([0, 1, 2, 3]));
  });

  it('holds a conditional task until its window opens on the dock, then flies it', async () => {
    const time = manualScheduler(Date.now());
    const units = buildFleet({ drones: 4, seed: 11, center: DEFAULT_CENTER, prefix: 'TC' });
    const conditional = await startFleet(units, 'TC', time);
    const index = units.findIndex((_, i) => conditional.unit(i)?.phase === 'docked');
    const dockSn = units[index]?.dock.sn ?? '';
    expect(dockSn).toBeTruthy();
    // The window opens two minutes from now on the dock's clock.
    const begin = time.now() + 120_000;
    const task = (
      await add('conditional flight', dockSn, {
        kind: 'conditional',
        battery: 30,
        begin,
        end: begin + 3_600_000,
      })
    ).body.data;
    await until(async () => (await last(task.id))?.state === 'prepared', 'the dock to hold it');
    expect(conditional.unit(index)?.heldTasks.map((t) => t.flight.flightId)).toEqual([
      (await last(task.id))?.flight_id,
    ]);
    // A minute of the dock's time: still before the window, so still waiting, aircraft in.
    await fly(time, 60, () => Promise.resolve(false));
    expect((await last(task.id))?.state).toBe('prepared');
    expect(conditional.unit(index)?.phase).toBe('docked');

    await fly(time, 1_500, async () => (await last(task.id))?.state === 'ok');
    await until(async () => (await last(task.id))?.state === 'ok', 'the conditional flight to end');
    const run = await last(task.id);
    const detail = await server.call<SubtaskDetail>('GET', TASK_API.subtask, {
      token: s.viewer,
      query: { id: run?.id ?? 0 },
    });
    const kinds = detail.body.data.timeline.map((e) => e.kind);
    expect(kinds.slice(0, 4)).toEqual(['prepare', 'ready', 'execute', 'takeoff']);

    // A window that closes before its dock can fly (its clock stands still): withdrawn.
    const other = units.findIndex((_, i) => i !== index);
    const otherSn = units[other]?.dock.sn ?? '';
    const closing = (
      await add('closing', otherSn, {
        kind: 'conditional',
        battery: 1,
        // The server judges the window on its own clock, which is the wall's: the dock must have
        // the task before then, which a loaded machine took more than 4 s to get done.
        begin: Date.now() - 60_000,
        end: Date.now() + 10_000,
      })
    ).body.data;
    await until(async () => (await last(closing.id))?.state === 'prepared', 'the dock to hold it');
    await until(
      async () => (await last(closing.id))?.state === 'timeout',
      'the window to close',
      1_000,
    );
    expect((await last(closing.id))?.reason).toBe(
      'the conditions were not met within the window; the run expired',
    );
    // The engine's undo reaches the dock, which lets the task go; the timeline has its answer.
    await until(
      () => Promise.resolve(conditional.unit(other)?.heldTasks.length === 0),
      'the dock to drop it',
    );
    // The dock lets go before it answers, and the answer is recorded when it arrives.
    const closingRun = (await last(closing.id))?.id ?? 0;
    const timelineOf = () =>
      server.call<SubtaskDetail>('GET', TASK_API.subtask, {
        token: s.viewer,
        query: { id: closingRun },
      });
    await until(
      async () => (await timelineOf()).body.data.timeline.length >= 3,
      'the undo answer on the timeline',
    );
    const withdrawn = await timelineOf();
    expect(withdrawn.body.data.timeline.map((e) => e.kind)).toEqual([
      'prepare',
      'expired',
      'cancel',
    ]);
    expect(withdrawn.body.data.timeline.at(-1)?.code).toBe(0);
    expect(conditional.unit(other)?.heldTasks).toEqual([]);
  });
});
