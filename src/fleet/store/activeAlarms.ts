import type { AlarmEntry } from '../derive/alarms.ts';
import { fileSeededAlarms, seedAlarms } from './alarmFeed.ts';
import { refreshFleetCounts } from './fleetCounters.ts';

/**
 * Active HMS alarms read from the server when the console opens, filed under their devices. The read
 * can answer before the bridge says which devices it watches: alarms of a device not watched yet wait
 * until it is (see `setWatchedSerials`).
 */
export function setActiveAlarms(entries: readonly AlarmEntry[]): void {
  seedAlarms(entries);
  fileSeededAlarms();
  refreshFleetCounts();
}
