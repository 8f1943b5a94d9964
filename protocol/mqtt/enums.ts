/**
 * Enum tables of the device protocol (shared/protocol/dji-cloud-api.md §2, §4.1). Devices send values
 * newer firmware added after these tables were written, so every lookup returns `'unknown'` for a value
 * it does not know instead of throwing: the console shows "unknown" and keeps the raw number.
 */

/** The names of an enum table, and `'unknown'` for a value the table does not hold. */
type NameIn<Table> = Table[keyof Table] | 'unknown';

/** Aircraft flight state (`osd.mode_code`, protocol §2.1.1), stable identifiers for i18n keys. */
export const AIRCRAFT_MODE = {
  0: 'idle',
  1: 'takeoff_prepare',
  2: 'takeoff_finished',
  3: 'manual',
  4: 'takeoff_auto',
  5: 'wayline',
  6: 'panoramic_shot',
  7: 'active_track',
  8: 'ads_b_avoidance',
  9: 'return_auto',
  10: 'landing_auto',
  11: 'landing_forced',
  12: 'landing_three_propeller',
  13: 'upgrading',
  14: 'disconnected',
  15: 'apas',
  16: 'virtual_joystick',
  17: 'live_flight_controls',
  18: 'aerial_rtk_fixed',
  19: 'dock_site_evaluation',
  20: 'poi',
  21: 'dock_route',
} as const;
export type AircraftModeCode = keyof typeof AIRCRAFT_MODE;
export type AircraftMode = NameIn<typeof AIRCRAFT_MODE>;

/** Dock state (dock `osd.mode_code`, protocol §2.2.1). */
export const DOCK_MODE = {
  0: 'idle',
  1: 'onsite_debug',
  2: 'remote_debug',
  3: 'upgrading',
  4: 'working',
  5: 'awaiting_calibration',
} as const;
export type DockModeCode = keyof typeof DOCK_MODE;
export type DockMode = NameIn<typeof DOCK_MODE>;

/** HMS alarm level (protocol §4.1): 0 notice, 1 caution, 2 warning. */
export const HMS_LEVEL = { 0: 'notice', 1: 'caution', 2: 'warning' } as const;
export type HmsLevelCode = keyof typeof HMS_LEVEL;
export type HmsLevel = NameIn<typeof HMS_LEVEL>;

/** Dock cover (`cover_state`). */
export const COVER_STATE = { 0: 'closed', 1: 'open', 2: 'half_open', 3: 'abnormal' } as const;
export type CoverState = NameIn<typeof COVER_STATE>;

/** Dock rain sensor (`rainfall`). */
export const RAINFALL = { 0: 'none', 1: 'light', 2: 'moderate', 3: 'heavy' } as const;
export type Rainfall = NameIn<typeof RAINFALL>;

/** Dock network (`network_state.type`). */
export const NETWORK_TYPE = { 1: '4g', 2: 'ethernet' } as const;
export type NetworkType = NameIn<typeof NETWORK_TYPE>;

/** Dock job step (`flighttask_step_code`, protocol §2.2). */
export const FLIGHTTASK_STEP = {
  0: 'preparing',
  1: 'flying',
  2: 'recovering',
  3: 'flight_area_updating',
  4: 'terrain_updating',
  5: 'idle',
  255: 'aircraft_abnormal',
  256: 'unknown_step',
} as const;
export type FlighttaskStep = NameIn<typeof FLIGHTTASK_STEP>;

/** Dock DRC link (`drc_state`). */
export const DRC_STATE = { 0: 'disconnected', 1: 'connecting', 2: 'connected' } as const;
export type DrcState = NameIn<typeof DRC_STATE>;

/** Whether the aircraft sits in its dock (`drone_in_dock`). */
export const DRONE_IN_DOCK = { 0: 'outside', 1: 'inside' } as const;
export type DroneInDock = NameIn<typeof DRONE_IN_DOCK>;

/** The dock charging its aircraft (`drone_charge_state.state`). */
export const CHARGE_STATE = { 0: 'idle', 1: 'charging' } as const;
export type ChargeState = NameIn<typeof CHARGE_STATE>;

/** Dock air conditioner (`air_conditioner.air_conditioner_state`, 0–9 of the protocol doc). */
export const AIR_CONDITIONER_STATE = {
  0: 'idle',
  1: 'cooling',
  2: 'heating',
  3: 'dehumidifying',
  4: 'cooling_exit',
  5: 'heating_exit',
  6: 'dehumidifying_exit',
  7: 'cooling_prepare',
  8: 'heating_prepare',
  9: 'dehumidifying_prepare',
} as const;
export type AirConditionerState = NameIn<typeof AIR_CONDITIONER_STATE>;

/** HMS module (protocol §4.1). */
export const HMS_MODULE = {
  0: 'flight_task',
  1: 'device_management',
  2: 'media',
  3: 'health',
} as const;
export type HmsModule = NameIn<typeof HMS_MODULE>;

/** Aircraft modes in which the aircraft is airborne; the console counts these as "flying". */
export const AIRBORNE_MODE_CODES: ReadonlySet<number> = new Set([
  3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 15, 16, 17, 18, 19, 20, 21,
]);

function lookup<T extends string>(
  table: Readonly<Record<number, T>>,
  value: unknown,
): T | 'unknown' {
  if (typeof value !== 'number' || !Number.isInteger(value)) return 'unknown';
  return Object.hasOwn(table, value) ? (table[value] ?? 'unknown') : 'unknown';
}

/** Name of an aircraft `mode_code`, `'unknown'` for anything else. */
export const aircraftMode = (code: unknown): AircraftMode => lookup(AIRCRAFT_MODE, code);
/** Name of a dock `mode_code`, `'unknown'` for anything else. */
export const dockMode = (code: unknown): DockMode => lookup(DOCK_MODE, code);
/** Name of an HMS `level`, `'unknown'` for anything else. */
export const hmsLevel = (level: unknown): HmsLevel => lookup(HMS_LEVEL, level);
/** Name of a dock `cover_state`. */
export const coverState = (value: unknown): CoverState => lookup(COVER_STATE, value);
/** Name of a dock `rainfall` value. */
export const rainfall = (value: unknown): Rainfall => lookup(RAINFALL, value);
/** Name of a dock `network_state.type`. */
export const networkType = (value: unknown): NetworkType => lookup(NETWORK_TYPE, value);
/** True when an aircraft `mode_code` means it is in the air. */
export const isAirborne = (code: unknown): boolean =>
  typeof code === 'number' && AIRBORNE_MODE_CODES.has(code);
/** Name of a dock `flighttask_step_code`. */
export const flighttaskStep = (value: unknown): FlighttaskStep => lookup(FLIGHTTASK_STEP, value);
/** Name of a dock `drc_state`. */
export const drcState = (value: unknown): DrcState => lookup(DRC_STATE, value);
/** Name of a dock `drone_in_dock` value. */
export const droneInDock = (value: unknown): DroneInDock => lookup(DRONE_IN_DOCK, value);
/** Name of a dock `drone_charge_state.state`. */
export const chargeState = (value: unknown): ChargeState => lookup(CHARGE_STATE, value);
/** Name of a dock air-conditioner state. */
export const airConditionerState = (value: unknown): AirConditionerState =>
  lookup(AIR_CONDITIONER_STATE, value);
/** Name of an HMS `module`. */
export const hmsModule = (value: unknown): HmsModule => lookup(HMS_MODULE, value);
