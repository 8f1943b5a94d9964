/**
 * The one judgement of a device: its kind, whether it is online, its status in the list and the
 * panels and, for an aircraft, its status on the map. The counters, the list, the panels, the map and
 * the cockpit's dock picker all read it; none of them classifies a device on its own.
 */
import type { Device } from '../../../protocol/http.ts';
import type { DeviceKind, DeviceTelemetry } from '../../../protocol/telemetry.ts';
import type { AlarmEntry } from './alarms.ts';
import {
  dataAgeMs,
  isLive,
  kindFromDomain,
  kindFromTelemetry,
  QUIET_AFTER_MS,
} from './deviceStatus.ts';
import type { DeviceVitals } from './deviceStatus.ts';
import { droneStatus } from './droneStatus.ts';
import type { DroneStatus } from './droneStatus.ts';

export type RowStatus = DroneStatus | 'offline';

export interface DeviceState {
  kind: DeviceKind;
  /** Heard within the online window; before it is heard in this tab, what the device list says. */
  online: boolean;
  /** Status in the list and the panels: the drone status for aircraft, online or quiet for others. */
  status: RowStatus;
  /** Status an aircraft is drawn in on the map (a silent one is quiet, not gone); null for others. */
  drone: DroneStatus | null;
}

/** What a device is judged from: its list record, its merged telemetry and its active alarms. */
export interface JudgedDevice {
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
 * Judges `device` at `now` from `vitals`, the newest the tab has of it (`freshVitals`: the worker's
 * table row or the merged telemetry, whichever is newer), or `null` before it is heard.
 */
export function judgeDevice(
  device: JudgedDevice,
  vitals: DeviceVitals | null,
  now: number,
): DeviceState {
  const kind = kindOf(device.info, device.live);
  const online = vitals === null ? (device.info?.online ?? false) : isLive(vitals, now);
  const drone =
    kind === 'aircraft' && vitals !== null ? droneStatus(vitals, device.alarms, now) : null;
  return { kind, online, status: rowStatus(kind, vitals, device.alarms, now), drone };
}

/** Status of any device for the list and the panel. */
function rowStatus(
  kind: DeviceKind,
  vitals: DeviceVitals | null,
  alarms: readonly AlarmEntry[],
  now: number,
): RowStatus {
  if (vitals === null || !isLive(vitals, now)) return 'offline';
  if (kind === 'aircraft') return droneStatus(vitals, alarms, now);
  if (dataAgeMs(vitals, now) > QUIET_AFTER_MS) return 'quiet';
  return alarms.some((alarm) => alarm.level === 2) ? 'alarm' : 'ground';
}
