/** The state a drone is drawn in on the map and in the list, and its colour. */
import type { AlarmEntry } from './alarms.ts';
import { aircraftPhase, dataAgeMs, QUIET_AFTER_MS } from './deviceStatus.ts';
import type { DeviceVitals } from './deviceStatus.ts';

export type DroneStatus = 'flying' | 'returning' | 'ground' | 'alarm' | 'quiet';

export const DRONE_STATUSES: readonly DroneStatus[] = [
  'flying',
  'returning',
  'ground',
  'alarm',
  'quiet',
];

/** Blueprint's dark-theme palette, so the map matches the panels next to it. */
export const STATUS_COLOURS: Record<DroneStatus, string> = {
  flying: '#32a467',
  returning: '#ec9a3c',
  ground: '#4c90f0',
  alarm: '#e76a6e',
  quiet: '#8f99a8',
};

/**
 * Silence first (an old position is not news), then active warnings and airspace alarms (an
 * aircraft near a flight area's boundary is marked on the map before it crosses), then the flight
 * phase.
 */
export function droneStatus(
  vitals: DeviceVitals,
  alarms: readonly AlarmEntry[],
  now: number,
): DroneStatus {
  if (dataAgeMs(vitals, now) > QUIET_AFTER_MS) return 'quiet';
  if (alarms.some((alarm) => alarm.level === 2 || alarm.airspace !== undefined)) return 'alarm';
  return aircraftPhase(vitals);
}
