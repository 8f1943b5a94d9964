/**
 * How the console classifies a device from what it last said: kind, flight state and whether it is
 * still talking. Pure functions of the merged telemetry, shared by the map, the list and the counters.
 */
import type { DeviceKind, DeviceTelemetry } from '../../../protocol/telemetry.ts';
import { aircraftMode, isAirborne } from '../../../protocol/mqtt/enums.ts';
import { aircraftOsd, dockOsd } from './fields.ts';

/** A device with no `osd` for this long counts as offline (the server's ingestion uses the same 60 s). */
export const ONLINE_WINDOW_MS = 60_000;
/** After this long without a message the console shows the data's age: 2 Hz devices normally speak every 0.5 s. */
export const QUIET_AFTER_MS = 5_000;

/** Modes of an aircraft on its way home or down: drawn in the "returning" colour. */
const RETURNING_MODES: ReadonlySet<number> = new Set([9, 10, 11, 12]);
/** Above this height over the take-off point an aircraft with an unknown mode is taken as flying (m). */
const AIRBORNE_ELEVATION_M = 1;

const DOMAIN_KINDS: ReadonlyMap<number, DeviceKind> = new Map([
  [0, 'aircraft'],
  [2, 'rc'],
  [3, 'dock'],
]);

export type AircraftPhase = 'flying' | 'returning' | 'ground';

/** Device kind from the model triple's domain (0 aircraft, 2 RC, 3 dock). */
export function kindFromDomain(domain: number | null): DeviceKind {
  return (domain === null ? undefined : DOMAIN_KINDS.get(domain)) ?? 'unknown';
}

/** Device kind guessed from osd fields when the device list does not know it. */
export function kindFromTelemetry(live: DeviceTelemetry): DeviceKind {
  const aircraft = aircraftOsd(live);
  const dock = dockOsd(live);
  if (aircraft.has('attitude_head') || aircraft.has('horizontal_speed')) return 'aircraft';
  if (dock.has('drone_in_dock') || dock.has('cover_state')) return 'dock';
  return 'unknown';
}

/**
 * What the status of a device is judged from: when it last spoke and the few fields that say what it
 * is doing. A device the UI shows has them fresh in its merged telemetry ({@link vitalsOf}); for the
 * rest of a large fleet the worker's map table has them every frame (`fleet/table/fleetPositions.ts`).
 */
export interface DeviceVitals {
  /** When its newest message reached the tab (ms since epoch). */
  receivedAt: number;
  mode: number | null;
  /** Metres above the take-off point. */
  elevation: number | null;
  /** A dock's `drone_in_dock`. */
  droneInDock: number | null;
}

/** The vitals in a device's merged telemetry. */
export function vitalsOf(live: DeviceTelemetry): DeviceVitals {
  const osd = aircraftOsd(live);
  return {
    receivedAt: live.receivedAt,
    mode: osd.num('mode_code'),
    elevation: osd.num('elevation'),
    droneInDock: dockOsd(live).num('drone_in_dock'),
  };
}

/** Flight phase of an aircraft; unknown mode codes fall back to its height. */
export function aircraftPhase(vitals: DeviceVitals): AircraftPhase {
  const { mode } = vitals;
  if (mode !== null && RETURNING_MODES.has(mode)) return 'returning';
  if (isAirborne(mode)) return 'flying';
  if (aircraftMode(mode) !== 'unknown') return 'ground';
  return (vitals.elevation ?? 0) > AIRBORNE_ELEVATION_M ? 'flying' : 'ground';
}

/** Milliseconds since the device's newest message reached the tab. */
export function dataAgeMs(heard: Pick<DeviceVitals, 'receivedAt'>, now: number): number {
  return Math.max(0, now - heard.receivedAt);
}

/** Whether the device's newest message says it is online at `now`. */
export function isLive(heard: Pick<DeviceVitals, 'receivedAt'> | null, now: number): boolean {
  return heard !== null && dataAgeMs(heard, now) < ONLINE_WINDOW_MS;
}
