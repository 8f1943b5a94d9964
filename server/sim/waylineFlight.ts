/**
 * A wayline flight of a simulated dock: what the dock was told (`flighttask_prepare`), what it read
 * from the KMZ, and how far it got. The unit's step flies it (see `stepWaylineAir`); the simulator
 * reports it as `flighttask_progress` once a second.
 */
import type { WaylinePath, WaylineRoute } from '../../protocol/waylines.ts';
import { distance } from '../physics/geodesy.ts';
import type { PointAction, WaylineFlight } from './flightTypes.ts';
import type { LatLng } from '../physics/geodesy.ts';
import type { UnitState } from './unitState.ts';

export type {
  FlightPoint,
  FlightStatus,
  PhotoRequest,
  PointAction,
  WaylineFlight,
} from './flightTypes.ts';

/** A flight that has been accepted but has no file yet. */
export function preparedFlight(flightId: string, fingerprint: string): WaylineFlight {
  return {
    flightId,
    fingerprint,
    status: 'prepared',
    result: 0,
    step: 5,
    points: [],
    index: 0,
    transitionalSpeed: 10,
    takeoffHeight: 20,
    finishAction: 'goHome',
    goHome: false,
    sinceReport: 0,
    reported: false,
    percent: 0,
    actionsRan: 0,
    hoverLeft: 0,
    gimbalPitch: DEFAULT_GIMBAL_PITCH,
    gimbalYaw: null,
    recording: false,
    shots: [],
    photoCount: 0,
  };
}

/** Straight down until a `gimbalRotate` says otherwise: what inspection photos mostly are. */
const DEFAULT_GIMBAL_PITCH = -90;

/** The `reachPoint` actions of each placemark of one wayline, by position in `path.points`. */
function reachPointActions(path: WaylinePath): PointAction[][] {
  const byIndex = new Map(path.points.map((p, i) => [p.index, i]));
  const out = path.points.map((): PointAction[] => []);
  const seen = new Set<number>();
  for (const point of path.points)
    for (const group of point.actionGroups) {
      // A group spanning several placemarks may be written on each of them: run it once per point.
      if (group.trigger.type !== 'reachPoint' || seen.has(group.id)) continue;
      seen.add(group.id);
      for (let i = group.startIndex; i <= group.endIndex; i++) {
        const at = byIndex.get(i);
        if (at !== undefined)
          out[at]?.push(...group.actions.map((a) => ({ func: a.func, params: a.params })));
      }
    }
  return out;
}

/**
 * Loads every wayline of `route` into `flight`, one after the other (a mapping3d file has five).
 * Heights are flown as above the dock whatever the file's height mode: the simulated ground is flat.
 */
export function loadRoute(flight: WaylineFlight, route: WaylineRoute): void {
  const transitional = route.mission.globalTransitionalSpeed || 10;
  flight.points = route.paths.flatMap((path, n) => {
    const actions = reachPointActions(path);
    return path.points.map((p, i) => ({
      pos: { lat: p.lat, lng: p.lng },
      height: p.height,
      // The way to a later wayline's first point is a transit, flown at the transitional speed.
      speed:
        n > 0 && i === 0
          ? transitional
          : p.speed > 0
            ? p.speed
            : path.autoFlightSpeed || transitional,
      actions: actions[i] ?? [],
    }));
  });
  flight.transitionalSpeed = transitional;
  flight.takeoffHeight = Math.max(route.mission.takeOffSecurityHeight, 8);
  flight.finishAction = route.mission.finishAction;
  flight.status = 'ready';
  flight.step = 20;
}

/** How much of the leg to the next placemark is flown, 0–1 (from the dock for the first one). */
function legDone(flight: WaylineFlight, pos: LatLng, home: LatLng): number {
  const target = flight.points[flight.index];
  if (!target || flight.status !== 'in_progress') return 0;
  const from = flight.points[flight.index - 1]?.pos ?? home;
  const total = distance(from, target.pos);
  if (total < 1) return 0;
  return Math.min(1, Math.max(0, 1 - distance(pos, target.pos) / total));
}

/**
 * Share of the flight done, 0–100: legs flown (the way out to the first placemark is one), the way
 * home and landing the last part. Never lower than what was reported before.
 */
export function flightPercent(
  flight: WaylineFlight,
  where: { pos: LatLng; home: LatLng; landed: boolean },
): number {
  const routeDone = flight.index >= flight.points.length;
  if (flight.status === 'ok' && routeDone) return 100;
  const total = flight.points.length + 1;
  const legs =
    Math.min(flight.index, flight.points.length) + legDone(flight, where.pos, where.home);
  // A flight sent home before its last placemark did not fly the rest: landing does not make it whole.
  const done = legs + (where.landed && routeDone ? 1 : 0);
  flight.percent = Math.max(flight.percent, Math.min(99, Math.round((done / total) * 100)));
  return flight.percent;
}

/** `break_reason` codes a dock gives (protocol §4.2): the user's return home, low-battery return. */
const BREAK_USER_RTH = 1283;
const BREAK_LOW_BATTERY = 773;

/** The `flighttask_progress` data of a flight. */
export function progressData(flight: WaylineFlight, percent: number): Record<string, unknown> {
  const waiting =
    flight.status === 'prepared' || flight.status === 'fetching' || flight.status === 'ready';
  // A hover action holds the aircraft through `paused`, but the task is still running.
  const hovering = flight.status === 'paused' && flight.hoverLeft > 0;
  const status = waiting ? 'sent' : hovering ? 'in_progress' : flight.status;
  // Like a dock, the index of the last placemark reached (0 also on the way to the first one), not
  // the one flown to: an aircraft sent home on the way to the third has reached the second.
  const reached = Math.max(0, Math.min(flight.index, flight.points.length) - 1);
  // A route broken off before its last placemark carries a break point saying where and why: the
  // user's return home, or else the low battery that is the only other thing ending one early here.
  const broken = flight.index < flight.points.length && (flight.goHome || flight.status === 'ok');
  const breakPoint = {
    index: reached,
    state: 0,
    wayline_id: 0,
    break_reason: flight.goHome ? BREAK_USER_RTH : BREAK_LOW_BATTERY,
  };
  return {
    result: flight.result,
    output: {
      status,
      progress: { current_step: flight.step, percent },
      ext: {
        flight_id: flight.flightId,
        current_waypoint_index: reached,
        wayline_mission_state: flight.status === 'in_progress' ? 6 : 2,
        // Photos the aircraft's actions took: none for placemarks it never reached.
        media_count: flight.photoCount,
        track_id: flight.flightId,
        wayline_id: 0,
        ...(broken ? { break_point: breakPoint } : {}),
      },
    },
  };
}

const param = (action: PointAction, name: string): number => Number(action.params[name] ?? NaN);

/** Runs one action on the aircraft `s` at placemark `point`; camera work is queued on `flight`. */
function runAction(flight: WaylineFlight, s: UnitState, action: PointAction, point: number): void {
  switch (action.func) {
    case 'takePhoto':
      flight.shots.push({
        pos: { ...s.pos },
        height: s.elevation,
        yaw: flight.gimbalYaw ?? s.heading,
        pitch: flight.gimbalPitch,
        point,
      });
      flight.photoCount++;
      return;
    case 'startRecord':
      flight.recording = true;
      return;
    case 'stopRecord':
      flight.recording = false;
      return;
    case 'hover': {
      const seconds = param(action, 'hoverTime');
      if (seconds > 0) flight.hoverLeft += seconds;
      return;
    }
    case 'rotateYaw': {
      const heading = param(action, 'aircraftHeading');
      if (Math.abs(heading) <= 180) s.heading = heading;
      return;
    }
    case 'orientedShoot': {
      // Turn and aim as the action says, then shoot like takePhoto.
      const heading = param(action, 'aircraftHeading');
      const pitch = param(action, 'gimbalPitchRotateAngle');
      const yaw = param(action, 'gimbalYawRotateAngle');
      if (Math.abs(heading) <= 180) s.heading = heading;
      if (Math.abs(pitch) <= 120) flight.gimbalPitch = pitch;
      if (Math.abs(yaw) <= 180) flight.gimbalYaw = yaw;
      runAction(flight, s, { func: 'takePhoto', params: action.params }, point);
      return;
    }
    case 'gimbalRotate': {
      const pitch = param(action, 'gimbalPitchRotateAngle');
      const yaw = param(action, 'gimbalYawRotateAngle');
      if (action.params.gimbalPitchRotateEnable === '1' && Math.abs(pitch) <= 120)
        flight.gimbalPitch = pitch;
      if (action.params.gimbalYawRotateEnable === '1' && Math.abs(yaw) <= 180)
        flight.gimbalYaw = yaw;
      return;
    }
    default:
      // zoom, focus and the rest change nothing the simulator shows.
      return;
  }
}

/**
 * After a step: runs the actions of every placemark reached since the last call, and counts down a
 * hover. A hover holds the aircraft by pausing the flight, which the step already knows how to do.
 */
export function stepActions(flight: WaylineFlight, s: UnitState, dt: number): void {
  // Resumed by the user (`flighttask_recovery`) in the middle of a hover: the hover is over.
  if (flight.hoverLeft > 0 && flight.status === 'in_progress') flight.hoverLeft = 0;
  if (flight.hoverLeft > 0 && flight.status === 'paused') {
    flight.hoverLeft = Math.max(0, flight.hoverLeft - dt);
    if (flight.hoverLeft === 0) flight.status = 'in_progress';
    return;
  }
  if (flight.status !== 'in_progress' || s.phase !== 'patrol') return;
  const reached = Math.min(flight.index, flight.points.length);
  for (; flight.actionsRan < reached; flight.actionsRan++) {
    const point = flight.points[flight.actionsRan];
    for (const action of point?.actions ?? []) runAction(flight, s, action, flight.actionsRan);
  }
  if (flight.hoverLeft > 0) flight.status = 'paused';
}
