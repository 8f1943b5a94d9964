/**
 * Builds the protocol messages of one unit from its state: fields agree with each other (mode_code
 * follows the phase, home_distance the position, the dock's charge the aircraft's battery). The
 * dock's `osd` is built in `dockMessages.ts`.
 */
import type {
  AircraftOsd,
  AircraftState,
  DockState,
  Envelope,
  HmsData,
  UpdateTopoData,
} from '../../protocol/mqtt/payloads.ts';
import type { SimUnitDef } from './fleet.ts';
import { aircraftModeCode } from './drc/drcModes.ts';
import { distance } from '../physics/geodesy.ts';
import type { Phase, UnitState } from './unitState.ts';
import { windDirectionCode, windNow } from './weather.ts';

const AIRCRAFT_MODE_BY_PHASE: Readonly<Record<Phase, number>> = {
  docked: 0,
  preparing: 1,
  takeoff: 4,
  patrol: 5,
  returning: 9,
  landing: 10,
  closing: 0,
};
/** Full battery flight time of these aircraft in the sim, s (40 min at 2.5 %/min). */
const FULL_FLIGHT_TIME_S = 2_400;
/** Wind at patrol height is stronger than at the dock's anemometer. */
const WIND_ALOFT_FACTOR = 1.2;

const round = (value: number, digits: number): number => Number(value.toFixed(digits));

/** Wraps `data` in an envelope; `tid`/`bid` are derived from the sequence so runs are reproducible. */
export function envelope<D>(
  gateway: string,
  seq: number,
  timestamp: number,
  data: D,
  method?: string,
): Envelope<D> {
  const id = `${gateway}-${seq.toString(16)}`;
  return {
    tid: `t-${id}`,
    bid: `b-${id}`,
    timestamp,
    gateway,
    ...(method ? { method } : {}),
    data,
  };
}

/** Within this of the height limit, the aircraft says it is near it, m. */
const NEAR_HEIGHT_LIMIT_M = 20;

/** Aircraft `osd`: position, attitude, speeds, battery, satellites. */
export function aircraftOsd(def: SimUnitDef, s: UnitState): AircraftOsd {
  const preparing = s.phase === 'preparing' && s.phaseTime >= 5 ? 2 : undefined;
  return {
    latitude: round(s.pos.lat, 7),
    longitude: round(s.pos.lng, 7),
    height: round(def.homeHeight + s.elevation, 2),
    elevation: round(s.elevation, 2),
    attitude_head: round(s.heading, 1),
    attitude_pitch: round(s.pitch, 1),
    attitude_roll: round(s.roll, 1),
    horizontal_speed: round(s.horizontalSpeed, 2),
    vertical_speed: round(s.verticalSpeed, 2),
    home_distance: round(distance(s.pos, def.home), 1),
    // The aircraft reports wind in 0.1 m/s units (protocol §2.1).
    wind_speed: Math.round(windNow(s.weather) * (s.elevation > 5 ? WIND_ALOFT_FACTOR : 1) * 10),
    wind_direction: windDirectionCode(s.weather),
    mode_code: aircraftModeCode(s, preparing ?? AIRCRAFT_MODE_BY_PHASE[s.phase]),
    gear: 2,
    battery: {
      capacity_percent: Math.round(s.battery),
      remain_flight_time: Math.round((s.battery / 100) * FULL_FLIGHT_TIME_S),
      return_home_power: 25,
      landing_power: 10,
    },
    position_state: {
      is_fixed: 2,
      quality: s.rtk > 0 ? 10 : 5,
      gps_number: s.gps,
      rtk_number: s.rtk,
    },
    height_limit: 500,
    is_near_area_limit: s.nearAreaLimit ? 1 : 0,
    is_near_height_limit: def.homeHeight + s.elevation > 500 - NEAR_HEIGHT_LIMIT_M ? 1 : 0,
  };
}

/** Aircraft `state`: pushMode-1 fields. */
export function aircraftState(def: SimUnitDef, s: UnitState): AircraftState {
  return {
    firmware_version: def.aircraft.firmware,
    home_latitude: round(def.home.lat, 7),
    home_longitude: round(def.home.lng, 7),
    mode_code_reason: s.modeCodeReason,
    rth_altitude: Math.round(s.cruiseAltitude),
  };
}

/** Dock `state`. */
export const dockState = (def: SimUnitDef): DockState => ({
  firmware_version: def.dock.firmware,
  silent_mode: 0,
});

/** `update_topo`: the dock and its aircraft. */
export function updateTopo(def: SimUnitDef): UpdateTopoData {
  const { dock, aircraft } = def;
  return {
    domain: dock.domain,
    type: dock.type,
    sub_type: dock.subType,
    thing_version: '1.2.0',
    sub_devices: [
      {
        sn: aircraft.sn,
        domain: aircraft.domain,
        type: aircraft.type,
        sub_type: aircraft.subType,
        index: 'A',
        thing_version: '1.2.0',
      },
    ],
  };
}

/** `hms` with the unit's full active set. */
export const hmsData = (s: UnitState): HmsData => ({ list: s.alarms.map((a) => a.alarm) });
