/**
 * The worker's table of every device's position, clock, mode, dock state and history readings, as
 * it last sent it: typed arrays received by transfer each frame (see `workers/core/mapFrame.ts`).
 * Readers of the whole fleet (the map, the counters, the histories) read here instead of from the
 * devices' merged telemetry, which for devices outside the UI's interest is refreshed only every
 * few seconds.
 */
import type { DeviceTelemetry } from '../../../protocol/telemetry.ts';
import type { MapFrame } from '../../../workers/api.ts';
import { vitalsOf } from '../derive/deviceStatus.ts';
import type { DeviceVitals } from '../derive/deviceStatus.ts';

export type { MapFrame } from '../../../workers/api.ts';

let frame: MapFrame | null = null;
/** Row of each serial number, for the table version it was built from. */
let rows = new Map<string, number>();
let rowsVersion = -1;

/** Takes the worker's latest table; its row names arrive only when membership changed. */
export function setFleetPositions(next: MapFrame): void {
  if (next.sns !== null) {
    rows = new Map(next.sns.map((sn, row) => [sn, row]));
    rowsVersion = next.version;
  }
  // A table whose names never arrived (a frame lost across a restart) cannot be read safely.
  frame = next.version === rowsVersion ? next : null;
}

/** Forgets the table (the worker restarted or the user signed out). */
export function resetFleetPositions(): void {
  frame = null;
  rows = new Map();
  rowsVersion = -1;
}

/** The latest table with the row of each serial number in it. */
export interface PositionTable {
  frame: MapFrame;
  /** The same object for as long as the rows name the same devices: a reader may keep row numbers. */
  rows: ReadonlyMap<string, number>;
}

/** The latest table, for readers that go through every row each frame; `null` when there is none. */
export function fleetPositionTable(): PositionTable | null {
  return frame === null ? null : { frame, rows };
}

/**
 * The vitals of a device from whichever is newer: the table's row or its merged telemetry (which
 * the table can trail when a stand-in worker sends none, or just after a restart).
 */
export function freshVitals(live: DeviceTelemetry): DeviceVitals {
  return newerVitals(frame, rows.get(live.sn) ?? -1, live);
}

/** {@link freshVitals} from a given table and row (-1: the table does not know the device). */
export function newerVitals(
  table: MapFrame | null,
  row: number,
  live: DeviceTelemetry,
): DeviceVitals {
  if (table === null || row < 0) return vitalsOf(live);
  const receivedAt = table.receivedAt[row] ?? 0;
  if (receivedAt < live.receivedAt) return vitalsOf(live);
  const mode = table.mode[row] ?? -1;
  const inDock = table.droneInDock[row] ?? -1;
  return {
    receivedAt,
    mode: mode < 0 ? null : mode,
    elevation: finite(table.elevation[row]),
    droneInDock: inDock < 0 ? null : inDock,
  };
}

/** The map fields of one device, or `null` when the table has no position for it. */
export interface DevicePosition {
  lon: number;
  lat: number;
  heading: number | null;
  height: number | null;
  battery: number | null;
  mode: number | null;
  ts: number;
}

/** A table cell as a number, `null` when unknown (`NaN`) or outside the table. */
export const finite = (value: number | undefined): number | null =>
  value !== undefined && Number.isFinite(value) ? value : null;

/** The latest position of `sn` from the table, or `null` when it has none. */
export function devicePosition(sn: string): DevicePosition | null {
  const row = rows.get(sn);
  if (frame === null || row === undefined) return null;
  const lon = finite(frame.lon[row]);
  const lat = finite(frame.lat[row]);
  if (lon === null || lat === null) return null;
  const mode = frame.mode[row] ?? -1;
  return {
    lon,
    lat,
    heading: finite(frame.heading[row]),
    height: finite(frame.height[row]),
    battery: finite(frame.battery[row]),
    mode: mode < 0 ? null : mode,
    ts: frame.ts[row] ?? 0,
  };
}
