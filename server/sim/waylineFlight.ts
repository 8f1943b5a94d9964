/**
 * A wayline flight of a simulated dock: what the dock was told (`flighttask_prepare`), what it read
 * from the KMZ, and how far it got. The unit's step flies it (see `stepWaylineAir`); the simulator
 * reports it as `flighttask_progress` once a second.
 */
import type { WaylineRoute } from '../../protocol/waylines.ts';
import { distance } from './geo.ts';
import type { LatLng } from './geo.ts';

/** One placemark as the aircraft flies it. */
export interface FlightPoint {
  pos: LatLng;
  /** Height above the dock, m. */
  height: number;
  /** m/s. */
  speed: number;
}

/** Life of a flight on the dock, in `flighttask_progress` words where it has them. */
export type FlightStatus =
  'prepared' | 'fetching' | 'ready' | 'in_progress' | 'paused' | 'ok' | 'failed' | 'canceled';

export interface WaylineFlight {
  flightId: string;
  fingerprint: string;
  status: FlightStatus;
  /** Non-zero: the error code the flight ended with. */
  result: number;
  /** `current_step` of the progress report (protocol §4.2, current CN numbering). */
  step: number;
  points: FlightPoint[];
  /** Index of the placemark being flown to. */
  index: number;
  /** m/s to the first placemark and home. */
  transitionalSpeed: number;
  /** Height the aircraft climbs to before heading out, m. */
  takeoffHeight: number;
  finishAction: string;
  /** The user sent `return_home`: head home at once. */
  goHome: boolean;
  /** Seconds since the last progress report. */
  sinceReport: number;
  /** The final report has gone out: the flight can be forgotten. */
  reported: boolean;
  /** Highest percent reported so far: a gust pushing the aircraft back never lowers it. */
  percent: number;
}

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
  };
}

/**
 * Loads the first wayline of `route` into `flight`. Heights are flown as above the dock whatever
 * the file's height mode: the simulated ground is flat.
 */
export function loadRoute(flight: WaylineFlight, route: WaylineRoute): void {
  const path = route.paths[0];
  flight.points = (path?.points ?? []).map((p) => ({
    pos: { lat: p.lat, lng: p.lng },
    height: p.height,
    speed: p.speed > 0 ? p.speed : (path?.autoFlightSpeed ?? route.mission.globalTransitionalSpeed),
  }));
  flight.transitionalSpeed = route.mission.globalTransitionalSpeed || 10;
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
  if (flight.status === 'ok') return 100;
  const total = flight.points.length + 1;
  const legs =
    Math.min(flight.index, flight.points.length) + legDone(flight, where.pos, where.home);
  const done = legs + (where.landed ? 1 : 0);
  flight.percent = Math.max(flight.percent, Math.min(99, Math.round((done / total) * 100)));
  return flight.percent;
}

/** The `flighttask_progress` data of a flight. */
export function progressData(flight: WaylineFlight, percent: number): Record<string, unknown> {
  const status =
    flight.status === 'prepared' || flight.status === 'fetching' || flight.status === 'ready'
      ? 'sent'
      : flight.status;
  return {
    result: flight.result,
    output: {
      status,
      progress: { current_step: flight.step, percent },
      ext: {
        flight_id: flight.flightId,
        current_waypoint_index: Math.min(flight.index, Math.max(0, flight.points.length - 1)),
        wayline_mission_state: flight.status === 'in_progress' ? 6 : 2,
        media_count: 0,
        track_id: flight.flightId,
        wayline_id: 0,
      },
    },
  };
}
