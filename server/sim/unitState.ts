/**
 * The live state of one simulated unit (dock + aircraft) and its starting point. The step function is
 * in `unitStep.ts`; message builders in `messages.ts`.
 */
import type { HmsAlarm } from '../../protocol/mqtt/payloads.ts';
import type { SimUnitDef } from './fleet.ts';
import { offset } from '../physics/geodesy.ts';
import type { LatLng } from '../physics/geodesy.ts';
import type { Rng } from './rng.ts';
import { initialDockSystems } from './dockSystems.ts';
import type { DockSystems } from './dockSystems.ts';
import { initialWeather } from './weather.ts';
import type { Weather } from './weather.ts';
import type { HeldTask, WaylineFlight } from './flightTypes.ts';
import type { ManualControl } from './drc/manualControl.ts';

/** Mission phases in order; `docked` closes the loop. */
export type Phase =
  'docked' | 'preparing' | 'takeoff' | 'patrol' | 'returning' | 'landing' | 'closing';

export interface ActiveAlarm {
  alarm: HmsAlarm;
  /** Simulation seconds left until it clears. */
  ttl: number;
}

export interface UnitState {
  phase: Phase;
  /** Seconds spent in the current phase. */
  phaseTime: number;
  pos: LatLng;
  /** Height above the dock, m. */
  elevation: number;
  /** −180…180°, 0 north. */
  heading: number;
  horizontalSpeed: number;
  verticalSpeed: number;
  pitch: number;
  roll: number;
  /** 0–100 %, fractional so slow charging still moves. */
  battery: number;
  /** 0 closed, 1 open, 2 half-open (moving). */
  cover: number;
  cruiseAltitude: number;
  cruiseSpeed: number;
  waypoints: LatLng[];
  waypoint: number;
  laps: number;
  /** Seconds to rest in the dock before the next mission. */
  restFor: number;
  /** Launches patrols of its own when rested and charged (false: only tasks and pilots fly it). */
  patrols: boolean;
  modeCodeReason: number;
  /** Close to a custom flight area's boundary, on the allowed side (`is_near_area_limit`). */
  nearAreaLimit: boolean;
  /**
   * Small, slowly wandering offsets from the commanded height (m) and speed (m/s): a real aircraft
   * never holds either exactly.
   */
  altitudeJitter: number;
  speedJitter: number;
  weather: Weather;
  dock: DockSystems;
  gps: number;
  rtk: number;
  alarms: ActiveAlarm[];
  /** Set by a step when something pushMode-1 changed (a `state` message is due). */
  stateChanged: boolean;
  hmsChanged: boolean;
  /** Carries gas sensor payloads (every fourth unit). */
  hasGasSensor: boolean;
  /** Seconds since the last gas reading. */
  gasTimer: number;
  /** The wayline task the dock is flying; while set, the unit flies it instead of its own patrols. */
  flight: WaylineFlight | null;
  /** Tasks the dock holds prepared, waiting for their execute; while any, the unit stays in. */
  heldTasks: HeldTask[];
  /**
   * Set while the dock is in DRC: the unit launches only when told, and in the air it follows the
   * pilot (sticks, fly-to) instead of its own patrols (server/sim/drc).
   */
  manual: ManualControl | null;
}

function patrolRoute(def: SimUnitDef, rng: Rng): LatLng[] {
  const corners = rng.int(4, 6);
  const radius = rng.range(400, 1_500);
  const rotation = rng.range(0, 2 * Math.PI);
  return Array.from({ length: corners }, (_, i) => {
    const a = rotation + (2 * Math.PI * i) / corners;
    const r = radius * rng.range(0.7, 1.1);
    return offset(def.home, r * Math.sin(a), r * Math.cos(a));
  });
}

/**
 * A unit's state at simulation start: about half the fleet is already out on patrol, unless units
 * fly no patrols of their own (`patrols` false: every unit waits in its dock for a task or a pilot).
 */
export function initialState(def: SimUnitDef, rng: Rng, patrols = true): UnitState {
  const waypoints = patrolRoute(def, rng);
  const flying = rng.chance(0.6) && patrols;
  const start = flying ? rng.int(0, waypoints.length - 1) : 0;
  const cruiseAltitude = rng.range(60, 120);
  const weather = initialWeather(rng);
  return {
    phase: flying ? 'patrol' : 'docked',
    phaseTime: 0,
    pos: flying ? (waypoints[start] ?? def.home) : { ...def.home },
    elevation: flying ? cruiseAltitude : 0,
    heading: rng.range(-180, 180),
    horizontalSpeed: 0,
    verticalSpeed: 0,
    pitch: 0,
    roll: 0,
    battery: flying ? rng.range(45, 95) : rng.range(60, 100),
    cover: flying ? 1 : 0,
    cruiseAltitude,
    cruiseSpeed: rng.range(8, 13),
    waypoints,
    waypoint: (start + 1) % waypoints.length,
    laps: 0,
    restFor: rng.range(5, 90),
    patrols,
    modeCodeReason: 0,
    nearAreaLimit: false,
    altitudeJitter: 0,
    speedJitter: 0,
    weather,
    dock: initialDockSystems(weather, rng),
    gps: rng.int(18, 28),
    rtk: rng.int(22, 35),
    alarms: [],
    stateChanged: true,
    hmsChanged: false,
    hasGasSensor: def.index % 4 === 0,
    gasTimer: 0,
    flight: null,
    heldTasks: [],
    manual: null,
  };
}
