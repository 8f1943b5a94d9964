/**
 * The drones the map draws and how: who they are, their status colour, whether one is selected, and
 * where to read each one's position. Built a few times a second (statuses change with alarms and
 * with silence, not with every fix); the positions themselves are read every frame from the
 * worker's typed-array table through {@link rosterFix}.
 */
import type { DeviceCell } from '../../../fleet/fleet.ts';
import { judgeDevice } from '../../../fleet/derive/deviceState.ts';
import { aircraftOsd } from '../../../fleet/derive/fields.ts';
import { DRONE_STATUSES } from '../../../fleet/derive/droneStatus.ts';
import { newerVitals } from '../../../fleet/table/fleetPositions.ts';
import type { PositionTable } from '../../../fleet/table/fleetPositions.ts';

export interface DroneRoster {
  /** Serial number of each slot. */
  sns: string[];
  /** Index into `DRONE_STATUSES` of each slot. */
  status: Uint8Array;
  /** Row of each slot in `table`'s frames, or -1 when the table does not know the drone. */
  rows: Int32Array;
  /** The rows map the row numbers belong to (`null`: no table then). */
  table: PositionTable['rows'] | null;
  /** WGS-84 longitude, latitude, heading per slot from merged telemetry (`NaN` unknown): the fallback. */
  fallback: Float64Array;
  /** Slot of the selected drone, or -1. */
  selected: number;
}

/** A drone's WGS-84 position and heading (degrees). */
export interface Fix {
  lon: number;
  lat: number;
  heading: number;
}

const orNaN = (value: number | null): number => value ?? Number.NaN;

/** Whether row `row` of `table` holds a position. */
function tableHasPosition(table: PositionTable | null, row: number): boolean {
  if (table === null || row < 0) return false;
  return Number.isFinite(table.frame.lon[row]) && Number.isFinite(table.frame.lat[row]);
}

/**
 * Every aircraft with a position, in the order of `cells`, with its status at `now`. Like the
 * GeoJSON it replaces, a drone is drawn from the table's position when the table has one, else from
 * its merged telemetry, and is left out when neither knows where it is.
 */
export function droneRoster(
  cells: Iterable<DeviceCell>,
  selected: string | null,
  now: number,
  table: PositionTable | null,
): DroneRoster {
  const sns: string[] = [];
  const status: number[] = [];
  const rows: number[] = [];
  const fallback: number[] = [];
  let selectedSlot = -1;
  for (const cell of cells) {
    const live = cell.live;
    if (live === null) continue;
    const row = table?.rows.get(live.sn) ?? -1;
    // The map judges at the time it draws: its idle redraw turns a silent drone quiet between frames.
    const { drone } = judgeDevice(cell, newerVitals(table?.frame ?? null, row, live), now);
    if (drone === null) continue;
    const osd = aircraftOsd(live);
    const lon = orNaN(osd.num('longitude'));
    const lat = orNaN(osd.num('latitude'));
    if (!tableHasPosition(table, row) && !(Number.isFinite(lon) && Number.isFinite(lat))) continue;
    if (live.sn === selected) selectedSlot = sns.length;
    sns.push(live.sn);
    status.push(DRONE_STATUSES.indexOf(drone));
    rows.push(row);
    fallback.push(lon, lat, orNaN(osd.num('attitude_head')));
  }
  return {
    sns,
    status: Uint8Array.from(status),
    rows: Int32Array.from(rows),
    table: table?.rows ?? null,
    fallback: Float64Array.from(fallback),
    selected: selectedSlot,
  };
}

/**
 * Slot `slot`'s latest fix into `out`: the table's position and heading where it has them (its
 * merged telemetry may be seconds older), else the merged telemetry's; heading 0 when no one
 * knows it. Answers `false` when neither has a position. `table` must be the one the roster was
 * built with (same rows map).
 */
export function rosterFix(
  roster: DroneRoster,
  slot: number,
  table: PositionTable | null,
  out: Fix,
): boolean {
  const row = roster.rows[slot] ?? -1;
  const base = slot * 3;
  const fallbackHeading = roster.fallback[base + 2] ?? Number.NaN;
  if (table !== null && tableHasPosition(table, row)) {
    const heading = table.frame.heading[row] ?? Number.NaN;
    out.lon = table.frame.lon[row] ?? 0;
    out.lat = table.frame.lat[row] ?? 0;
    out.heading = Number.isFinite(heading)
      ? heading
      : Number.isFinite(fallbackHeading)
        ? fallbackHeading
        : 0;
    return true;
  }
  const lon = roster.fallback[base] ?? Number.NaN;
  const lat = roster.fallback[base + 1] ?? Number.NaN;
  if (!Number.isFinite(lon) || !Number.isFinite(lat)) return false;
  out.lon = lon;
  out.lat = lat;
  out.heading = Number.isFinite(fallbackHeading) ? fallbackHeading : 0;
  return true;
}
