/**
 * Gathers what is known about a run when its dock reports it ended — the stored route, the dock's
 * progress reports on its timeline, the users' return-home and stop commands, the aircraft's track —
 * judges it (runVerdict.ts) and stores the verdict on the execution row.
 */
import { int, num, obj, str } from '../mqtt/decode.ts';
import type { Fields } from '../mqtt/decode.ts';
import { queryOne } from '../db/Db.ts';
import { readKmzOffThread } from '../waylines/readOffThread.ts';
import type { EngineContext, ExecutionRow } from './EngineContext.ts';
import { judgeRun, plannedWaypoints } from './runVerdict.ts';
import type {
  PlannedWaypoint,
  RunFacts,
  RunVerdict,
  TrackSample,
  UserCommand,
} from './runVerdict.ts';

/** The final `flighttask_progress` as `applyProgress` read it. */
export interface FinalReport {
  status: string;
  result: number;
  waypoint: number | undefined;
  mediaCount: number | undefined;
  breakPoint: Fields | undefined;
}

/** Most track points read for one run: ten hours at one point a second. */
const TRACK_LIMIT = 36_000;
/** Cockpit commands (module `drc` of the audit log) that end a route early. */
const DRC_COMMANDS: Readonly<Record<string, UserCommand['kind']>> = {
  return_home: 'return_home',
  drone_emergency_stop: 'stop',
};

/** A break point's reason; null for none, and for 0 (`NORMAL`: no abnormality). */
function breakReason(breakPoint: Fields | undefined): number | null {
  const code = int(breakPoint?.break_reason);
  return code === undefined || code === 0 ? null : code;
}

/** The route's waypoints from its stored KMZ; null without a store, or when gone or unreadable. */
async function routeOf(ctx: EngineContext, taskId: number): Promise<PlannedWaypoint[] | null> {
  if (!ctx.storage) return null;
  const wayline = await queryOne<{ object_key: string }>(
    ctx.db,
    'select w.object_key from flight_tasks t join waylines w on w.id = t.wayline_id where t.id = $1',
    [taskId],
  );
  if (!wayline) return null;
  try {
    const object = await ctx.storage.get(wayline.object_key);
    if (!object) return null;
    return plannedWaypoints((await readKmzOffThread(object.body, 'route')).route);
  } catch (error) {
    ctx.log.warn(`run verdict: route ${wayline.object_key} unreadable: ${String(error)}`);
    return null;
  }
}

/** The track of the dock's aircraft from `from` to `to`. */
async function trackOf(ctx: EngineContext, dockSn: string, from: Date, to: Date) {
  const rows = await ctx.db.query<{ ts: Date; latitude: number; longitude: number }>(
    `select t.ts, t.latitude, t.longitude from device_tracks t
     where t.device_sn = (select d.device_sn from devices d
                          where d.gateway_sn = $1 and d.domain = 0 order by d.id limit 1)
       and t.ts >= $2 and t.ts <= $3
     order by t.ts limit ${String(TRACK_LIMIT)}`,
    [dockSn, from, to],
  );
  return rows.map((r): TrackSample => ({ t: r.ts.getTime(), lat: r.latitude, lon: r.longitude }));
}

/** What the run's timeline says: the dock's progress reports and the services users sent. */
async function timelineOf(ctx: EngineContext, executionId: number) {
  const events = await ctx.db.query<{ kind: string; data: Fields }>(
    `select kind, data from flight_task_events
     where execution_id = $1 and kind in ('progress', 'service') order by id`,
    [executionId],
  );
  let index: number | null = null;
  let media: number | null = null;
  let earlierBreak: number | null = null;
  const commands: UserCommand[] = [];
  for (const { kind, data } of events) {
    if (kind === 'service') {
      if (str(data.method) === 'return_home' && num(data.result) === 0)
        commands.push({ kind: 'return_home', username: str(data.username) ?? '' });
      continue;
    }
    const waypoint = int(data.current_waypoint);
    const count = int(data.media_count);
    if (waypoint !== undefined) index = Math.max(index ?? waypoint, waypoint);
    if (count !== undefined) media = Math.max(media ?? count, count);
    earlierBreak = breakReason(obj(data.break_point)) ?? earlierBreak;
  }
  return { index, media, earlierBreak, commands };
}

/** Return-home and e-stop commands a pilot sent the dock from the cockpit during the run. */
async function cockpitCommands(ctx: EngineContext, dockSn: string, from: Date, to: Date) {
  const rows = await ctx.db.query<{ action: string; username: string }>(
    `select action, username from audit_logs
     where module = 'drc' and target = $1 and result = 'success' and action = any($2::text[])
       and created_at >= $3 and created_at <= $4
     order by id`,
    [dockSn, Object.keys(DRC_COMMANDS), from, to],
  );
  return rows.flatMap((r): UserCommand[] => {
    const kind = DRC_COMMANDS[r.action];
    return kind ? [{ kind, username: r.username }] : [];
  });
}

const maxOf = (a: number | null, b: number | undefined): number | null =>
  b === undefined ? a : Math.max(a ?? b, b);

/** Everything known about run `row` now that `final` ended it. */
export async function runFactsOf(
  ctx: EngineContext,
  row: ExecutionRow,
  final: FinalReport,
): Promise<RunFacts> {
  const now = new Date(ctx.now());
  const started = row.started_at;
  const timeline = await timelineOf(ctx, row.id);
  const flown = started
    ? {
        track: await trackOf(ctx, row.dock_sn, started, now),
        cockpit: await cockpitCommands(ctx, row.dock_sn, started, now),
      }
    : { track: [], cockpit: [] };
  return {
    status: final.status,
    resultCode: final.result,
    waypointCount: row.waypoint_count,
    route: await routeOf(ctx, row.task_id),
    progressIndex: maxOf(timeline.index, final.waypoint),
    finalBreakReason: breakReason(final.breakPoint),
    earlierBreakReason: timeline.earlierBreak,
    mediaCount: maxOf(timeline.media, final.mediaCount),
    track: flown.track,
    commands: [...timeline.commands, ...flown.cockpit],
  };
}

/** Judges the run `final` ended and stores the verdict on its row; the verdict, for the caller. */
export async function storeVerdict(
  ctx: EngineContext,
  row: ExecutionRow,
  final: FinalReport,
): Promise<RunVerdict> {
  const verdict = judgeRun(await runFactsOf(ctx, row, final));
  await ctx.db.query(
    `update flight_task_executions set verdict = $2, verdict_reason = $3, verdict_params = $4,
       waypoints_reached = $5, total_waypoints = $6, photos_taken = $7, photos_planned = $8
     where id = $1`,
    [
      row.id,
      verdict.result,
      verdict.reason,
      JSON.stringify(verdict.params),
      verdict.waypoints_reached,
      verdict.waypoints_total,
      verdict.photos_taken,
      verdict.photos_planned,
    ],
  );
  return verdict;
}
