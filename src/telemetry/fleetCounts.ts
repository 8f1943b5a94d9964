/** Counting the fleet for the workbench's counters: a pure pass over the device cells. */
import type { DeviceTelemetry, DeviceKind } from '../../protocol/telemetry.ts';
import type { Device } from '../../protocol/http.ts';
import type { AlarmEntry } from './alarms.ts';
import { aircraftPhase, isLive, kindFromDomain, kindFromTelemetry } from './deviceStatus.ts';
import { dockOsd } from './fields.ts';

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

/** Whether a device is online: its own telemetry decides once heard, the server's list before that. */
export function isOnline(cell: CountedCell, now: number): boolean {
  return cell.live === null ? (cell.info?.online ?? false) : isLive(cell.live, now);
}

/** Counts online/offline devices, flying aircraft, docks holding their aircraft and active alarms. */
export function countFleet(cells: Iterable<CountedCell>, now: number): FleetCounts {
  const counts = { ...EMPTY_COUNTS };
  for (const cell of cells) {
    if (cell.info === null && cell.live === null) continue;
    const online = isOnline(cell, now);
    counts[online ? 'online' : 'offline'] += 1;
    counts.alarms += cell.alarms.length;
    if (!online || cell.live === null) continue;
    const kind = kindOf(cell.info, cell.live);
    if (kind === 'aircraft' && aircraftPhase(cell.live) !== 'ground') counts.flying += 1;
    if (kind === 'dock' && dockOsd(cell.live).num('drone_in_dock') === 1) counts.inDock += 1;
  }
  return counts;
}
