/**
 * A finished run is judged by what the aircraft did: a fake dock reports a flight paused, resumed
 * and sent home after two of the route's four waypoints, ending `ok` as a dock does; the run API
 * answers it partial with the reason in words, next to the dock's own state. A run over the whole
 * route is complete; a run that never took off and one that ended before runs were judged have no
 * verdict. The real app, database and object store; fake docks and virtual time.
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
import { backends } from './helpers/backends.ts';
import { addDockWithDrone, uploadRoute } from './helpers/taskWorld.ts';
import { startServer } from './helpers/testServer.ts';
import type { TestServer } from './helpers/testServer.ts';
import { fakeDocks } from './tasksFakeDock.ts';
import type { FakeDocks } from './tasksFakeDock.ts';

const DOCK = 'VDOCK01';
const DRONE = 'VDRONE01';

type Point = [lng: number, lat: number];
/** Where the dock stands, and the waypoints of the waypoint-actions fixture route. */
const HOME: Point = [113.9415, 22.5395];
const WAYPOINTS: Point[] = [
  [113.943, 22.54],
  [113.9445, 22.5406],
  [113.946, 22.54],
  [113.9452, 22.5388],
];

/** Points along `path`, about 10 m apart: a track at 10 m/s, one point a second. */
function along(path: readonly Point[]): Point[] {
  const out: Point[] = [];
  path.forEach((to, i) => {
    const from = path[i - 1];
    if (!from) return void out.push(to);
    const steps = Math.ceil(
      Math.hypot((to[0] - from[0]) * 102_800, (to[1] - from[1]) * 110_800) / 10,
    );
    for (let k = 1; k <= steps; k++)
      out.push([
        from[0] + ((to[0] - from[0]) * k) / steps,
        from[1] + ((to[1] - from[1]) * k) / steps,
      ]);
  });
  return out;
}

/** A `flighttask_progress` with the fields a dock adds as a flight goes on. */
function report(
  flightId: string,
  status: string,
  percent: number,
  waypoint: number,
  ext: Record<string, unknown> = {},
) {
  return {
    result: 0,
    output: {
      status,
      progress: { current_step: 24, percent },
      ext: { flight_id: flightId, current_waypoint_index: waypoint, media_count: 1, ...ext },
    },
  };
}

describe.each(backends)('run verdicts on $name', (backend) => {
  let server: TestServer;
  let s: Seeded;
  let wayline: Wayline;
  let docks: FakeDocks;
  let clock: ManualScheduler;
  let engine: TaskEngine | null = null;
  const errors: string[] = [];

  const db = () => server.handle.db;
  const round = async (ms = 1_000) => {
    clock.advance(ms);
    await engine?.idle();
  };
  const emit = async (data: Record<string, unknown>) => {
    docks.emit(DOCK, 'flighttask_progress', data);
    await engine?.idle();
  };
  const control = (path: string, id: number, executionId: number) =>
    server.call('POST', path, { token: s.operator, body: { id, execution_id: executionId } });
  const execution = async (id: number, lang: string) =>
    (
      await server.call<TaskExecutionDetail>('GET', TASK_API.execution, {
        token: s.viewer,
        lang,
        query: { id },
      })
    ).body.data;
  /** A flight under way: the task added and sent, the dock reporting it in the air. */
  const flying = async () => {
    const task = (
      await server.call<FlightTask>('POST', TASK_API.add, {
        token: s.operator,
        body: {
          workspace_id: s.home,
          name: 'verdict',
          wayline_id: wayline.id,
          dock_sn: DOCK,
          schedule: { kind: 'immediate' },
          rth_altitude: 100,
        },
      })
    ).body.data;
    await round();
    const info = await server.call<FlightTaskDetail>('GET', TASK_API.info, {
      token: s.viewer,
      query: { id: task.id },
    });
    const run = info.body.data.last;
    if (!run) throw new Error('no run');
    await emit(report(run.flight_id, 'in_progress', 2, 0, { media_count: 0 }));
    return { task, run, t0: clock.now() };
  };
  /** The aircraft's stored track along `path` from `t0`, one point a second; its length, s. */
  const track = async (path: readonly Point[], t0: number) => {
    const points = along(path);
    for (const [i, [lng, lat]] of points.entries())
      await db().query(
        `insert into device_tracks (device_sn, ts, latitude, longitude, height)
         values ($1, $2, $3, $4, 60)`,
        [DRONE, new Date(t0 + (i + 1) * 1_000), lat, lng],
      );
    return points.length;
  };

  beforeAll(async () => {
    server = await startServer(backend);
    s = await seeded(server);
    wayline = await uploadRoute(server, s, 'verdict route', fixtureKmz('waypoint-actions-1.0.6'));
    await addDockWithDrone(server, s, DOCK, DRONE);
  });
  afterAll(async () => {
    server.handle.deps.tasks.set(null);
    await engine?.stop();
    await server.close();
  });
  beforeEach(async () => {
    await db().query('delete from flight_tasks');
    await db().query('delete from device_tracks');
    docks = fakeDocks();
    clock = manualScheduler(Date.now());
    engine = startTaskEngine({
      db: db(),
      link: docks.link,
      log: { ...silentLog, error: (m: string) => errors.push(m) },
      scheduler: clock,
      fileUrl: (id) => `http://127.0.0.1:1/file/${id}`,
      silenceMs: 60_000,
      minBattery: 30,
      storage: server.handle.deps.storage,
    });
    server.handle.deps.tasks.set(engine);
  });
  afterEach(async () => {
    server.handle.deps.tasks.set(null);
    await engine?.stop();
    engine = null;
    expect(errors.splice(0)).toEqual([]);
  });

  it('answers a run paused, resumed and sent home after 2 of 4 waypoints as partial, saying why', async () => {
    const { task, run, t0 } = await flying();
    // Out over the first two waypoints, half way to the third, then home.
    const midway: Point = [113.94525, 22.5403];
    const seconds = await track(
      [HOME, WAYPOINTS[0] ?? HOME, WAYPOINTS[1] ?? HOME, midway, HOME],
      t0,
    );
    await round(10_000);
    await emit(report(run.flight_id, 'in_progress', 20, 1));
    expect((await control(TASK_API.pause, task.id, run.id)).status).toBe(200);
    await emit(
      report(run.flight_id, 'paused', 20, 1, {
        break_point: { index: 1, state: 0, break_reason: 1282 },
      }),
    );
    await round(20_000);
    expect((await control(TASK_API.resume, task.id, run.id)).status).toBe(200);
    await emit(report(run.flight_id, 'in_progress', 25, 1));
    expect((await control(TASK_API.returnHome, task.id, run.id)).status).toBe(200);
    await round(seconds * 1_000);
    // As a dock reports it: `ok`, the last waypoint reached, and a break point naming the return.
    await emit(
      report(run.flight_id, 'ok', 100, 1, {
        break_point: { index: 1, state: 0, break_reason: 1283 },
      }),
    );

    const zh = await execution(run.id, 'zh');
    expect(zh.state).toBe('ok');
    expect(zh.verdict).toMatchObject({
      result: 'partial',
      waypoints_reached: 2,
      waypoints_total: 4,
      photos_taken: 1,
      photos_planned: 1,
      reason_key: 'run.returned_early',
      reason: '返航于航点 2 / 4（operator 下令返航）',
    });
    expect((await execution(run.id, 'en')).verdict?.reason).toBe(
      'returned home at waypoint 2 of 4 (return home ordered by operator)',
    );
    // The task's runs and the subtask page answer the same verdict.
    const detail = await server.call<FlightTaskDetail>('GET', TASK_API.info, {
      token: s.viewer,
      lang: 'en',
      query: { id: task.id },
    });
    expect(detail.body.data.last?.verdict?.result).toBe('partial');
    expect(detail.body.data.executions[0]?.verdict?.waypoints_reached).toBe(2);
    const subtask = await server.call<SubtaskDetail>('GET', TASK_API.subtask, {
      token: s.viewer,
      lang: 'en',
      query: { id: run.id },
    });
    expect(subtask.body.data.execution.verdict?.reason_key).toBe('run.returned_early');
    // Its figures count what the verdict counted, not the route's total the dock's `ok` implies.
    expect(subtask.body.data.figures).toMatchObject({ waypoints_done: 2, waypoints_total: 4 });
  });

  it('answers a run over the whole route with its photo as complete', async () => {
    const { run, t0 } = await flying();
    const seconds = await track([HOME, ...WAYPOINTS, HOME], t0);
    for (let waypoint = 0; waypoint < 4; waypoint++) {
      await round((seconds * 1_000) / 4);
      await emit(report(run.flight_id, 'in_progress', 20 * (waypoint + 1), waypoint));
    }
    await emit(report(run.flight_id, 'ok', 100, 3));
    const subtask = await server.call<SubtaskDetail>('GET', TASK_API.subtask, {
      token: s.viewer,
      query: { id: run.id },
    });
    expect(subtask.body.data.figures).toMatchObject({ waypoints_done: 4, waypoints_total: 4 });
    expect((await execution(run.id, 'zh')).verdict).toMatchObject({
      result: 'complete',
      waypoints_reached: 4,
      waypoints_total: 4,
      photos_taken: 1,
      photos_planned: 1,
      reason: '已到全部 4 个航点',
    });
  });

  it('answers a flight that flew the route without taking its photo as partial', async () => {
    const { run, t0 } = await flying();
    const seconds = await track([HOME, ...WAYPOINTS, HOME], t0);
    await round((seconds * 1_000) / 2);
    await emit(report(run.flight_id, 'in_progress', 50, 2, { media_count: 0 }));
    await round((seconds * 1_000) / 2);
    await emit(report(run.flight_id, 'ok', 100, 3, { media_count: 0 }));
    expect((await execution(run.id, 'zh')).verdict).toMatchObject({
      result: 'partial',
      photos_taken: 0,
      photos_planned: 1,
      reason: '计划拍照 1 张，实际 0 张',
    });
  });

  it('leaves runs that never took off, and runs ended before verdicts, without one', async () => {
    const { run } = await flying();
    await emit(report(run.flight_id, 'ok', 100, 3));
    // What a run ended before this release looks like: no verdict stored.
    await db().query(
      `update flight_task_executions set verdict = null, verdict_reason = null,
         verdict_params = null, waypoints_reached = null, photos_taken = null, photos_planned = null
       where id = $1`,
      [run.id],
    );
    expect(await execution(run.id, 'en')).toMatchObject({ state: 'ok', verdict: null });

    const grounded = await flying();
    await db().query(
      'update flight_task_executions set state = $2, started_at = null where id = $1',
      [grounded.run.id, 'sent'],
    );
    await emit({
      result: 314004,
      output: { status: 'failed', ext: { flight_id: grounded.run.flight_id } },
    });
    expect(await execution(grounded.run.id, 'en')).toMatchObject({
      state: 'failed',
      verdict: null,
    });
  });
});
