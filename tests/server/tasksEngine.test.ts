import { createHash } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TASK_API } from '../../protocol/tasks.ts';
import type { FlightTask, FlightTaskDetail, SubtaskDetail } from '../../protocol/tasks.ts';
import { WAYLINE_API } from '../../protocol/waylines.ts';
import type { Wayline } from '../../protocol/waylines.ts';
import { silentLog } from '../../server/runtime/log.ts';
import { createRequestRegistry } from '../../server/mqtt/requestRegistry.ts';
import { manualScheduler } from '../../server/runtime/scheduler.ts';
import type { ManualScheduler } from '../../server/runtime/scheduler.ts';
import { claimDue } from '../../server/tasks/claimDue.ts';
import { signedFileUrl } from '../../server/tasks/fileSignature.ts';
import { registerResourceRequest } from '../../server/tasks/resourceRequest.ts';
import { startTaskEngine } from '../../server/tasks/taskEngine.ts';
import type { TaskEngine } from '../../server/tasks/taskEngine.ts';
import { fixtureKmz } from '../fixtures/wpml/kmz.ts';
import type { Seeded } from './helpers/accounts.ts';
import { seeded } from './helpers/accounts.ts';
import { addDockWithDrone, uploadRoute } from './helpers/taskWorld.ts';
import { backends } from './helpers/backends.ts';
import { startServer } from './helpers/testServer.ts';
import { tamperedUrl } from './helpers/tamperedUrl.ts';
import type { TestServer } from './helpers/testServer.ts';
import { fakeDocks, progress } from './tasksFakeDock.ts';
import type { FakeDocks } from './tasksFakeDock.ts';

const SECRET_FREE_BASE = 'http://127.0.0.1:1';
const DOCK = 'TDOCK01';
const DRONE = 'TDRONE01';
const SILENCE_MS = 60_000;

describe.each(backends)('the flight-task engine on $name', (backend) => {
  let server: TestServer;
  let s: Seeded;
  let wayline: Wayline;
  let docks: FakeDocks;
  let clock: ManualScheduler;
  let engine: TaskEngine;
  const kmz = fixtureKmz('waypoint-actions-1.0.6');
  // Whatever the engine logs as an error fails the test that caused it.
  const engineErrors: string[] = [];

  const db = () => server.handle.db;
  const startEngine = () => {
    engine = startTaskEngine({
      db: db(),
      link: docks.link,
      log: { ...silentLog, error: (m: string) => engineErrors.push(m) },
      scheduler: clock,
      fileUrl: (id) => `${SECRET_FREE_BASE}/file/${id}`,
      silenceMs: SILENCE_MS,
      minBattery: 30,
    });
    server.handle.deps.tasks.set(engine);
  };
  /** One tick of virtual time: the engine's own timer runs a round. */
  const round = async () => {
    clock.advance(1_000);
    await engine.idle();
  };
  const emit = async (method: string, data: Record<string, unknown>, sn = DOCK) => {
    docks.emit(sn, method, data);
    await engine.idle();
  };
  const add = (token: string, body: Record<string, unknown>, lang = 'en') =>
    server.call<FlightTask>('POST', TASK_API.add, {
      token,
      lang,
      body: {
        workspace_id: s.home,
        name: 'north gate',
        wayline_id: wayline.id,
        dock_sn: DOCK,
        schedule: { kind: 'immediate' },
        rth_altitude: 100,
        ...body,
      },
    });
  const info = async (id: number) =>
    (
      await server.call<FlightTaskDetail>('GET', TASK_API.info, {
        token: s.viewer,
        lang: 'en',
        query: { id },
      })
    ).body.data;
  const clearTasks = () => db().query('delete from flight_tasks');

  beforeAll(async () => {
    server = await startServer(backend);
    s = await seeded(server);
    wayline = await uploadRoute(server, s, 'north', kmz);
    await addDockWithDrone(server, s, DOCK, DRONE);
  });
  afterAll(async () => {
    server.handle.deps.tasks.set(null);
    await engine.stop();
    await server.close();
  });
  afterEach(() => {
    expect(engineErrors.splice(0)).toEqual([]);
  });
  beforeEach(async () => {
    await clearTasks();
    await db().query('update devices set online = true');
    await db().query('delete from device_tracks');
    docks = fakeDocks();
    clock = manualScheduler(Date.now());
    startEngine();
  });

  it('checks the caller and every field before a task is stored', async () => {
    expect((await add(s.viewer, {})).status).toBe(403);
    const high = await add(s.operator, { rth_altitude: 5000 });
    expect(high.status).toBe(400);
    expect(high.body.msg).toContain('rth_altitude');
    const past = await add(s.operator, { schedule: { kind: 'timed', at: Date.now() - 3_600_000 } });
    expect(past.status).toBe(400);
    expect(past.body.msg).toContain('schedule.at');
    const badTime = await add(s.operator, {
      schedule: { kind: 'recurring', days: [1], times: ['25:00'], from: 0, to: 1 },
    });
    expect(badTime.status).toBe(400);
    expect(badTime.body.msg).toContain('schedule.times');
    expect((await add(s.operator, { dock_sn: 'NOSUCHDOCK' })).status).toBe(404);
    expect((await add(s.operator, { workspace_id: s.other })).status).toBe(404);
    const refused = await db().query<{ result: string }>(
      `select result from audit_logs where module = 'task' and action = 'add' order by id`,
    );
    expect(refused.map((r) => r.result)).toContain('failure');
  });

  it('flies an immediate task: prepare, execute, progress to success, taskInfo on the way', async () => {
    const created = await add(s.operator, {});
    expect(created.status).toBe(200);
    expect(created.body.data.next_run_at).not.toBeNull();
    await round();
    const methods = docks.calls.map((c) => c.method);
    expect(methods).toEqual(['flighttask_prepare', 'flighttask_execute']);
    const prepare = docks.calls[0]?.data ?? {};
    expect(prepare).toMatchObject({ task_type: 0, rth_altitude: 100, wayline_precision_type: 0 });
    expect(prepare.file).toMatchObject({
      fingerprint: createHash('md5').update(kmz).digest('hex'),
    });
    expect(Math.abs(Number(prepare.execute_time) - clock.now())).toBeLessThan(30_000);

    let task = await info(created.body.data.id);
    const flightId = task.executions[0]?.flight_id ?? '';
    expect(task.executions[0]?.state).toBe('executing');
    expect(task.next_run_at).toBeNull();

    await emit('flighttask_progress', progress(flightId, 'in_progress', 40, 1));
    task = await info(task.id);
    expect(task.last).toMatchObject({ state: 'in_progress', percent: 40, current_waypoint: 1 });
    const published = docks.published.at(-1);
    expect(published?.topic).toBe(`thing/product/${DOCK}/taskInfo`);
    expect(published?.payload.data).toMatchObject({
      flight_id: flightId,
      percent: 40,
      total_waypoints: 4,
    });

    // Flying: the task cannot be deleted, its wayline neither.
    const del = await server.call('POST', TASK_API.del, { token: s.admin, body: { id: task.id } });
    expect(del.status).toBe(409);
    const wdel = await server.call('POST', WAYLINE_API.del, {
      token: s.admin,
      body: { id: wayline.id },
    });
    expect(wdel.status).toBe(409);

    // Another dock reporting this flight id changes nothing.
    await emit('flighttask_progress', progress(flightId, 'failed', 50, 2), 'OTHERDOCK');
    await emit('flighttask_progress', progress(flightId, 'ok', 100, 3));
    const { execution: run, events } = (
      await server.call<SubtaskDetail>('GET', TASK_API.subtask, {
        token: s.viewer,
        query: { id: task.last?.id ?? 0 },
      })
    ).body.data;
    expect(run).toMatchObject({ state: 'ok', percent: 100 });
    expect(run.ended_at).not.toBeNull();
    const services = events.filter((e) => e.kind === 'service').map((e) => e.data);
    expect(services).toEqual([
      expect.objectContaining({ method: 'flighttask_prepare', result: 0, latency_ms: 7 }),
      expect.objectContaining({ method: 'flighttask_execute', result: 0 }),
    ]);
    expect(events.filter((e) => e.kind === 'progress').map((e) => e.data.status)).toEqual([
      'in_progress',
      'ok',
    ]);
    const audited = await db().query<{ username: string; detail: string }>(
      `select username, detail from audit_logs where module = 'task' and action = 'flighttask_prepare'`,
    );
    expect(audited.at(-1)).toMatchObject({ username: 'operator', detail: 'reply 0, 7 ms' });
    expect(
      (await server.call('POST', TASK_API.del, { token: s.admin, body: { id: task.id } })).status,
    ).toBe(200);
  });

  it('refuses a flight before dispatch with the reason kept, and a dock error with its code', async () => {
    await db().query('update devices set online = false where device_sn = $1', [DOCK]);
    const offline = (await add(s.operator, { name: 'offline' })).body.data;
    await round();
    expect(docks.calls).toHaveLength(0);
    expect((await info(offline.id)).last).toMatchObject({
      state: 'refused',
      reason: 'the dock is offline',
    });

    await db().query('update devices set online = true');
    await db().query(
      `insert into device_tracks (device_sn, ts, latitude, longitude, battery_percent) values ($1, now(), 22.5, 113.9, 12)`,
      [DRONE],
    );
    const low = (await add(s.operator, { name: 'low battery' })).body.data;
    await round();
    const lowInfo = await server.call<FlightTaskDetail>('GET', TASK_API.info, {
      token: s.viewer,
      lang: 'zh-CN',
      query: { id: low.id },
    });
    expect(lowInfo.body.data.last).toMatchObject({
      state: 'refused',
      reason: '飞行器电量不足：12%，需要至少 30%',
    });

    await db().query('delete from device_tracks');
    docks.answer = (method) => (method === 'flighttask_execute' ? 314004 : 0);
    const rejected = (await add(s.operator, { name: 'rejected' })).body.data;
    await round();
    expect((await info(rejected.id)).last).toMatchObject({
      state: 'rejected',
      result_code: 314004,
      reason: 'the dock refused the task (code 314004)',
    });
  });

  it('sends a conditional task with its ready conditions and executes it on flighttask_ready', async () => {
    const begin = Date.now();
    const task = (
      await add(s.operator, {
        name: 'conditional',
        wayline_precision_type: 1,
        schedule: { kind: 'conditional', battery: 80, begin, end: begin + 3_600_000 },
      })
    ).body.data;
    await round();
    expect(docks.calls.map((c) => c.method)).toEqual(['flighttask_prepare']);
    expect(docks.calls[0]?.data).toMatchObject({
      task_type: 2,
      wayline_precision_type: 1,
      ready_conditions: { battery_capacity: 80, begin_time: begin, end_time: begin + 3_600_000 },
    });
    // Waiting for its condition is not silence: the sweep leaves it alone inside its window.
    clock.advance(SILENCE_MS * 2);
    await round();
    const prepared = await info(task.id);
    expect(prepared.last?.state).toBe('prepared');
    await emit('flighttask_ready', { flight_ids: [prepared.last?.flight_id] });
    expect(docks.calls.map((c) => c.method)).toEqual(['flighttask_prepare', 'flighttask_execute']);
    expect((await info(task.id)).last?.state).toBe('executing');
  });

  it('refuses a second task that overlaps the first on the same dock', async () => {
    const at = Date.now() + 3_600_000;
    expect((await add(s.operator, { name: 'first', schedule: { kind: 'timed', at } })).status).toBe(
      200,
    );
    const second = await add(s.operator, {
      name: 'second',
      schedule: { kind: 'timed', at: at + 60_000 },
    });
    expect(second.status).toBe(409);
    expect(second.body.msg).toContain('first');
    const later = await add(s.operator, {
      name: 'later',
      schedule: { kind: 'timed', at: at + 7_200_000 },
    });
    expect(later.status).toBe(200);
  });

  it('fails a flight whose dock goes silent, and a restart mid-flight neither loses nor doubles it', async () => {
    const task = (await add(s.operator, { name: 'restart' })).body.data;
    await round();
    const flightId = (await info(task.id)).last?.flight_id ?? '';
    await emit('flighttask_progress', progress(flightId, 'in_progress', 20, 0));

    // The server stops mid-flight; a new engine picks the flight up from the database.
    await engine.stop();
    startEngine();
    clock.advance(30_000);
    await round();
    await emit('flighttask_progress', progress(flightId, 'in_progress', 60, 2));
    let detail = await info(task.id);
    expect(detail.executions).toHaveLength(1);
    expect(detail.last).toMatchObject({ state: 'in_progress', percent: 60 });
    expect(docks.calls.filter((c) => c.method === 'flighttask_prepare')).toHaveLength(1);

    clock.advance(SILENCE_MS - 1_000);
    await round();
    expect((await info(task.id)).last?.state).toBe('in_progress');
    clock.advance(2_000);
    await round();
    detail = await info(task.id);
    expect(detail.last).toMatchObject({
      state: 'timeout',
      reason: 'the dock stopped answering; the flight timed out',
    });
    const audited = await db().query<{ result: string; target: string }>(
      `select result, target from audit_logs where module = 'task' and action = 'timeout'`,
    );
    expect(audited).toEqual([{ result: 'failure', target: flightId }]);
  });

  it('claims a due run once even when two servers claim at the same moment', async () => {
    await engine.stop();
    const from = Date.now() - 1_000;
    const task = (
      await add(s.operator, {
        name: 'recurring',
        schedule: {
          kind: 'recurring',
          days: [0, 1, 2, 3, 4, 5, 6],
          times: ['00:00'],
          from,
          to: from + 30 * 86_400_000,
        },
      })
    ).body.data;
    const due = new Date(task.next_run_at ?? '').getTime();
    const claimed = await Promise.all([claimDue(db(), due), claimDue(db(), due)]);
    expect(claimed[0].length + claimed[1].length).toBe(1);
    const detail = await info(task.id);
    expect(detail.executions).toHaveLength(1);
    expect(new Date(detail.next_run_at ?? '').getTime()).toBe(due + 86_400_000);
    startEngine();
  });

  it('pauses, resumes and sends home a flight in progress; cancels runs not yet flown', async () => {
    const task = (await add(s.operator, { name: 'controls' })).body.data;
    expect(
      (await server.call('POST', TASK_API.pause, { token: s.operator, body: { id: task.id } }))
        .status,
    ).toBe(409);
    await round();
    const flightId = (await info(task.id)).last?.flight_id ?? '';
    await emit('flighttask_progress', progress(flightId, 'in_progress', 10, 0));
    for (const path of [TASK_API.pause, TASK_API.resume, TASK_API.returnHome]) {
      const answer = await server.call('POST', path, { token: s.operator, body: { id: task.id } });
      expect(answer.status).toBe(200);
    }
    expect(docks.calls.slice(2).map((c) => c.method)).toEqual([
      'flighttask_pause',
      'flighttask_recovery',
      'return_home',
    ]);
    docks.answer = () => 316001;
    const refused = await server.call('POST', TASK_API.pause, {
      token: s.operator,
      lang: 'en',
      body: { id: task.id },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toContain('316001');
    expect(
      (await server.call('POST', TASK_API.pause, { token: s.viewer, body: { id: task.id } }))
        .status,
    ).toBe(403);

    await db().query(`update flight_task_executions set state = 'ok'`);
    const later = (
      await add(s.operator, {
        name: 'later',
        schedule: { kind: 'timed', at: Date.now() + 7_200_000 },
      })
    ).body.data;
    const cancel = await server.call('POST', TASK_API.cancel, {
      token: s.operator,
      body: { id: later.id },
    });
    expect(cancel.status).toBe(200);
    expect(await info(later.id)).toMatchObject({ state: 'canceled', next_run_at: null });
  });

  it('answers flighttask_resource_get with a signed link that serves the KMZ and expires', async () => {
    const task = (await add(s.operator, { name: 'resource' })).body.data;
    await round();
    const flightId = (await info(task.id)).last?.flight_id ?? '';
    const registry = createRequestRegistry(silentLog);
    const secret = server.handle.deps.tokenSecret;
    registerResourceRequest(registry, db(), (id) =>
      signedFileUrl(secret, server.url, id, Date.now()),
    );
    const ask = (sn: string) =>
      registry.answer(
        sn,
        {
          tid: 't',
          bid: 'b',
          timestamp: 0,
          gateway: sn,
          method: 'flighttask_resource_get',
          needReply: true,
          data: { flight_id: flightId },
        },
        0,
      );
    expect((await ask('OTHERDOCK')).data.result).not.toBe(0);
    const reply = await ask(DOCK);
    const file = reply.data.output?.file as { url: string; fingerprint: string };
    const bytes = new Uint8Array(await (await fetch(file.url)).arrayBuffer());
    expect(createHash('md5').update(bytes).digest('hex')).toBe(file.fingerprint);

    const tampered = tamperedUrl(file.url);
    expect((await fetch(tampered)).status).toBe(403);
    const expired = signedFileUrl(secret, server.url, flightId, Date.now() - 2 * 3_600_000);
    expect((await fetch(expired)).status).toBe(403);
  });
});
