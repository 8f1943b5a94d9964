/**
 * The shapes of a simulated dock's flights, apart from the code that flies and holds them: the
 * unit's state holds both, and the flying and holding code reads the unit's state, so the shapes
 * sit here to keep those modules from importing each other.
 */
import type { FlighttaskReadyConditions } from '../../protocol/mqtt/flighttask.ts';
import type { LatLng } from '../physics/geodesy.ts';

/** An action the aircraft runs on reaching a placemark (`reachPoint`, protocol §6.5). */
export interface PointAction {
  func: string;
  params: Record<string, string>;
}

/** A photo the camera was asked for: where and how the aircraft and gimbal stood. */
export interface PhotoRequest {
  pos: LatLng;
  /** Height above the dock, m. */
  height: number;
  /** Degrees, −180…180, 0 = north: the gimbal's yaw when set, else the aircraft's heading. */
  yaw: number;
  /** Gimbal pitch, degrees (−90 = straight down). */
  pitch: number;
  /** Placemark index in the flight (all waylines in a row). */
  point: number;
}

/** One placemark as the aircraft flies it. */
export interface FlightPoint {
  pos: LatLng;
  /** Height above the dock, m. */
  height: number;
  /** m/s. */
  speed: number;
  /** `reachPoint` actions, in file order. */
  actions: PointAction[];
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
  /** Placemarks whose actions have run (the first `actionsRan`). */
  actionsRan: number;
  /** A `hover` action holds the aircraft (status `paused`) for this many more seconds. */
  hoverLeft: number;
  /** Gimbal state set by `gimbalRotate`, degrees; yaw null = follows the aircraft. */
  gimbalPitch: number;
  gimbalYaw: number | null;
  /** Between `startRecord` and `stopRecord`. */
  recording: boolean;
  /** Photos asked for and not yet taken by the camera (see `sim/media`). */
  shots: PhotoRequest[];
  /** Photos taken so far (`media_count` of the progress report). */
  photoCount: number;
}

/** A flight task the dock holds before it flies it (see heldTasks.ts). */
export interface HeldTask {
  flight: WaylineFlight;
  /** 0 immediate, 1 timed, 2 conditional. */
  taskType: number;
  executeTime: number;
  conditions: FlighttaskReadyConditions | null;
  /** When `flighttask_ready` last went out, ms; null before the conditions first held. */
  readySentAt: number | null;
}
