/**
 * The planning checks against a project's airspace, with real KMZ files: a route that enters a
 * no-fly area is kept when saved (uploaded, drawn or edited) and answered with warnings naming its
 * waypoints and legs, while a route clear of it gets none; a task flying it is refused with the
 * areas and waypoints named, unless a user allowed to override asks for it, which is audited; and a
 * run is checked again when it is sent, against the areas as they are then. Fake docks and virtual
 * time drive the task engine; the app and database are real.
 */
import { readFile } from 'node:fs/promises';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AIRSPACE_API } from '../../protocol/airspace.ts';
import type { AirspaceArea, AirspaceRouteCheck, AirspaceShape } from '../../protocol/airspace.ts';
import type { Envelope } from '../../protocol/http.ts';
import { TASK_API } from '../../protocol/tasks.ts';
import type { FlightTask, FlightTaskDetail } from '../../protocol/tasks.ts';
import { WAYLINE_API } from '../../protocol/waylines.ts';
import type { Wayline, WaylineWithRoute } from '../../protocol/waylines.ts';
import { silentLog } from '../../server/runtime/log.ts';
import { manualScheduler } from '../../server/runtime/scheduler.ts';
import type { ManualScheduler } from '../../server/runtime/scheduler.ts';
import { startTaskEngine } from '../../server/tasks/taskEngine.ts';
import type { TaskEngine } from '../../server/tasks/taskEngine.ts';
import { fixtureKmz } from '../fixtures/wpml/kmz.ts';
import type { Seeded } from './helpers/accounts.ts';
import { seeded } from './helpers/accounts.ts';
import { backends } from './helpers/backends.ts';
import { addDockWithDrone } from './helpers/taskWorld.ts';
import { startServer } from './helpers/testServer.ts';
import type { TestServer } from './helpers/testServer.ts';
import { fakeDocks } from './tasksFakeDock.ts';
import type { FakeDocks } from './tasksFakeDock.ts';

const DOCK = 'ADOCK01';
const DRONE = 'ADRONE01';

/**
 * The waypoint fixture (a Matrice 30T route, the aircraft the dock carries) flies 1 (113.9430,
 * 22.5400), 2 (113.9445, 22.5406), 3 (113.9460, 22.5400), 4 (113.9452, 22.5388).
 */
const THROUGH = () => fixtureKmz('waypoint-actions-1.0.6');
/** The same route moved about 1 km east, clear of an area around the fixture's waypoints. */
const CLEAR = () =>
  fixtureKmz('waypoint-actions-1.0.6', (_path, text) => text.replaceAll('113.94', '113.95'));

/** An operation area holding the whole moved route (113.953–113.956, 22.5388–22.5406). */
const WORK_ALL: AirspaceShape = {
  type: 'polygon',
  coordinates: [
    [113.952, 22.538],
    [113.957, 22.538],
    [113.957, 22.541],
    [113.952, 22.541],
    [113.952, 22.538],
  ],
};
/** The same area shrunk to the moved route's first three waypoints: its fourth is left outside. */
const WORK_SHRUNK: AirspaceShape = {
  type: 'polygon',
  coordinates: [
    [113.952, 22.5395],
    [113.957, 22.5395],
    [113.957, 22.541],
    [113.952, 22.541],
    [113.952, 22.5395],
  ],
};
/** An operation area around the fixture's own first three waypoints, as WORK_SHRUNK is for the moved. */
const WORK_FIXTURE: AirspaceShape = {
  type: 'polygon',
  coordinates: [
    [113.942, 22.5395],
    [113.947, 22.5395],
    [113.947, 22.541],
    [113.942, 22.541],
    [113.942, 22.5395],
  ],
};

/** A no-fly circle of 30 m on waypoint 3: the waypoint is inside, the legs to and from it touch. */
const CRANE: AirspaceShape = { type: 'circle', center: [113.946, 22.54], radius: 30 };

describe.each(backends)('planning checks against the airspace on $name', (backend) => {
  let server: TestServer;
  let s: Seeded;
  let docks: FakeDocks;
  let clock: ManualScheduler;
  let engine: TaskEngine | null = null;
  const errors: string[] = [];
  const db = () => server.handle.db;

  beforeAll(async () => {
    server = await startServer(backend);
    s = await seeded(server);
    await addDockWithDrone(server, s, DOCK, DRONE);
  });
  afterAll(() => server.close());
  beforeEach(async () => {
    await db().query('delete from flight_tasks');
    await db().query('delete from airspace_areas');
    docks = fakeDocks();
    clock = manualScheduler(Date.now());
    // Unlike the task suites' engine, this one reads the routes' files: the dispatch check needs them.
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

  const round = async () => {
    clock.advance(1_000);
    await engine?.idle();
  };
  const addArea = async (name: string, shape: AirspaceShape, kind = 'no_fly') => {
    const added = await server.call<AirspaceArea>('POST', AIRSPACE_API.add, {
      token: s.operator,
      lang: 'en',
      body: { workspace_id: s.home, name, kind, shape },
    });
    expect(added.status).toBe(200);
    return added.body.data;
  };
  /** Uploads a KMZ into the operator's project as the console does, answers in English. */
  const upload = async (name: string, kmz: Uint8Array): Promise<Wayline> => {
    const url = new URL(WAYLINE_API.upload, server.url);
    url.searchParams.set('workspace_id', String(s.home));
    url.searchParams.set('name', name);
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${s.operator}`,
        'content-type': 'application/octet-stream',
        'accept-language': 'en',
      },
      body: kmz,
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as Envelope<Wayline>).data;
  };
  const airspaceWords = (w: Wayline) =>
    w.warnings.filter((x) => x.code.startsWith('airspace_')).map((x) => x.message);
  const addTask = (token: string, waylineId: number, extra: Record<string, unknown> = {}) =>
    server.call<FlightTask>('POST', TASK_API.add, {
      token,
      lang: 'en',
      body: {
        workspace_id: s.home,
        name: 'airspace task',
        wayline_id: waylineId,
        dock_sn: DOCK,
        schedule: { kind: 'immediate' },
        rth_altitude: 100,
        ...extra,
      },
    });
  const lastRun = async (taskId: number) =>
    (
      await server.call<FlightTaskDetail>('GET', TASK_API.info, {
        token: s.viewer,
        lang: 'en',
        query: { id: taskId },
      })
    ).body.data.last;
  const taskNames = async () =>
    (await db().query<{ name: string }>('select name from flight_tasks')).map((t) => t.name);

  const CRANE_WORDS = [
    'waypoint 3 is inside the no-fly area "Crane"',
    'the leg from waypoint 2 to 3 crosses the no-fly area "Crane"',
    'the leg from waypoint 3 to 4 crosses the no-fly area "Crane"',
  ];

  it('keeps an uploaded route through a no-fly area, warning of its waypoints and legs', async () => {
    const crane = await addArea('Crane', CRANE);
    const through = await upload('through the crane', THROUGH());
    expect(airspaceWords(through)).toEqual(CRANE_WORDS);
    expect(through.warnings.find((w) => w.code === 'airspace_waypoint_no_fly')?.params).toEqual({
      index: 3,
      name: 'Crane',
      area_id: crane.area_id,
    });
    // Kept: it is in the library, and opening it in the editor shows the same findings.
    const opened = await server.call<WaylineWithRoute>('GET', WAYLINE_API.route, {
      token: s.viewer,
      lang: 'en',
      query: { id: through.id },
    });
    expect(airspaceWords(opened.body.data.wayline)).toEqual(CRANE_WORDS);
    const clear = await upload('clear of it', CLEAR());
    expect(airspaceWords(clear)).toEqual([]);
    // A disabled area is not in the docks' file and warns of nothing.
    await db().query('update airspace_areas set enabled = false');
    expect(airspaceWords(await upload('area off', THROUGH()))).toEqual([]);
  });

  it('warns when a route drawn or edited in the editor leaves the operation area', async () => {
    const clear = await upload('editor base', CLEAR());
    const { route } = (
      await server.call<WaylineWithRoute>('GET', WAYLINE_API.route, {
        token: s.operator,
        query: { id: clear.id },
      })
    ).body.data;
    // An operation area around the moved route's first three waypoints (113.953–113.956).
    await addArea(
      'Work',
      {
        type: 'polygon',
        coordinates: [
          [113.952, 22.5395],
          [113.957, 22.5395],
          [113.957, 22.541],
          [113.952, 22.541],
          [113.952, 22.5395],
        ],
      },
      'operation',
    );
    const created = await server.call<Wayline>('POST', WAYLINE_API.create, {
      token: s.operator,
      lang: 'en',
      body: { workspace_id: s.home, name: 'drawn', route },
    });
    expect(created.status).toBe(200);
    expect(airspaceWords(created.body.data)).toEqual([
      'waypoint 4 is outside the operation areas',
      'the leg from waypoint 3 to 4 leaves the operation areas',
    ]);
    // The fourth waypoint pulled inside: saved over the same wayline, nothing to warn of.
    const moved = structuredClone(route);
    const fourth = moved.paths[0]?.points[3];
    if (!fourth) throw new Error('the fixture has four waypoints');
    fourth.lat = 22.54;
    const saved = await server.call<Wayline>('POST', WAYLINE_API.save, {
      token: s.operator,
      lang: 'en',
      body: { id: created.body.data.id, name: 'drawn', route: moved },
    });
    expect(saved.status).toBe(200);
    expect(airspaceWords(saved.body.data)).toEqual([]);
  });

  it('answers the task dialog’s check with the findings, in scope only', async () => {
    await addArea('Crane', CRANE);
    const through = await upload('checked', THROUGH());
    const check = await server.call<AirspaceRouteCheck>('GET', AIRSPACE_API.check, {
      token: s.viewer,
      lang: 'zh-CN',
      query: { wayline_id: through.id },
    });
    expect(check.status).toBe(200);
    expect(check.body.data.count).toBe(3);
    expect(check.body.data.warnings[0]?.message).toBe('第 3 个航点位于禁飞区「Crane」内');
    const missing = await server.call('GET', AIRSPACE_API.check, {
      token: s.viewer,
      query: { wayline_id: 987_654 },
    });
    expect(missing.status).toBe(404);
    const bad = await server.call('GET', AIRSPACE_API.check, {
      token: s.viewer,
      lang: 'en',
      query: { wayline_id: 'x' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toContain('wayline_id');
  });

  it('refuses a task through a no-fly area unless a user allowed to overrides it, audited', async () => {
    const crane = await addArea('Crane', CRANE);
    const through = await upload('task through', THROUGH());
    const refused = await addTask(s.operator, through.id);
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toBe(
      `the route conflicts with the project's airspace: ${CRANE_WORDS.join(', ')}; a user allowed to override must confirm it (override_airspace)`,
    );
    // The operator role does not hold `airspace:override`.
    const notAllowed = await addTask(s.operator, through.id, { override_airspace: true });
    expect(notAllowed.status).toBe(403);
    expect(notAllowed.body.msg).toBe(
      'you are not allowed to confirm a route into a no-fly area or out of the operation areas',
    );
    expect(await taskNames()).toEqual([]);

    const mark = await db().query<{ id: number }>(
      'select coalesce(max(id), 0) as id from audit_logs',
    );
    const overridden = await addTask(s.admin, through.id, { override_airspace: true });
    expect(overridden.status).toBe(200);
    const audited = await db().query<{ result: string; username: string; detail: string }>(
      `select result, username, detail from audit_logs
       where id > $1 and module = 'task' and action = 'override_airspace'`,
      [mark[0]?.id ?? 0],
    );
    expect(audited).toHaveLength(1);
    expect(audited[0]).toMatchObject({ result: 'success', username: 'admin' });
    expect(audited[0]?.detail).toBe(
      `route of wayline ${String(through.id)} enters no-fly area(s) "Crane"; flown anyway from dock ${DOCK}`,
    );
    const stored = await db().query<{ airspace_override: string[] }>(
      'select airspace_override from flight_tasks where id = $1',
      [overridden.body.data.id],
    );
    expect(stored[0]?.airspace_override).toEqual([crane.area_id]);
    // Accepted, the run goes to the dock.
    await round();
    expect(docks.calls.map((c) => c.method)).toEqual(['flighttask_prepare', 'flighttask_execute']);
  });

  it('refuses a change of a task onto a route through a no-fly area', async () => {
    await addArea('Crane', CRANE);
    const clear = await upload('edit clear', CLEAR());
    const through = await upload('edit through', THROUGH());
    const task = await addTask(s.operator, clear.id, {
      schedule: { kind: 'timed', at: Date.now() + 3_600_000 },
    });
    expect(task.status).toBe(200);
    const t = task.body.data;
    const edited = await server.call<FlightTask>('POST', TASK_API.edit, {
      token: s.operator,
      lang: 'en',
      body: {
        id: t.id,
        name: t.name,
        wayline_id: through.id,
        dock_sn: t.dock_sn,
        schedule: t.schedule,
        rth_altitude: t.rth_altitude,
      },
    });
    expect(edited.status).toBe(409);
    expect(edited.body.msg).toContain('waypoint 3 is inside the no-fly area "Crane"');
    const kept = await db().query<{ wayline_id: number }>(
      'select wayline_id from flight_tasks where id = $1',
      [t.id],
    );
    expect(kept[0]?.wayline_id).toBe(clear.id);
  });

  it('refuses a run, unsent, whose route enters a no-fly area added since its task was created', async () => {
    const clear = await upload('clear when planned', CLEAR());
    const task = await addTask(s.operator, clear.id);
    expect(task.status).toBe(200);
    // A school's area drawn over the moved route's third waypoint before the engine sends the run.
    await addArea('School', { type: 'circle', center: [113.956, 22.54], radius: 30 });
    await round();
    expect(docks.calls).toEqual([]);
    expect(await lastRun(task.body.data.id)).toMatchObject({
      state: 'refused',
      reason:
        'the route enters the no-fly area "School" (near waypoint(s) 2, 3, 4) and no override was recorded for it; the run was not sent',
    });
  });

  it('refuses a run of an overridden task that now enters another no-fly area', async () => {
    await addArea('Crane', CRANE);
    const through = await upload('overridden', THROUGH());
    const task = await addTask(s.admin, through.id, { override_airspace: true });
    expect(task.status).toBe(200);
    await addArea('Gate', { type: 'circle', center: [113.943, 22.54], radius: 30 });
    await round();
    expect(docks.calls).toEqual([]);
    const last = await lastRun(task.body.data.id);
    expect(last?.state).toBe('refused');
    expect(last?.reason).toContain('"Gate" (near waypoint(s) 1, 2)');
  });

  it('refuses a run, unsent and audited, whose route leaves an operation area shrunk since', async () => {
    const work = await addArea('Work', WORK_ALL, 'operation');
    const clear = await upload('inside the work area', CLEAR());
    const task = await addTask(s.operator, clear.id);
    expect(task.status).toBe(200);
    const shrunk = await server.call('POST', AIRSPACE_API.edit, {
      token: s.operator,
      lang: 'en',
      body: { id: work.id, shape: WORK_SHRUNK },
    });
    expect(shrunk.status).toBe(200);
    await round();
    expect(docks.calls).toEqual([]);
    expect(await lastRun(task.body.data.id)).toMatchObject({
      state: 'refused',
      reason:
        'the route leaves the operation area "Work" (near waypoint(s) 3, 4) and no override was recorded for it; the run was not sent',
    });
    // Recorded as a refused dispatch, like the dispatch's other refusals.
    const audited = await db().query<{ result: string; detail: string }>(
      `select result, detail from audit_logs where module = 'task' and action = 'dispatch'
       order by id desc limit 1`,
    );
    expect(audited[0]).toEqual({
      result: 'failure',
      detail: 'task.airspace_outside_operation {"name":"Work","waypoints":"3, 4"}',
    });
  });

  it('refuses a run whose override accepted a no-fly area but not an operation area added since', async () => {
    await addArea('Crane', CRANE);
    const through = await upload('crane accepted', THROUGH());
    const task = await addTask(s.admin, through.id, { override_airspace: true });
    expect(task.status).toBe(200);
    await addArea('Work', WORK_FIXTURE, 'operation');
    await round();
    expect(docks.calls).toEqual([]);
    const last = await lastRun(task.body.data.id);
    expect(last?.state).toBe('refused');
    expect(last?.reason).toContain('leaves the operation area "Work" (near waypoint(s) 3, 4)');
  });

  it('sends a run whose override accepted the operation area it leaves, and records that area', async () => {
    const work = await addArea('Work', WORK_SHRUNK, 'operation');
    const leaving = await upload('leaves work', CLEAR());
    expect((await addTask(s.operator, leaving.id)).body.msg).toContain(
      'waypoint 4 is outside the operation areas',
    );
    const mark = await db().query<{ id: number }>(
      'select coalesce(max(id), 0) as id from audit_logs',
    );
    const task = await addTask(s.admin, leaving.id, { override_airspace: true });
    expect(task.status).toBe(200);
    const stored = await db().query<{ airspace_override: string[] }>(
      'select airspace_override from flight_tasks where id = $1',
      [task.body.data.id],
    );
    expect(stored[0]?.airspace_override).toEqual([work.area_id]);
    const audited = await db().query<{ detail: string }>(
      `select detail from audit_logs where id > $1 and action = 'override_airspace'`,
      [mark[0]?.id ?? 0],
    );
    expect(audited.map((a) => a.detail)).toEqual([
      `route of wayline ${String(leaving.id)} leaves operation area(s) "Work"; flown anyway from dock ${DOCK}`,
    ]);
    await round();
    expect(docks.calls.map((c) => c.method)).toEqual(['flighttask_prepare', 'flighttask_execute']);
  });

  it('gives the override button to the admin role only, also on a database seeded before it', async () => {
    const holders = () =>
      db().query<{ name: string }>(
        `select r.name from role_menus rm join roles r on r.id = rm.role_id
         join menus m on m.id = rm.menu_id where m.perms = 'airspace:override' order by r.name`,
      );
    expect(await holders()).toEqual([{ name: 'admin' }]);
    await db().query("delete from menus where perms = 'airspace:override'");
    const sql = await readFile(
      new URL('../../server/db/migrations/0998_airspace_override.sql', import.meta.url),
      'utf8',
    );
    const menuPart = sql.slice(sql.indexOf('-- The override button'));
    await db().exec(menuPart);
    await db().exec(menuPart);
    expect(await holders()).toEqual([{ name: 'admin' }]);
  });
});
