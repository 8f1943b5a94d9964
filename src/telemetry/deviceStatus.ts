/**
 * How the console classifies a device from what it last said: kind, flight state and whether it is
 * still talking. Pure functions of the merged telemetry, shared by the map, the list and the counters.
 */
import type { DeviceKind, DeviceTelemetry } from '../../protocol/telemetry.ts';
import { aircraftMode, isAirborne } from '../../protocol/mqtt/enums.ts';
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

/** Flight phase of an aircraft; unknown mode codes fall back to its height. */
export function aircraftPhase(live: DeviceTelemetry): AircraftPhase {
  const osd = aircraftOsd(live);
  const mode = osd.num('mode_code');
  if (mode !== null && RETURNING_MODES.has(mode)) return 'returning';
  if (isAirborne(mode)) return 'flying';
  if (aircraftMode(mode) !== 'unknown') return 'ground';
  return (osd.num('elevation') ?? 0) > AIRBORNE_ELEVATION_M ? 'flying' : 'ground';
}

/** Milliseconds since the device's newest message reached the tab. */
export function dataAgeMs(live: DeviceTelemetry, now: number): number {
  return Math.max(0, now - live.receivedAt);
}

/** Whether live telemetry says the device is online at `now`. */
export function isLive(live: DeviceTelemetry | null, now: number): boolean {
  return live !== null && dataAgeMs(live, now) < ONLINE_WINDOW_MS;
}
