import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import type { Device } from '../../protocol/http.ts';
import type { DeviceTelemetry } from '../../protocol/telemetry.ts';
import type { AlarmEntry } from './derive/alarms.ts';
import { holdInterest } from './interest.ts';
import { deviceCell, fleetIndex } from './store/deviceCells.ts';

/** Live telemetry of one device; re-renders only when that device changes. */
export function useDeviceTelemetry(sn: string): DeviceTelemetry | null {
  // Whatever reads a device in detail is what the UI shows: in a large fleet the worker sends those
  // devices' fields every frame and the rest every few seconds (see `interest.ts`).
  useEffect(() => (sn === '' ? undefined : holdInterest(sn)), [sn]);
  return useSnapshot(deviceCell(sn)).live;
}

/** The device list's record for one device. */
export function useDeviceInfo(sn: string): Device | null {
  return useSnapshot(deviceCell(sn)).info;
}

/** Alarms active on one device now. */
export function useDeviceAlarms(sn: string): readonly AlarmEntry[] {
  return useSnapshot(deviceCell(sn)).alarms;
}

/** Serial numbers of every known device in list order. */
export function useFleetSerials(): readonly string[] {
  return useSnapshot(fleetIndex).sns;
}
