/**
 * What every device side panel reads about its device: live telemetry, registry info, active
 * alarms, mode name and list status, re-read once a second so silence shows.
 */
import type { Device } from '../../../protocol/http.ts';
import type { DeviceKind, DeviceTelemetry } from '../../../protocol/telemetry.ts';
import {
  useDeviceAlarms,
  useDeviceInfo,
  useDeviceState,
  useDeviceTelemetry,
} from '../../fleet/fleet.ts';
import type { AlarmEntry } from '../../fleet/derive/alarms.ts';
import type { RowStatus } from '../../fleet/derive/deviceState.ts';
import { useModeName } from './useModeName.ts';
import { useNow } from '../../lib/useNow.ts';

/** The live state of the device a side panel shows. */
export interface PanelDevice {
  sn: string;
  now: number;
  live: DeviceTelemetry | null;
  info: Device | null;
  alarms: readonly AlarmEntry[];
  mode: string;
  status: RowStatus;
}

/** Subscribes to one device's updates only, and to a one-second tick. */
export function usePanelDevice(sn: string, kind: DeviceKind): PanelDevice {
  const now = useNow(1_000);
  const live = useDeviceTelemetry(sn);
  const info = useDeviceInfo(sn);
  const alarms = useDeviceAlarms(sn);
  const mode = useModeName(kind, live);
  const { status } = useDeviceState(sn);
  return { sn, now, live, info, alarms, mode, status };
}
