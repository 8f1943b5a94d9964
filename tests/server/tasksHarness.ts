/**
 * The set-up the task-engine suites share: the real app and database on one back end, a seeded
 * project with one route and one dock (and its aircraft), fake docks answering the engine's services
 * and virtual time driving it. Each test starts with no task and a fresh engine; whatever the engine
 * logs as an error fails the test that caused it.
 */
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import { TASK_API } from '../../protocol/tasks.ts';
import type { FlightTask, FlightTaskDetail, SubtaskDetail } from '../../protocol/tasks.ts';
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
import type { Backend } from './helpers/backends.ts';
import { startServer } from './helpers/testServer.ts';
import type { Answer, TestServer } from './helpers/testServer.ts';
import { fakeDocks } from './tasksFakeDock.ts';
import type { FakeDocks } from './tasksFakeDock.ts';

export const SILENCE_MS = 60_000;

export interface TaskHarness {
  readonly server: TestServer;
  readonly s: Seeded;
  readonly wayline: Wayline;
  readonly docks: FakeDocks;
  readonly clock: ManualScheduler;
  readonly engine: TaskEngine;
  /** Advances virtual time by `ms`: the engine's own timer runs a round. */
  round(ms?: number): Promise<void>;
  /** A dock's event, applied. */
  emit(method: string, data: Record<string, unknown>, sn?: string): Promise<void>;
  /** `add` as `token`, with the defaults of an immediate task on the dock overridden by `body`. */
  add(token: string, body?: Record<string, unknown>, lang?: string): Promise<Answer<FlightTask>>;
  info(id: number, lang?: string): Promise<FlightTaskDetail>;
  subtask(id: number, lang?: string): Promise<SubtaskDetail>;
  /** Rows of the audit log of the task module for `action`. */
  audited(action: string): Promise<{ result: string; detail: string; username: string }[]>;
}

/** Registers the set-up for a suite on `backend`, with dock `dock` and its aircraft `drone`. */
export function useTaskHarness(backend: Backend, dock: string, drone: string): TaskHarness {
  let server: TestServer;
  let s: Seeded;
  let wayline: Wayline;
  let docks: FakeDocks;
  let clock: ManualScheduler;
  let engine: TaskEngine | null = null;
  const errors: string[] = [];
  const db = () => server.handle.db;

  beforeAll(async () => {
    server = await startServer(backend);
    s = await seeded(server);
    wayline = await uploadRoute(server, s, 'harness route', fixtureKmz('waypoint-actions-1.0.6'));
    await addDockWithDrone(server, s, dock, drone);
  });
  afterAll(async () => {
    server.handle.deps.tasks.set(null);
    await engine?.stop();
    await server.close();
  });
  beforeEach(async () => {
    await db().query('delete from flight_tasks');
    await db().query('delete from device_tracks');
    await db().query('delete from drc_sessions');
    await db().query('update devices set online = true');
    docks = fakeDocks();
    clock = manualScheduler(Date.now());
    engine = startTaskEngine({
      db: db(),
      link: docks.link,
      log: { ...silentLog, error: (m: string) => errors.push(m) },
      scheduler: clock,
      fileUrl: (id) => `http://127.0.0.1:1/file/${id}`,
      silenceMs: SILENCE_MS,
      minBattery: 30,
    });
    server.handle.deps.tasks.set(engine);
  });
  afterEach(async () => {
    server.handle.deps.tasks.set(null);
    await engine?.stop();
    engine = null;
    expect(errors.splice(0)).toEqual([]);
  });

  const running = (): TaskEngine => {
    if (!engine) throw new Error('no engine');
    return engine;
  };
  return {
    get server() {
      return server;
    },
    get s() {
      return s;
    },
    get wayline() {
      return wayline;
    },
    get docks() {
      return docks;
    },
    get clock() {
      return clock;
    },
    get engine() {
      return running();
    },
    async round(ms = 1_000) {
      clock.advance(ms);
      await running().idle();
    },
    async emit(method, data, sn = dock) {
      docks.emit(sn, method, data);
      await running().idle();
    },
    add: (token, body = {}, lang = 'en') =>
      server.call<FlightTask>('POST', TASK_API.add, {
        token,
        lang,
        body: {
          workspace_id: s.home,
          name: 'harness task',
          wayline_id: wayline.id,
          dock_sn: dock,
          schedule: { kind: 'immediate' },
          rth_altitude: 100,
          ...body,
        },
      }),
    async info(id, lang = 'en') {
      return (
        await server.call<FlightTaskDetail>('GET', TASK_API.info, {
          token: s.viewer,
          lang,
          query: { id },
        })
      ).body.data;
    },
    async subtask(id, lang = 'en') {
      return (
        await server.call<SubtaskDetail>('GET', TASK_API.subtask, {
          token: s.viewer,
          lang,
          query: { id },
        })
      ).body.data;
    },
    audited: (action) =>
      db().query<{ result: string; detail: string; username: string }>(
        `select result, detail, username from audit_logs where module = 'task' and action = $1
         order by id`,
        [action],
      ),
  };
}
