/**
 * The task engine under load: `docks` docks each given an immediate task at the same moment, on an
 * in-memory PGlite with every migration. Fake docks answer services at once and, once executing,
 * report `flighttask_progress` once a second (each report at the next waypoint, then `ok`). Measures
 * how long each dock waited for its `flighttask_execute` and whether every report was stored.
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '../../server/db/Db.ts';
import { migrate } from '../../server/db/migrate.ts';
import { openPglite } from '../../server/db/pgliteDb.ts';
import { seedIfEmpty } from '../../server/db/seed.ts';
import type { Fields } from '../../server/mqtt/decode.ts';
import { silentLog } from '../../server/runtime/log.ts';
import { realScheduler } from '../../server/runtime/scheduler.ts';
import type { DeviceLink } from '../../server/tasks/DeviceLink.ts';
import { startTaskEngine } from '../../server/tasks/taskEngine.ts';

export interface EngineLoadResult {
  docks: number;
  /** Per dock: ms from the tasks being due to its `flighttask_execute`. */
  dispatchMs: number[];
  expectedProgress: number;
  storedProgress: number;
  finishedOk: number;
  wallMs: number;
}

type Listener = (sn: string, method: string, data: Fields) => void;

function report(flightId: string, status: string, percent: number, waypoint: number): Fields {
  return {
    result: 0,
    output: {
      status,
      progress: { current_step: 24, percent },
      ext: { flight_id: flightId, current_waypoint_index: waypoint, media_count: 0 },
    },
  };
}

async function setUp(docks: number): Promise<{ db: Db; sns: string[] }> {
  const db = await openPglite(undefined);
  await migrate(db);
  await seedIfEmpty(db, 'bench-pass1');
  const [ws] = await db.query<{ id: number }>('select id from workspaces order by id limit 1');
  const workspaceId = ws?.id ?? 1;
  const [wayline] = await db.query<{ id: number }>(
    `insert into waylines (workspace_id, name, object_key, md5, size_bytes, drone_model_key,
       template_type, waypoint_count, length_m, duration_s, height_mode, finish_action, wpmz_version)
     values ($1, 'bench', 'bench/route.kmz', 'd41d8cd98f00b204e9800998ecf8427e', 1, '0-91-0',
       'waypoint', 10, 1000, 600, 'relativeToStartPoint', 'goHome', '1.0.6') returning id`,
    [workspaceId],
  );
  const sns = Array.from({ length: docks }, (_, i) => `BENCHDOCK${String(i).padStart(4, '0')}`);
  for (const sn of sns) {
    await db.query(
      `insert into devices (device_sn, name, domain, type, sub_type, workspace_id, gateway_sn, online)
       values ($1, $1, 3, 2, 0, $2, null, true)`,
      [sn, workspaceId],
    );
  }
  await db.query(
    `insert into flight_tasks (workspace_id, name, wayline_id, dock_sn, schedule_kind, schedule,
       rth_altitude, next_run_at, creator_name)
     select $1, 'bench ' || sn, $2, sn, 'immediate', '{"kind":"immediate"}', 100, now() + interval '2 seconds', 'bench'
     from unnest($3::text[]) as sn`,
    [workspaceId, wayline?.id ?? 0, sns],
  );
  return { db, sns };
}

/** Runs the load; `reports` progress messages per flight, one a second. */
export async function measureEngineLoad(docks: number, reports: number): Promise<EngineLoadResult> {
  const { db } = await setUp(docks);
  const [due] = await db.query<{ at: Date }>('select min(next_run_at) as at from flight_tasks');
  const dueAt = due?.at.getTime() ?? Date.now();
  const listeners = new Set<Listener>();
  const dispatchMs: number[] = [];
  const timers = new Set<NodeJS.Timeout>();
  let sent = 0;
  let allSent: () => void = () => undefined;
  const done = new Promise<void>((resolve) => (allSent = resolve));

  function fly(sn: string, flightId: string): void {
    let n = 0;
    const timer = setInterval(() => {
      n++;
      const last = n >= reports;
      const data = last
        ? report(flightId, 'ok', 100, reports - 2)
        : report(flightId, 'in_progress', Math.round((n * 100) / reports), n - 1);
      for (const l of listeners) l(sn, 'flighttask_progress', data);
      sent++;
      if (last) {
        clearInterval(timer);
        timers.delete(timer);
        if (sent === docks * reports) allSent();
      }
    }, 1000);
    timers.add(timer);
  }

  const link: DeviceLink = {
    call(sn, method, data) {
      if (method === 'flighttask_execute') {
        dispatchMs.push(Date.now() - dueAt);
        fly(sn, (data as { flight_id: string }).flight_id);
      }
      return Promise.resolve({ result: 0, latencyMs: 1 });
    },
    publish: () => undefined,
    onEvent(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close: () => Promise.resolve(),
  };
  const start = Date.now();
  const engine = startTaskEngine({
    db,
    link,
    log: silentLog,
    scheduler: realScheduler,
    fileUrl: (id) => `http://127.0.0.1:1/${id}`,
    silenceMs: 10 * 60_000,
    instanceId: randomUUID(),
  });
  // Every flight reported to the end (or two minutes beyond what the plan takes, if some never start).
  await Promise.race([done, new Promise((resolve) => setTimeout(resolve, (reports + 120) * 1000))]);
  await engine.idle();
  await engine.stop();
  for (const t of timers) clearInterval(t);
  const [stored] = await db.query<{ n: number }>(
    `select count(*)::int as n from flight_task_events where kind = 'progress'`,
  );
  const [ok] = await db.query<{ n: number }>(
    `select count(*)::int as n from flight_task_executions where state = 'ok'`,
  );
  await db.close();
  return {
    docks,
    dispatchMs,
    // Each report moves the flight on (next waypoint, then `ok`), so each is one timeline row.
    expectedProgress: docks * reports,
    storedProgress: stored?.n ?? 0,
    finishedOk: ok?.n ?? 0,
    wallMs: Date.now() - start,
  };
}
