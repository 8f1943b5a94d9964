/** What a device row shows as its state: the drone status for aircraft, online/quiet for others. */
import type { DeviceKind } from '../../../protocol/telemetry.ts';
import type { AlarmEntry } from '../../telemetry/alarms.ts';
import { dataAgeMs, isLive, QUIET_AFTER_MS } from '../../telemetry/deviceStatus.ts';
import type { DeviceVitals } from '../../telemetry/deviceStatus.ts';
import { droneStatus } from '../../map/icons/droneStatus.ts';
import type { DroneStatus } from '../../map/icons/droneStatus.ts';

export type RowStatus = DroneStatus | 'offline';

/** Status of any device for the list and the panel. */
export function rowStatus(
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
