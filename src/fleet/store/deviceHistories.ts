import { useCallback, useSyncExternalStore } from 'react';
import { kindOf } from '../derive/deviceState.ts';
import { finite } from '../table/fleetPositions.ts';
import type { PositionTable } from '../table/fleetPositions.ts';
import { DeviceHistory } from '../derive/history.ts';
import type { HistoryPoint } from '../derive/history.ts';
import { heldCell } from './deviceCells.ts';
import { isWatched } from './watchedSerials.ts';

const histories = new Map<string, DeviceHistory>();
/**
 * A number per device that changes whenever points were merged into its history out of band (a
 * backfill): history is not reactive, so its readers redraw on this instead of waiting for a tick.
 */
const historyFills = new Map<string, number>();
let fillSeq = 0;
const fillListeners = new Set<(sn: string) => void>();

/** The history (trail, chart points) of `sn`. */
export function historyOf(sn: string): DeviceHistory {
  let history = histories.get(sn);
  if (history === undefined) {
    history = new DeviceHistory();
    histories.set(sn, history);
  }
  return history;
}

/** The histories of aircraft (the devices the server stores a track of), with serial numbers. */
export function* aircraftHistories(): Generator<[string, DeviceHistory]> {
  for (const [sn, history] of histories) {
    const cell = heldCell(sn);
    if (cell !== undefined && kindOf(cell.info, cell.live) === 'aircraft') yield [sn, history];
  }
}

/** The history `sn` has now, without creating one. */
export function heldHistory(sn: string): DeviceHistory | undefined {
  return histories.get(sn);
}

/**
 * One history point per second for every watched device with a position, read from the worker's
 * table: it has every device's position and readings each frame, where the merged telemetry of a
 * device the UI does not show is refreshed only every few seconds.
 */
export function recordHistories(table: PositionTable): void {
  const { frame } = table;
  for (const [sn, row] of table.rows) {
    if (!isWatched(sn)) continue;
    const ts = frame.ts[row] ?? 0;
    const lon = frame.lon[row] ?? Number.NaN;
    const lat = frame.lat[row] ?? Number.NaN;
    if (!Number.isFinite(lon) || !Number.isFinite(lat)) continue;
    const history = historyOf(sn);
    if (!history.due(ts)) continue;
    history.record({
      t: ts,
      lon,
      lat,
      altitude: finite(frame.elevation[row]),
      speed: finite(frame.speed[row]),
      battery: finite(frame.battery[row]),
    });
  }
}

/**
 * Merges points read from the server into `history` when it is still the one of `sn` (the device
 * may have been unwatched or the fleet reset while they were read), and tells its readers.
 * Answers how many points were added.
 */
export function fillHistory(sn: string, history: DeviceHistory, points: HistoryPoint[]): number {
  if (histories.get(sn) !== history) return 0;
  const added = history.backfill(points);
  if (added === 0) return 0;
  fillSeq += 1;
  historyFills.set(sn, fillSeq);
  for (const listener of fillListeners) listener(sn);
  return added;
}

/** Calls `listener` with the serial number of each history that points were merged into. */
export function onHistoryFill(listener: (sn: string) => void): () => void {
  fillListeners.add(listener);
  return () => fillListeners.delete(listener);
}

/** A value that changes when `sn`'s history was backfilled: a dependency for its readers. */
export function useHistoryFill(sn: string): number {
  const subscribeFill = useCallback(
    (changed: () => void) =>
      onHistoryFill((filled) => {
        if (filled === sn) changed();
      }),
    [sn],
  );
  return useSyncExternalStore(subscribeFill, () => historyFills.get(sn) ?? 0);
}

/** Forgets the history of `sn` (a device no longer watched). */
export function forgetHistory(sn: string): void {
  histories.delete(sn);
  historyFills.delete(sn);
}

/** Forgets every history. */
export function clearHistories(): void {
  histories.clear();
  historyFills.clear();
}
