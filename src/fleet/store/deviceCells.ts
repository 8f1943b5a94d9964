import { proxy, ref, subscribe } from 'valtio';
import type { Device } from '../../../protocol/http.ts';
import type { DeviceTelemetry } from '../../../protocol/telemetry.ts';
import type { AlarmEntry } from '../derive/alarms.ts';

/**
 * A value stored with valtio's `ref`: never proxied, replaced whole. The phantom snapshot marker tells
 * valtio's `Snapshot` type to stop there, instead of recursing through the JSON telemetry types.
 */
export type Frozen<T> = T & { readonly $$valtioSnapshot: T };

/** Stores `value` by reference (see {@link Frozen}). */
export function frozen<T extends object>(value: T): Frozen<T> {
  return ref(value);
}

export interface DeviceCell {
  /** What the device list says about the device; `null` for a device only heard on MQTT. */
  info: Frozen<Device> | null;
  live: Frozen<DeviceTelemetry> | null;
  /** Alarms active now: the latest HMS set and recent AI detections (see `fleet/derive/alarms.ts`). */
  alarms: Frozen<readonly AlarmEntry[]>;
}

// A plain Map, not a proxy: adding a device must not notify every reader of every other device.
const cells = new Map<string, DeviceCell>();
/** Serial numbers of every known device in list order, and of those the device list names. */
export const fleetIndex = proxy({ sns: ref<string[]>([]), listed: ref<string[]>([]) });

/** The cell of `sn`, created empty on first use. */
export function deviceCell(sn: string): DeviceCell {
  let cell = cells.get(sn);
  if (cell === undefined) {
    cell = proxy<DeviceCell>({ info: null, live: null, alarms: frozen([]) });
    cells.set(sn, cell);
    fleetIndex.sns = ref([...fleetIndex.sns, sn]);
  }
  return cell;
}

/** Files the device list's records; listed devices come first, in the list's order. */
export function listDevices(devices: readonly Device[]): void {
  const listed = new Set(devices.map((device) => device.device_sn));
  for (const device of devices) deviceCell(device.device_sn).info = frozen({ ...device });
  const heardOnly = fleetIndex.sns.filter((sn) => !listed.has(sn));
  fleetIndex.listed = ref([...listed]);
  fleetIndex.sns = ref([...fleetIndex.listed, ...heardOnly]);
}

/** Forgets the cell of every device `kept` refuses; answers their serial numbers. */
export function keepCells(kept: (sn: string) => boolean): string[] {
  const dropped = [...cells.keys()].filter((sn) => !kept(sn));
  for (const sn of dropped) cells.delete(sn);
  fleetIndex.sns = ref(fleetIndex.sns.filter((sn) => kept(sn)));
  fleetIndex.listed = ref(fleetIndex.listed.filter((sn) => kept(sn)));
  return dropped;
}

/** Forgets every device's cell. */
export function clearCells(): void {
  cells.clear();
  fleetIndex.sns = ref([]);
  fleetIndex.listed = ref([]);
}

/** Current merged telemetry of every device that has any, without subscribing. */
export function fleetTelemetry(): IterableIterator<DeviceCell> {
  return cells.values();
}

/** Every device cell with its serial number, without subscribing. */
export function fleetEntries(): IterableIterator<[string, DeviceCell]> {
  return cells.entries();
}

/** The cell of `sn` if it has one, without creating it. */
export function heldCell(sn: string): DeviceCell | undefined {
  return cells.get(sn);
}

/** Serial numbers of the devices the device list knows (what the bridge subscribes to). */
export function listedSerials(): readonly string[] {
  return fleetIndex.listed;
}

/** Calls `listener` when the set of known devices changes. */
export function onFleetIndexChange(listener: () => void): () => void {
  return subscribe(fleetIndex, listener);
}
