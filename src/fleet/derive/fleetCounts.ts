/** Counting the fleet for the workbench's counters, from each device's judgement. */
import type { DeviceState } from './deviceState.ts';
import { aircraftPhase } from './deviceStatus.ts';
import type { DeviceVitals } from './deviceStatus.ts';

export interface FleetCounts {
  online: number;
  offline: number;
  flying: number;
  inDock: number;
  alarms: number;
}

export const EMPTY_COUNTS: FleetCounts = { online: 0, offline: 0, flying: 0, inDock: 0, alarms: 0 };

/**
 * Adds one device to `counts`: online or offline, its active alarms, and whether it is an aircraft
 * in the air or a dock holding its aircraft. `vitals` is what its judgement was made from, `null`
 * before it is heard (then only the device list's word on whether it is online counts).
 */
export function tallyDevice(
  counts: FleetCounts,
  state: DeviceState,
  vitals: DeviceVitals | null,
  alarms: number,
): void {
  counts[state.online ? 'online' : 'offline'] += 1;
  counts.alarms += alarms;
  if (!state.online || vitals === null) return;
  if (state.kind === 'aircraft' && aircraftPhase(vitals) !== 'ground') counts.flying += 1;
  if (state.kind === 'dock' && vitals.droneInDock === 1) counts.inDock += 1;
}
