import type { Device } from '../../../protocol/http.ts';
import { clearAlarmFeed, fileSeededAlarms, markFeedStale } from './alarmFeed.ts';
import { clearCells, keepCells, listDevices } from './deviceCells.ts';
import { forgetStates } from './deviceStates.ts';
import { clearHistories, forgetHistory } from './deviceHistories.ts';
import { clearFleetCounts, refreshFleetCounts } from './fleetCounters.ts';
import { emitFrame } from './frameListeners.ts';
import { forgetWatchedSerials, isWatched, watchSerials } from './watchedSerials.ts';

/** Replaces the known devices (the current project's device list); their order is the list's order. */
export function setFleetDevices(devices: readonly Device[]): void {
  listDevices(devices);
  refreshFleetCounts();
}

/** Forgets every device (on a workspace change or sign-out). */
export function resetFleet(): void {
  clearCells();
  forgetStates(() => false);
  clearHistories();
  clearAlarmFeed();
  forgetWatchedSerials();
  clearFleetCounts();
  // The map draws from frames: without one it would keep showing the forgotten fleet.
  emitFrame([]);
}

/**
 * Narrows the store to the devices the bridge now watches, forgetting every other one at once.
 * Returns true when the set changed: the worker must then resend the watched devices in full.
 */
export function setWatchedSerials(sns: readonly string[]): boolean {
  if (!watchSerials(sns)) return false;
  const dropped = keepCells(isWatched);
  forgetStates(isWatched);
  for (const sn of dropped) forgetHistory(sn);
  if (dropped.length > 0) markFeedStale();
  fileSeededAlarms();
  refreshFleetCounts();
  emitFrame([]);
  return true;
}
