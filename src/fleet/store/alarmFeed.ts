import { proxy, ref, useSnapshot } from 'valtio';
import type { TelemetryEvent } from '../../../protocol/telemetry.ts';
import type { AlarmEntry } from '../derive/alarms.ts';
import {
  activeFeed,
  aiAlarm,
  byDevice,
  hmsAlarms,
  replaceHms,
  withoutExpired,
} from '../derive/alarms.ts';
import type { DeviceCell } from './deviceCells.ts';
import { deviceCell, fleetEntries, fleetTelemetry, frozen } from './deviceCells.ts';
import { isWatched } from './watchedSerials.ts';

const feed = proxy({ items: ref<AlarmEntry[]>([]) });
/** Alarms read from the server for devices the bridge does not watch yet. */
const seeded = new Map<string, AlarmEntry[]>();
/**
 * Whether some device's alarms changed since the feed was last built. Deltas arrive every frame for
 * the whole fleet, alarms rarely: the feed (every active alarm, sorted) is rebuilt only after a change.
 */
let feedStale = false;

/** Replaces a device's active alarms and marks the feed for rebuilding. */
function setAlarms(cell: DeviceCell, alarms: readonly AlarmEntry[]): void {
  cell.alarms = frozen(alarms);
  feedStale = true;
}

/** Whether some device's alarms changed since the feed was last rebuilt. */
export function alarmsChanged(): boolean {
  return feedStale;
}

/** Marks the feed for rebuilding (a device and its alarms were forgotten). */
export function markFeedStale(): void {
  feedStale = true;
}

/** Keeps active HMS alarms read from the server until their devices are watched. */
export function seedAlarms(entries: readonly AlarmEntry[]): void {
  seeded.clear();
  for (const entry of entries) seeded.set(entry.sn, [...(seeded.get(entry.sn) ?? []), entry]);
}

/** Files the read alarms of every watched device; a device's are used once. */
export function fileSeededAlarms(): void {
  for (const [sn, list] of seeded) {
    if (!isWatched(sn)) continue;
    seeded.delete(sn);
    const cell = deviceCell(sn);
    const live = cell.alarms.filter((a) => a.source === 'hms');
    // A live HMS set that already arrived is newer than the read: it wins.
    if (live.length === 0) setAlarms(cell, replaceHms(cell.alarms, list));
  }
}

/** Files one frame's HMS sets and AI detections under the watched devices they concern. */
export function applyAlarmEvents(events: readonly TelemetryEvent[]): void {
  for (const event of events) {
    if (!isWatched(event.sn)) continue;
    if (event.kind === 'hms') {
      for (const [sn, current] of byDevice(event.sn, aircraftOf(event.sn), hmsAlarms(event))) {
        const cell = deviceCell(sn);
        setAlarms(cell, replaceHms(cell.alarms, current));
      }
    } else if (event.kind === 'ai_alarm') {
      const cell = deviceCell(event.sn);
      setAlarms(cell, [...cell.alarms, aiAlarm(event)]);
    }
  }
}

/** The aircraft whose gateway is `gatewaySn` (a dock holds one), from the device list or telemetry. */
function aircraftOf(gatewaySn: string): string | null {
  for (const [sn, cell] of fleetEntries()) {
    if (sn === gatewaySn) continue;
    if (cell.info?.gateway_sn === gatewaySn || cell.live?.gateway === gatewaySn) return sn;
  }
  return null;
}

/** Drops every device's alarms that have expired by `now`. */
export function expireAlarms(now: number): void {
  for (const cell of fleetTelemetry()) {
    const kept = withoutExpired(cell.alarms, now);
    if (kept !== cell.alarms) setAlarms(cell, kept);
  }
}

/** Rebuilds the feed from the cells' active alarms when they changed: one source for feed and count. */
export function refreshAlarmFeed(): void {
  if (!feedStale) return;
  feedStale = false;
  const next = activeFeed([...fleetTelemetry()].map((cell) => cell.alarms));
  const same =
    next.length === feed.items.length && next.every((entry, i) => entry === feed.items[i]);
  if (!same) feed.items = ref(next);
}

/** Forgets every alarm, filed or read. */
export function clearAlarmFeed(): void {
  feed.items = ref([]);
  feedStale = false;
  seeded.clear();
}

/** Every active alarm, newest first, without subscribing. */
export function alarmFeed(): readonly AlarmEntry[] {
  return feed.items;
}

/** Every active alarm, newest first: the same alarms the counter counts. */
export function useAlarmFeed(): readonly AlarmEntry[] {
  return useSnapshot(feed).items;
}
