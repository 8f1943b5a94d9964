import type { FastifyRequest } from 'fastify';
import type {
  SubtaskDetail,
  SubtaskEvent,
  SubtaskFigures,
  TaskExecutionDetail,
} from '../../../protocol/tasks.ts';
import { TASK_API } from '../../../protocol/tasks.ts';
import { queryOne } from '../../db/Db.ts';
import { loadHmsTextTable, type HmsTextTable } from '../../hms/hmsTextTable.ts';
import type { AppDeps, ZodApp } from '../context.ts';
import { callerOf } from '../context.ts';
import { ok } from '../envelope.ts';
import { pickLang } from '../messages.ts';
import {
  aircraftOf,
  flightAlarms,
  flightPhotos,
  flownTrack,
  plannedRoute,
  trackLength,
} from './subtaskData.ts';
import { buildTimeline } from './subtaskTimeline.ts';
import type { StoredEvent } from './subtaskTimeline.ts';
import type { ExecutionRow } from './taskQueries.ts';
import { reasonText, scopedRun, toExecution, toTask } from './taskQueries.ts';
import { byId } from './taskSchemas.ts';

interface WaylineRow {
  id: number;
  name: string;
  template_type: string;
  waypoint_count: number;
  length_m: number;
  duration_s: number;
  object_key: string;
  md5: string;
}

const when = (t: Date | string | null): Date | null => (t === null ? null : new Date(t));

/**
 * Waypoints reached, of the route's. A judged run counts what its verdict counted (the dock's
 * progress checked against the flown track); before that, the waypoints the timeline reached. A
 * dock's `ok` alone does not mean every waypoint was reached (it says `ok` for a flight sent home
 * halfway), so it is believed only for runs that ended before runs were judged.
 */
function waypointsDone(
  run: Pick<ExecutionRow, 'state' | 'verdict' | 'waypoints_reached' | 'total_waypoints'>,
  timeline: readonly SubtaskEvent[],
  routeTotal: number,
): { reached: number; total: number } {
  if (run.verdict !== null && run.waypoints_reached !== null)
    return { reached: run.waypoints_reached, total: run.total_waypoints };
  const reached = timeline
    .filter((e) => e.kind === 'waypoint')
    .reduce((most, e) => Math.max(most, (e.waypoint ?? 0) + 1), 0);
  return {
    reached: run.state === 'ok' ? routeTotal : Math.min(routeTotal, reached),
    total: routeTotal,
  };
}

/** Everything about one run the caller may see, in the caller's language. */
async function readSubtask(
  request: FastifyRequest,
  deps: AppDeps,
  hms: HmsTextTable,
  id: number,
): Promise<SubtaskDetail> {
  const { db, storage } = deps;
  const { run, task } = await scopedRun(db, callerOf(request), id);
  const lang = pickLang(request.headers['accept-language']);
  const wayline = await queryOne<WaylineRow>(
    db,
    `select w.id, w.name, w.template_type, w.waypoint_count, w.length_m, w.duration_s,
       w.object_key, w.md5
     from flight_tasks t join waylines w on w.id = t.wayline_id where t.id = $1`,
    [task.id],
  );
  const started = when(run.started_at);
  const ended = when(run.ended_at);
  const windowEnd = ended ?? new Date();
  const aircraft = await aircraftOf(db, run.dock_sn);
  const track = started && aircraft ? await flownTrack(db, aircraft, started, windowEnd) : [];
  const stored = await db.query<StoredEvent & { id: number }>(
    'select id, ts, kind, data from flight_task_events where execution_id = $1 order by ts, id',
    [run.id],
  );
  const alarms = started ? await flightAlarms(db, run.dock_sn, started, windowEnd, hms, lang) : [];
  const photos = await flightPhotos(db, run.flight_id);
  const timeline = buildTimeline(stored, alarms, photos, track, (key, params) =>
    reasonText(key, lang, params),
  );
  const done = waypointsDone(run, timeline, wayline?.waypoint_count ?? run.total_waypoints);
  const figures: SubtaskFigures = {
    duration_s: started
      ? Math.max(0, Math.round((windowEnd.getTime() - started.getTime()) / 1000))
      : null,
    distance_m: Math.round(trackLength(track)),
    waypoints_done: done.reached,
    waypoints_total: done.total,
    photos: photos.length,
    alarms: alarms.length,
  };
  const route = wayline ? await plannedRoute(storage, wayline.object_key, wayline.md5) : [];
  return {
    execution: toExecution(request, run),
    task: toTask(request, task),
    wayline: wayline
      ? {
          id: wayline.id,
          name: wayline.name,
          template_type: wayline.template_type,
          waypoint_count: wayline.waypoint_count,
          length_m: wayline.length_m,
          duration_s: wayline.duration_s,
        }
      : null,
    aircraft_sn: aircraft,
    timeline,
    events: stored.map((e) => ({ ...e, ts: e.ts.toISOString() })),
    track,
    route,
    figures,
  };
}

/**
 * `GET subtask`: one run with its timeline, flown track, planned route and key figures. The older
 * `GET execution` (the run's row with the engine's log) answers from the same read, in its own
 * shape, for clients written against it; the console reads only `subtask`.
 */
export function registerSubtaskRoutes(app: ZodApp, deps: AppDeps): void {
  const hms = loadHmsTextTable(deps.config.hmsTextFile);

  app.get(
    TASK_API.subtask,
    { config: { access: 'task' }, schema: { querystring: byId } },
    async (request) =>
      ok<SubtaskDetail>(request, await readSubtask(request, deps, hms, request.query.id)),
  );

  app.get(
    TASK_API.execution,
    { config: { access: 'task' }, schema: { querystring: byId, deprecated: true } },
    async (request) => {
      const { execution, events } = await readSubtask(request, deps, hms, request.query.id);
      return ok<TaskExecutionDetail>(request, { ...execution, events });
    },
  );
}
