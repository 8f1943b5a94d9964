/** Counting the fleet for the workbench's counters: a pure pass over the device cells. */
import type { DeviceTelemetry, DeviceKind } from '../../protocol/telemetry.ts';
import type { Device } from '../../protocol/http.ts';
import type { AlarmEntry } from './alarms.ts';
import {
  aircraftPhase,
  isLive,
  kindFromDomain,
  kindFromTelemetry,
  vitalsOf,
} from './deviceStatus.ts';
import type { DeviceVitals } from './deviceStatus.ts';

export interface FleetCounts {
  online: number;
  offline: number;
  flying: number;
  inDock: number;
  alarms: number;
}

export const EMPTY_COUNTS: FleetCounts = { online: 0, offline: 0, flying: 0, inDock: 0, alarms: 0 };

interface CountedCell {
  info: Device | null;
  live: DeviceTelemetry | null;
  alarms: readonly AlarmEntry[];
}

/** Kind of a device from its list record, else from its telemetry. */
export function kindOf(info: Device | null, live: DeviceTelemetry | null): DeviceKind {
  const listed = info === null ? 'unknown' : kindFromDomain(info.domain);
  return listed === 'unknown' && live !== null ? kindFromTelemetry(live) : listed;
}

/**
 * Counts online/offline devices, flying aircraft, docks holding their aircraft and active alarms. A
 * device's own telemetry decides once heard, the server's list before that; `vitals` reads what the
 * counts judge (the fleet store passes the worker's table, fresher for devices the UI does not show).
 */
export function countFleet(
  cells: Iterable<CountedCell>,
  now: number,
  vitals: (live: DeviceTelemetry) => DeviceVitals = vitalsOf,
): FleetCounts {
  const counts = { ...EMPTY_COUNTS };
  for (const cell of cells) {
    if (cell.info === null && cell.live === null) continue;
    const heard = cell.live === null ? null : vitals(cell.live);
    const online = heard === null ? (cell.info?.online ?? false) : isLive(heard, now);
    counts[online ? 'online' : 'offline'] += 1;
    counts.alarms += cell.alarms.length;
    if (!online || cell.live === null || heard === null) continue;
    const kind = kindOf(cell.info, cell.live);
    if (kind === 'aircraft' && aircraftPhase(heard) !== 'ground') counts.flying += 1;
    if (kind === 'dock' && heard.droneInDock === 1) counts.inDock += 1;
  }
  return counts;
}
