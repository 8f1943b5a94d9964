/**
 * Enum tables of the device protocol (shared/protocol/dji-cloud-api.md §2, §4.1). Devices send values
 * newer firmware added after these tables were written, so every lookup returns `'unknown'` for a value
 * it does not know instead of throwing: the console shows "unknown" and keeps the raw number.
 */

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
export type AircraftMode = (typeof AIRCRAFT_MODE)[AircraftModeCode] | 'unknown';

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
export type DockMode = (typeof DOCK_MODE)[DockModeCode] | 'unknown';

/** HMS alarm level (protocol §4.1): 0 notice, 1 caution, 2 warning. */
export const HMS_LEVEL = { 0: 'notice', 1: 'caution', 2: 'warning' } as const;
export type HmsLevelCode = keyof typeof HMS_LEVEL;
export type HmsLevel = (typeof HMS_LEVEL)[HmsLevelCode] | 'unknown';

/** Dock cover (`cover_state`). */
export const COVER_STATE = { 0: 'closed', 1: 'open', 2: 'half_open', 3: 'abnormal' } as const;
export type CoverState = (typeof COVER_STATE)[keyof typeof COVER_STATE] | 'unknown';

/** Dock rain sensor (`rainfall`). */
export const RAINFALL = { 0: 'none', 1: 'light', 2: 'moderate', 3: 'heavy' } as const;
export type Rainfall = (typeof RAINFALL)[keyof typeof RAINFALL] | 'unknown';

/** Dock network (`network_state.type`). */
export const NETWORK_TYPE = { 1: '4g', 2: 'ethernet' } as const;
export type NetworkType = (typeof NETWORK_TYPE)[keyof typeof NETWORK_TYPE] | 'unknown';

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
