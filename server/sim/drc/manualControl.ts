/**
 * A unit under DRC: what the pilot last asked for (sticks, a point to fly to, a take-off) and the
 * aircraft's velocity, which the stick model changes only as fast as the aircraft can accelerate.
 */
import type { LatLng } from '../../physics/geodesy.ts';

/** Stick channels, 364–1684 with 1024 neutral (protocol §5.2). */
export interface Sticks {
  roll: number;
  pitch: number;
  throttle: number;
  yaw: number;
}

/** A point to fly to: height above the dock, m; speed m/s. */
export interface FlyTarget {
  pos: LatLng;
  height: number;
  speed: number;
  /** `fly_to_id` of `fly_to_point`, or the `flight_id` of `takeoff_to_point`. */
  id: string;
  /** Which service set it, for the progress event's name. */
  kind: 'fly_to' | 'takeoff';
}

export interface ManualControl {
  sticks: Sticks;
  /** Sim seconds since the last `stick_control`; past a short hold the sticks count as centred. */
  sticksAge: number;
  /** Highest `seq` applied: older messages arriving late are ignored. */
  lastSeq: number;
  vEast: number;
  vNorth: number;
  vUp: number;
  /** °/s, positive clockwise. */
  yawRate: number;
  target: FlyTarget | null;
  /** `takeoff_to_point` accepted on the ground: launch, climb to `height` (above the dock). */
  launch: { height: number } | null;
  /** Climb height of the take-off in progress, m above the dock. */
  takeoffHeight: number | null;
}

export const NEUTRAL_STICKS: Sticks = { roll: 1024, pitch: 1024, throttle: 1024, yaw: 1024 };

/** A fresh manual state: centred sticks, at rest. */
export function newManualControl(): ManualControl {
  return {
    sticks: { ...NEUTRAL_STICKS },
    sticksAge: Infinity,
    lastSeq: -1,
    vEast: 0,
    vNorth: 0,
    vUp: 0,
    yawRate: 0,
    target: null,
    launch: null,
    takeoffHeight: null,
  };
}
