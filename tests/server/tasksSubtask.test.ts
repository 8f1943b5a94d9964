/**
 * The subtask (one flight) answer and the engine's gaps closed for issue 10: the timeline built from
 * a flight's progress, services and alarms, the flown track and planned route; timed runs prepared
 * ahead and executed on time; overlap of any two runs refused; one engine instance following each
 * flight. Fake docks and virtual time; the real app and database.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TASK_API } from '../../protocol/tasks.ts';
import type {
  FlightTask,
  FlightTaskDetail,
  SubtaskDetail,
  TaskExecutionDetail,
} from '../../protocol/tasks.ts';
import type { Wayline } from '../../protocol/waylines.ts';
import { silentLog } from '../../server/runtime/log.ts';
import { manualScheduler } from '../../server/runtime/scheduler.ts';
import type { ManualScheduler } from '../../server/runtime/scheduler.ts';
import { startTaskEngine } from '../../server/tasks/taskEngine.ts';
import type { TaskEngine } from '../../server/tasks/taskEngine.ts';
import { fixtureKmz } from '../fixtures/wpml/kmz.ts';
import type { Seeded } from './helpers/accounts.ts';
import { seeded } from './helpers/accounts.ts';
import { addDockWithDrone, uploadRoute } from './helpers/taskWorld.ts';
import { backends } from './helpers/backends.ts';
import { startServer } from './helpers/testServer.ts';
import type { TestServer } from './helpers/testServer.ts';
import { fakeDocks, progress } from './tasksFakeDock.ts';
import type { FakeDocks } from './tasksFakeDock.ts';

const DOCK = 'SDOCK01';
const DRONE = 'SDRONE01';
const MINUTE = 60_000;

describe.each(backends)('subtasks and the engine gaps on $name', (backend) => {
  let server: TestServer;
  let s: Seeded;
  let wayline: Wayline;
  let docks: FakeDocks;
  let clock: ManualScheduler;
  let engines: TaskEngine[] = [];
  const errors: string[] = [];

  const db = () => server.handle.db;
  const start = (instanceId?: string) => {
    const engine = startTaskEngine({
      db: db(),
      link: docks.link,
      log: { ...silentLog, error: (m: string) => errors.push(m) },
      scheduler: clock,
      fileUrl: (id) => `http://127.0.0.1:1/file/${id}`,
      silenceMs: MINUTE,
      minBattery: 30,
      ...(instanceId ? { instanceId } : {}),
    });
    engines.push(engine);
    return engine;
  };
  const idle = () => Promise.all(engines.map((e) => e.idle()));
  const round = async (ms = 1_000) => {
    clock.advance(ms);
    await idle();
  };
  const emit = async (data: Record<string, unknown>) => {
    docks.emit(DOCK, 'flighttask_progress', data);
    await idle();
  };
  const add = (body: Record<string, unknown>) =>
    server.call<FlightTask>('POST', TASK_API.add, {
      token: s.operator,
      lang: 'en',
      body: {
        workspace_id: s.home,
        name: 'harbour',
        wayline_id: wayline.id,
        dock_sn: DOCK,
        schedule: { kind: 'immediate' },
        rth_altitude: 100,
        ...body,
      },
    });
  const info = async (id: number) =>
    (await server.call<FlightTaskDetail>('GET', TASK_API.info, { token: s.viewer, query: { id } }))
      .body.data;
  const subtask = (id: number, token = s.viewer) =>
    server.call<SubtaskDetail>('GET', TASK_API.subtask, { token, lang: 'en', query: { id } });

  beforeAll(async () => {
    server = await startServer(backend);
    s = await seeded(server);
    wayline = await uploadRoute(server, s, 'harbour route', fixtureKmz('waypoint-actions-1.0.6'));
    await addDockWithDrone(server, s, DOCK, DRONE);
  });
  afterAll(async () => {
    server.handle.deps.tasks.set(null);
    for (const e of engines) await e.stop();
    await server.close();
  });
  beforeEach(async () => {
    await db().query('delete from flight_tasks');
    await db().query('delete from device_tracks');
    docks = fakeDocks();
    clock = manualScheduler(Date.now());
    engines = [];
  });
  afterEach(async () => {
    server.handle.deps.tasks.set(null);
    for (const e of engines) await e.stop();
    expect(errors.splice(0)).toEqual([]);
  });

  it('answers a flight with its timeline, flown track, planned route and figures', async () => {
    server.handle.deps.tasks.set(start());
    const task = (await add({})).body.data;
    await round();
    const run = (await info(task.id)).last;
    const flightId = run?.flight_id ?? '';
    const t0 = clock.now();
    await emit(progress(flightId, 'in_progress', 5, 0));
    // The aircraft's stored track while it flies, one point every 10 s heading north-east.
    for (let i = 0; i <= 12; i++)
      await db().query(
        `insert into device_tracks (device_sn, ts, latitude, longitude, height)
         values ($1, $2, $3, $4, 60)`,
        [DRONE, new Date(t0 + i * 10_000), 22.5 + i * 0.0005, 113.9 + i * 0.0005],
      );
    await db().query(
      `insert into device_hms_alarms (gateway_sn, code, level, module, device_type, raised_at)
       values ($1, '0x16100083', 1, 3, '0-91-0', $2)`,
      [DOCK, new Date(t0 + 25_000)],
    );
    await round(20_000);
    await emit(progress(flightId, 'in_progress', 30, 1));
    // A viewer may not pause; the operator may, and the timeline says who did.
    const denied = await server.call('POST', TASK_API.pause, {
      token: s.viewer,
      body: { id: task.id, execution_id: run?.id },
    });
    expect(denied.status).toBe(403);
    const paused = await server.call('POST', TASK_API.pause, {
      token: s.operator,
      body: { id: task.id, execution_id: run?.id },
    });
    expect(paused.status).toBe(200);
    await round(20_000);
    await emit(progress(flightId, 'in_progress', 60, 2));
    await emit(progress(flightId, 'in_progress', 80, 3));
    await round(40_000);
    await emit(progress(flightId, 'in_progress', 90, 3));
    await round(40_000);
    await emit(progress(flightId, 'ok', 100, 3));

    const answer = await subtask(run?.id ?? 0);
    expect(answer.status).toBe(200);
    const d = answer.body.data;
    expect(d.execution.state).toBe('ok');
    expect(d.task.id).toBe(task.id);
    expect(d.aircraft_sn).toBe(DRONE);
    const kinds = d.timeline.map((e) => e.kind);
    expect(kinds.filter((k) => k !== 'alarm')).toEqual([
      'prepare',
      'execute',
      'takeoff',
      'waypoint',
      'waypoint',
      'pause',
      'waypoint',
      'waypoint',
      'landing',
      'result',
    ]);
    expect(d.timeline.filter((e) => e.kind === 'waypoint').map((e) => e.waypoint)).toEqual([
      0, 1, 2, 3,
    ]);
    expect(d.timeline.find((e) => e.kind === 'pause')).toMatchObject({
      username: 'operator',
      code: 0,
    });
    expect(d.timeline.find((e) => e.kind === 'alarm')).toMatchObject({ hms_code: '0x16100083' });
    expect(d.timeline.find((e) => e.kind === 'takeoff')).toMatchObject({ lat: 22.5, lon: 113.9 });
    expect(d.track).toHaveLength(13);
    expect(d.route).toHaveLength(4);
    expect(d.wayline?.id).toBe(wayline.id);
    // 12 legs of ~73 m each.
    expect(d.figures.distance_m).toBeGreaterThan(800);
    expect(d.figures.distance_m).toBeLessThan(950);
    expect(d.figures).toMatchObject({
      duration_s: 120,
      waypoints_done: 4,
      waypoints_total: 4,
      alarms: 1,
    });
    // The engine's log comes with it, and the older path answers the same run from the same read.
    expect(
      d.events.filter((e) => e.kind === 'progress').map((e) => e.data.current_waypoint),
    ).toEqual([0, 1, 2, 3, 3]);
    const older = await server.call<TaskExecutionDetail>('GET', TASK_API.execution, {
      token: s.viewer,
      lang: 'en',
      query: { id: run?.id ?? 0 },
    });
    expect(older.status).toBe(200);
    expect(older.body.data).toEqual({ ...d.execution, events: d.events });
  });

  it('answers 404 for a flight of another workspace and a missing one', async () => {
    server.handle.deps.tasks.set(start());
    const task = (await add({})).body.data;
    await round();
    const runId = (await info(task.id)).last?.id ?? 0;
    expect((await subtask(runId)).status).toBe(200);
    await db().query('update flight_tasks set workspace_id = $2 where id = $1', [task.id, s.other]);
    expect((await subtask(runId)).status).toBe(404);
    expect((await subtask(runId, s.admin)).status).toBe(200);
    expect((await subtask(999_999)).status).toBe(404);
    expect((await subtask(0)).status).toBe(400);
    const older = (id: number) =>
      server.call('GET', TASK_API.execution, { token: s.viewer, query: { id } });
    expect((await older(runId)).status).toBe(404);
    expect((await older(0)).status).toBe(400);
  });

  it('prepares a timed run ahead, keeps it through the silence sweep and executes it on time', async () => {
    start();
    const at = Date.now() + 30 * MINUTE;
    const task = (await add({ schedule: { kind: 'timed', at } })).body.data;
    await round(15 * MINUTE);
    expect(docks.calls).toHaveLength(0);
    await round(6 * MINUTE);
    expect(docks.calls.map((c) => c.method)).toEqual(['flighttask_prepare']);
    expect(docks.calls[0]?.data).toMatchObject({ task_type: 1, execute_time: at });
    expect((await info(task.id)).last?.state).toBe('prepared');
    // Longer than the silence that fails a flight: a run waiting for its time is not silent.
    await round(5 * MINUTE);
    expect((await info(task.id)).last?.state).toBe('prepared');
    clock.advance(at - clock.now() - 1_000);
    await round(500);
    expect(docks.calls).toHaveLength(1);
    await round(1_000);
    await round(1_000);
    expect(docks.calls.map((c) => c.method)).toEqual(['flighttask_prepare', 'flighttask_execute']);
    expect((await info(task.id)).last?.state).toBe('executing');
  });

  it('refuses a task overlapping any later run of a recurring task, not only its next one', async () => {
    const day = 24 * 3600 * 1000;
    const from = Date.now();
    const recurring = await add({
      name: 'every day',
      schedule: {
        kind: 'recurring',
        days: [0, 1, 2, 3, 4, 5, 6],
        times: ['10:00'],
        from,
        to: from + 30 * day,
      },
    });
    expect(recurring.status).toBe(200);
    const next = Date.parse(recurring.body.data.next_run_at ?? '');
    const clash = await add({
      name: 'later',
      schedule: { kind: 'timed', at: next + 3 * day + 5 * MINUTE },
    });
    expect(clash.status).toBe(409);
    expect(clash.body.msg).toContain('every day');
    const free = await add({
      name: 'free',
      schedule: { kind: 'timed', at: next + 3 * day + 3 * 3600_000 },
    });
    expect(free.status).toBe(200);
  });

  it('lets only the instance holding a flight publish its taskInfo, and hands it over on stop', async () => {
    const a = start('instance-a');
    start('instance-b');
    const task = (await add({})).body.data;
    await round();
    expect(docks.calls.map((c) => c.method)).toEqual(['flighttask_prepare', 'flighttask_execute']);
    const flightId = (await info(task.id)).last?.flight_id ?? '';
    const before = docks.published.length;
    await emit(progress(flightId, 'in_progress', 10, 0));
    await emit(progress(flightId, 'in_progress', 20, 1));
    expect(docks.published.length - before).toBe(2);
    const events = await db().query<{ n: number }>(
      `select count(*)::int as n from flight_task_events e join flight_task_executions x
       on x.id = e.execution_id where x.flight_id = $1 and e.kind = 'progress'`,
      [flightId],
    );
    expect(events[0]?.n).toBe(2);
    await a.stop();
    engines = engines.filter((e) => e !== a);
    await emit(progress(flightId, 'in_progress', 30, 2));
    expect(docks.published.length - before).toBe(3);
    const holder = await db().query<{ claimed_by: string }>(
      'select claimed_by from flight_task_executions where flight_id = $1',
      [flightId],
    );
    expect(holder[0]?.claimed_by).toBe('instance-b');
  });
});
