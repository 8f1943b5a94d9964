/**
 * What a finished run achieved, judged from what the aircraft did rather than from the dock's last
 * status alone: a dock reports `ok` for a flight it sent home after two of four waypoints, or for
 * one that never reached its only waypoint and came back on low battery. The verdict counts the
 * waypoints reached (the dock's progress, checked and completed by the flown track), the photos
 * taken against those planned, and names why the run stopped short. Pure, so it is tested alone.
 */
import type { RunCause, RunResult, VerdictReason } from '../../protocol/tasks.ts';
import type { WaylinePath, WaylineRoute } from '../../protocol/waylines.ts';
import { delta } from '../physics/geodesy.ts';
import { geodesicDistance } from '../waylines/geodesic.ts';

/** A planned waypoint: where it is and how many photos its `reachPoint` actions take. */
export interface PlannedWaypoint {
  lat: number;
  lon: number;
  photos: number;
}

/** One stored point of the aircraft's track during the run. */
export interface TrackSample {
  /** ms since the epoch. */
  t: number;
  lat: number;
  lon: number;
}

/** A command a user sent to the aircraft during the run that ends the route early. */
export interface UserCommand {
  kind: 'return_home' | 'stop';
  username: string;
}

/** Everything known about a run when it ends. */
export interface RunFacts {
  /** The final `flighttask_progress` status (`ok`, `failed`, `canceled`, `partially_done`, …). */
  status: string;
  /** The final report's `result` (an error code when non-zero). */
  resultCode: number;
  /** Waypoints of the route as the library recorded them (used when the file cannot be read). */
  waypointCount: number;
  /** The route's waypoints in flying order (all waylines of the file), or null when unreadable. */
  route: readonly PlannedWaypoint[] | null;
  /** Highest `current_waypoint_index` the dock reported (0-based), null when it never said. */
  progressIndex: number | null;
  /** `break_reason` of the break point in the final report (0 or null: none). */
  finalBreakReason: number | null;
  /** `break_reason` of a break point reported earlier in the run (a pause also leaves one). */
  earlierBreakReason: number | null;
  /** Highest `media_count` the dock reported, null when it never reported one. */
  mediaCount: number | null;
  /** The aircraft's track from take-off to the end, oldest first; empty when none was stored. */
  track: readonly TrackSample[];
  /** Return-home and stop commands users sent during the run, oldest first. */
  commands: readonly UserCommand[];
}

// The causes and reasons are the API's contract (protocol/tasks.ts): the console words them too.
export { RUN_CAUSES, VERDICT_REASONS } from '../../protocol/tasks.ts';
export type { RunCause, VerdictReason } from '../../protocol/tasks.ts';

/** Parameters of a verdict's reason; `cause` is a `RunCause`, `distance_m` is rendered in words. */
export type VerdictParams = Record<string, string | number>;

/** A cause with its parameters (the break reason's code, the user who ordered it). */
export interface Cause {
  cause: RunCause;
  params: VerdictParams;
}

/** The judgement of one run. */
export interface RunVerdict {
  result: RunResult;
  waypoints_reached: number;
  waypoints_total: number;
  /** Media the dock reported for the flight; null when it reported none. */
  photos_taken: number | null;
  /** Photos the route's actions take; null when the route could not be read. */
  photos_planned: number | null;
  reason: VerdictReason;
  params: VerdictParams;
}

/**
 * A waypoint counts as reached by the track when the aircraft passed within this distance, m: GPS
 * error and wind drift stay well inside it, and the track is measured to its segments, not only to
 * its once-a-second points.
 */
export const REACH_M = 25;
/** Two track points further apart than this in time are not joined: the aircraft was not seen between. */
const MAX_GAP_MS = 5_000;
/** Segments are measured in a flat frame around the waypoint only this close to it, m. */
const FLAT_FRAME_M = 2_000;

/** Documented `break_reason` codes (protocol §4.2, SDK `FlighttaskBreakReasonEnum`) by cause. */
const BREAK_CAUSES: Readonly<Record<number, RunCause>> = {
  513: 'flight_limit',
  514: 'flight_limit',
  516: 'flight_limit',
  517: 'obstacle',
  519: 'flight_limit',
  521: 'flight_limit',
  773: 'low_battery',
  775: 'rc_lost',
  784: 'strong_wind',
  1281: 'user_stop',
  1282: 'user_stop',
  1283: 'user_rth',
  1565: 'obstacle',
};

/** `break_reason` of a user's pause (`USER_INTERRUPTION`). */
const BREAK_PAUSED = 1282;

/** Causes that end a route with the aircraft flying home (the rest stop it where it is). */
const HOMEWARD: ReadonlySet<RunCause> = new Set([
  'user_rth',
  'low_battery',
  'strong_wind',
  'rc_lost',
]);

/** Photo-taking actions of the WPML action set (protocol §6.5). */
export const PHOTO_ACTIONS: ReadonlySet<string> = new Set(['takePhoto', 'orientedShoot']);

/** Photos the `reachPoint` actions of one wayline take at each of its placemarks, in path order. */
function photosPerPoint(path: WaylinePath): number[] {
  const at = new Map(path.points.map((p, i) => [p.index, i]));
  const out = path.points.map(() => 0);
  const seen = new Set<number>();
  for (const point of path.points)
    for (const group of point.actionGroups) {
      // A group spanning several placemarks may be written on each of them: count it once.
      if (group.trigger.type !== 'reachPoint' || seen.has(group.id)) continue;
      seen.add(group.id);
      const shots = group.actions.filter((a) => PHOTO_ACTIONS.has(a.func)).length;
      for (let i = group.startIndex; i <= group.endIndex; i++) {
        const k = at.get(i);
        if (k !== undefined) out[k] = (out[k] ?? 0) + shots;
      }
    }
  return out;
}

/** The waypoints of a route in flying order (every wayline of the file, one after the other). */
export function plannedWaypoints(route: WaylineRoute): PlannedWaypoint[] {
  return route.paths.flatMap((path) => {
    const photos = photosPerPoint(path);
    return path.points.map((p, i) => ({ lat: p.lat, lon: p.lng, photos: photos[i] ?? 0 }));
  });
}

/** The closest the track came to `wp`, m; Infinity without a track. */
export function closestApproach(wp: { lat: number; lon: number }, track: readonly TrackSample[]) {
  const here = { lat: wp.lat, lng: wp.lon };
  let best = Infinity;
  let nearest: TrackSample | undefined;
  let previous: { east: number; north: number; t: number; d: number } | undefined;
  for (const p of track) {
    const v = delta(here, { lat: p.lat, lng: p.lon });
    const d = Math.hypot(v.east, v.north);
    if (d < best) {
      best = d;
      nearest = p;
    }
    // Between two close, consecutive points the aircraft flew straight: measure to the segment.
    if (previous && previous.d < FLAT_FRAME_M && d < FLAT_FRAME_M && p.t - previous.t <= MAX_GAP_MS)
      best = Math.min(best, toSegment(previous, v));
    previous = { ...v, t: p.t, d };
  }
  // Far away the flat frame drifts: the distance reported is the ellipsoid's.
  if (nearest && best > FLAT_FRAME_M)
    return geodesicDistance(wp.lon, wp.lat, nearest.lon, nearest.lat);
  return best;
}

/** Distance from the origin to the segment `a`–`b` of a flat east/north frame. */
function toSegment(a: { east: number; north: number }, b: { east: number; north: number }) {
  const dx = b.east - a.east;
  const dy = b.north - a.north;
  const length2 = dx * dx + dy * dy;
  const s = length2 === 0 ? 0 : Math.min(1, Math.max(0, -(a.east * dx + a.north * dy) / length2));
  return Math.hypot(a.east + s * dx, a.north + s * dy);
}

/** Why the run stopped short, from the strongest evidence down; null when nothing says. */
export function causeOf(f: RunFacts): Cause | null {
  const user = byUser(f);
  const fromBreak = (code: number | null): Cause | null => {
    if (!code) return null;
    const cause = BREAK_CAUSES[code] ?? 'break_code';
    // The dock says a user did it; the timeline says who.
    return user?.cause === cause ? user : { cause, params: { code } };
  };
  // A pause leaves a break point too (user interruption) and is resumed: alone it ends nothing.
  const earlier = f.earlierBreakReason === BREAK_PAUSED ? null : f.earlierBreakReason;
  return fromBreak(f.finalBreakReason) ?? user ?? fromBreak(earlier) ?? statusCause(f);
}

/** A user's return-home (preferred: it names what happened) or stop command, if any was sent. */
function byUser(f: RunFacts): Cause | null {
  const command = f.commands.find((c) => c.kind === 'return_home') ?? f.commands[0];
  if (!command) return null;
  const params: VerdictParams = command.username ? { user: command.username } : {};
  return { cause: command.kind === 'return_home' ? 'user_rth' : 'user_stop', params };
}

const STATUS_CAUSES: Readonly<Record<string, RunCause>> = {
  failed: 'dock_failed',
  partially_done: 'dock_partial',
  timeout: 'dock_timeout',
  canceled: 'canceled',
};

/** What the dock's final status says went wrong, if anything. */
function statusCause(f: RunFacts): Cause | null {
  const cause = STATUS_CAUSES[f.status];
  return cause ? { cause, params: { code: f.resultCode } } : null;
}

/**
 * Waypoints reached, counted in flying order. The dock's progress index is a waypoint it reached,
 * except 0, which it also reports on the way to the first one: that one needs the track (or, with
 * no track stored, a run the dock ended `ok` with no break point and no user cutting it short). The
 * track then carries the count on for waypoints passed after the last index the dock reported.
 */
function reachedCount(f: RunFacts, total: number, closest: readonly number[] | null): number {
  const p = f.progressIndex;
  const endedWhole = f.status === 'ok' && f.finalBreakReason === null && f.commands.length === 0;
  let n: number;
  if (p !== null && p >= 1) n = p + 1;
  else if (closest) n = (closest[0] ?? Infinity) <= REACH_M ? 1 : 0;
  else n = p === 0 && endedWhole ? 1 : 0;
  if (closest) while (n < total && (closest[n] ?? Infinity) <= REACH_M) n++;
  return Math.min(n, total);
}

/** The verdict of a finished run. */
export function judgeRun(f: RunFacts): RunVerdict {
  const route = f.route && f.route.length > 0 ? f.route : null;
  const total = route ? route.length : Math.max(0, f.waypointCount);
  const closest =
    route && f.track.length > 0 ? route.map((w) => closestApproach(w, f.track)) : null;
  const why = causeOf(f);
  const reached = reachedCount(f, total, closest);
  const planned = route ? route.reduce((n, w) => n + w.photos, 0) : null;
  const base = {
    waypoints_reached: reached,
    waypoints_total: total,
    photos_taken: f.mediaCount,
    photos_planned: planned,
  };
  const withCause = why ? { cause: why.cause, ...why.params } : {};

  if (reached >= total) {
    // The whole route was flown; the dock may still say the run went wrong afterwards.
    const ended = statusCause(f);
    if (ended)
      return {
        ...base,
        result: 'partial',
        reason: 'run.dock_ended',
        params: { total, cause: ended.cause, ...ended.params },
      };
    if (planned !== null && f.mediaCount !== null && f.mediaCount < planned)
      return {
        ...base,
        result: 'partial',
        reason: 'run.photos_short',
        params: { planned, taken: f.mediaCount },
      };
    return { ...base, result: 'complete', reason: 'run.complete', params: { total } };
  }

  const result: RunResult = reached === 0 ? 'failed' : 'partial';
  const missed = closest?.[reached];
  if (missed !== undefined && Number.isFinite(missed) && (reached === 0 || !why)) {
    const params = { index: reached + 1, distance_m: Math.round(missed * 10) / 10, ...withCause };
    const reason = why ? 'run.waypoint_missed_cause' : 'run.waypoint_missed';
    return { ...base, result, reason, params };
  }
  if (!why)
    return reached === 0
      ? { ...base, result, reason: 'run.none_reached', params: {} }
      : { ...base, result, reason: 'run.ended_early', params: { reached, total } };
  if (reached === 0) return { ...base, result, reason: 'run.no_waypoint', params: withCause };
  const reason = HOMEWARD.has(why.cause) ? 'run.returned_early' : 'run.stopped_early';
  return { ...base, result, reason, params: { reached, total, ...withCause } };
}
