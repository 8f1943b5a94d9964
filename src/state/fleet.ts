/**
 * The live fleet on the main thread. Each device is its own valtio proxy, so a component reading one
 * device re-renders only when that device changes; its merged telemetry is replaced as one `ref`'d
 * object per frame (one proxy write per device, no deep proxying of osd fields). Non-React readers
 * (the map) subscribe to frames instead of to the proxies.
 */
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { proxy, ref, subscribe, useSnapshot } from 'valtio';
import type {
  ConnectionState,
  CoreStats,
  DeviceDelta,
  DeviceTelemetry,
  FleetDelta,
  TelemetryEvent,
} from '../../protocol/telemetry.ts';
import type { Device } from '../../protocol/http.ts';
import { clock } from '../lib/clock.ts';
import type { AlarmEntry } from '../telemetry/alarms.ts';
import {
  activeFeed,
  aiAlarm,
  byDevice,
  hmsAlarms,
  replaceHms,
  withoutExpired,
} from '../telemetry/alarms.ts';
import { DeviceHistory, historyPoint } from '../telemetry/history.ts';
import { holdInterest } from '../telemetry/interest.ts';
import type { HistoryPoint } from '../telemetry/history.ts';
import type { FleetCounts } from '../telemetry/fleetCounts.ts';
import { countFleet, EMPTY_COUNTS, kindOf } from '../telemetry/fleetCounts.ts';
import { finite, fleetPositionTable, freshVitals } from '../telemetry/fleetPositions.ts';
import type { PositionTable } from '../telemetry/fleetPositions.ts';

/**
 * A value stored with valtio's `ref`: never proxied, replaced whole. The phantom snapshot marker tells
 * valtio's `Snapshot` type to stop there, instead of recursing through the JSON telemetry types.
 */
export type Frozen<T> = T & { readonly $$valtioSnapshot: T };

/** Stores `value` by reference (see {@link Frozen}). */
function frozen<T extends object>(value: T): Frozen<T> {
  return ref(value);
}

export interface DeviceCell {
  /** What the device list says about the device; `null` for a device only heard on MQTT. */
  info: Frozen<Device> | null;
  live: Frozen<DeviceTelemetry> | null;
  /** Alarms active now: the latest HMS set and recent AI detections (see `telemetry/alarms.ts`). */
  alarms: Frozen<readonly AlarmEntry[]>;
}

export type FrameListener = (changed: readonly string[]) => void;
/** Hears each frame's events of watched devices (a page that reads our own events live). */
export type EventsListener = (events: readonly TelemetryEvent[]) => void;

// A plain Map, not a proxy: adding a device must not notify every reader of every other device.
const cells = new Map<string, DeviceCell>();
const histories = new Map<string, DeviceHistory>();
/**
 * A number per device that changes whenever points were merged into its history out of band (a
 * backfill): history is not reactive, so its readers redraw on this instead of waiting for a tick.
 */
const historyFills = new Map<string, number>();
let fillSeq = 0;
const fillListeners = new Set<(sn: string) => void>();
const frameListeners = new Set<FrameListener>();
const eventsListeners = new Set<EventsListener>();
const index = proxy({ sns: ref<string[]>([]), listed: ref<string[]>([]) });
const counts = proxy<FleetCounts>({ ...EMPTY_COUNTS });
const feed = proxy({ items: ref<AlarmEntry[]>([]) });
const link = proxy({ state: 'idle' as ConnectionState, stats: null as CoreStats | null });
/**
 * The serial numbers the bridge watches; telemetry of any other device is ignored, so a project
 * switch cannot bring the previous project's devices back. `null` until the bridge first says.
 */
let accepted: ReadonlySet<string> | null = null;
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

/** The cell of `sn`, created empty on first use. */
export function deviceCell(sn: string): DeviceCell {
  let cell = cells.get(sn);
  if (cell === undefined) {
    cell = proxy<DeviceCell>({ info: null, live: null, alarms: frozen([]) });
    cells.set(sn, cell);
    index.sns = ref([...index.sns, sn]);
  }
  return cell;
}

/** Replaces the known devices (the current project's device list); their order is the list's order. */
export function setFleetDevices(devices: readonly Device[]): void {
  const listed = new Set(devices.map((device) => device.device_sn));
  for (const device of devices) deviceCell(device.device_sn).info = frozen({ ...device });
  const heardOnly = index.sns.filter((sn) => !listed.has(sn));
  index.listed = ref([...listed]);
  index.sns = ref([...index.listed, ...heardOnly]);
  refreshFleetCounts();
}

/** Forgets every device (on a workspace change or sign-out). */
export function resetFleet(): void {
  cells.clear();
  histories.clear();
  historyFills.clear();
  index.sns = ref([]);
  index.listed = ref([]);
  feed.items = ref([]);
  feedStale = false;
  accepted = null;
  seeded.clear();
  Object.assign(counts, EMPTY_COUNTS);
  // The map draws from frames: without one it would keep showing the forgotten fleet.
  for (const listener of frameListeners) listener([]);
}

/**
 * Narrows the store to the devices the bridge now watches, forgetting every other one at once.
 * Returns true when the set changed: the worker must then resend the watched devices in full.
 */
export function setWatchedSerials(sns: readonly string[]): boolean {
  const next = new Set(sns);
  if (accepted !== null && accepted.size === next.size && sns.every((sn) => accepted?.has(sn)))
    return false;
  accepted = next;
  for (const sn of [...cells.keys()]) {
    if (next.has(sn)) continue;
    cells.delete(sn);
    histories.delete(sn);
    historyFills.delete(sn);
    feedStale = true;
  }
  index.sns = ref(index.sns.filter((sn) => next.has(sn)));
  index.listed = ref(index.listed.filter((sn) => next.has(sn)));
  fileSeeded();
  refreshFleetCounts();
  for (const listener of frameListeners) listener([]);
  return true;
}

const isAccepted = (sn: string): boolean => accepted === null || accepted.has(sn);

/**
 * Active HMS alarms read from the server when the console opens, filed under their devices. The read
 * can answer before the bridge says which devices it watches: alarms of a device not watched yet wait
 * here until it is (see {@link setWatchedSerials}).
 */
export function setActiveAlarms(entries: readonly AlarmEntry[]): void {
  seeded.clear();
  for (const entry of entries) seeded.set(entry.sn, [...(seeded.get(entry.sn) ?? []), entry]);
  fileSeeded();
  refreshFleetCounts();
}

/** Files the read alarms of every watched device; a device's are used once. */
function fileSeeded(): void {
  for (const [sn, list] of seeded) {
    if (!isAccepted(sn)) continue;
    seeded.delete(sn);
    const cell = deviceCell(sn);
    const live = cell.alarms.filter((a) => a.source === 'hms');
    // A live HMS set that already arrived is newer than the read: it wins.
    if (live.length === 0) setAlarms(cell, replaceHms(cell.alarms, list));
  }
}

/** Applies one worker delta: every device's merged state, the alarms, the counters, then the frame. */
export function applyFleetDelta(delta: FleetDelta): void {
  const devices = delta.devices.filter((change) => isAccepted(change.sn));
  // Read once per frame: the history's source for every device below.
  const table = fleetPositionTable();
  for (const change of devices) applyDevice(change, table === null);
  if (table !== null) recordHistories(table);
  applyEvents(delta);
  link.stats = ref({ ...delta.stats });
  refreshFleetCounts();
  const changed = devices.map((change) => change.sn);
  for (const listener of frameListeners) listener(changed);
}

function applyDevice(change: DeviceDelta, recordHistory: boolean): void {
  const cell = deviceCell(change.sn);
  const prev = cell.live;
  const next: DeviceTelemetry = {
    sn: change.sn,
    gateway: change.gateway ?? prev?.gateway ?? null,
    ts: change.ts,
    receivedAt: change.receivedAt,
    osd: change.osd === undefined ? (prev?.osd ?? {}) : { ...prev?.osd, ...change.osd },
    state: change.state === undefined ? (prev?.state ?? {}) : { ...prev?.state, ...change.state },
    task: change.task ?? prev?.task ?? null,
  };
  cell.live = frozen(next);
  // Without the worker's table (a stand-in worker) the merged telemetry is the history's source.
  if (recordHistory) {
    const point = historyPoint(next);
    if (point !== null) historyOf(change.sn).record(point);
  }
}

/**
 * One history point per second for every watched device with a position, read from the worker's
 * table: it has every device's position and readings each frame, where the merged telemetry of a
 * device the UI does not show is refreshed only every few seconds.
 */
function recordHistories(table: PositionTable): void {
  const { frame } = table;
  for (const [sn, row] of table.rows) {
    if (!isAccepted(sn)) continue;
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

/** Calls `listener` with every later frame's events; answers the unsubscribe. */
export function onFleetEvents(listener: EventsListener): () => void {
  eventsListeners.add(listener);
  return () => eventsListeners.delete(listener);
}

function applyEvents(delta: FleetDelta): void {
  if (eventsListeners.size > 0 && delta.events.length > 0) {
    const mine = delta.events.filter((event) => isAccepted(event.sn));
    if (mine.length > 0) for (const listener of eventsListeners) listener(mine);
  }
  for (const event of delta.events) {
    if (!isAccepted(event.sn)) continue;
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
  for (const [sn, cell] of cells) {
    if (sn === gatewaySn) continue;
    if (cell.info?.gateway_sn === gatewaySn || cell.live?.gateway === gatewaySn) return sn;
  }
  return null;
}

/** Recounts online/offline from the clock too: called per delta and on a timer, since silence is news. */
export function refreshFleetCounts(now = clock.now()): void {
  for (const cell of cells.values()) {
    const kept = withoutExpired(cell.alarms, now);
    if (kept !== cell.alarms) setAlarms(cell, kept);
  }
  Object.assign(counts, countFleet(cells.values(), now, freshVitals));
  if (feedStale) refreshFeed();
}

/** Rebuilds the feed from the cells' active alarms when they changed: one source for feed and count. */
function refreshFeed(): void {
  feedStale = false;
  const next = activeFeed([...cells.values()].map((cell) => cell.alarms));
  const same =
    next.length === feed.items.length && next.every((entry, i) => entry === feed.items[i]);
  if (!same) feed.items = ref(next);
}

/** The counters as last recounted, without subscribing. */
export function fleetCounts(): FleetCounts {
  return { ...counts };
}

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
    const cell = cells.get(sn);
    if (cell !== undefined && kindOf(cell.info, cell.live) === 'aircraft') yield [sn, history];
  }
}

/** The history `sn` has now, without creating one. */
export function heldHistory(sn: string): DeviceHistory | undefined {
  return histories.get(sn);
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

/** Current merged telemetry of every device that has any, without subscribing. */
export function fleetTelemetry(): IterableIterator<DeviceCell> {
  return cells.values();
}

/** Every device cell with its serial number, without subscribing. */
export function fleetEntries(): IterableIterator<[string, DeviceCell]> {
  return cells.entries();
}

/** Serial numbers of the devices the device list knows (what the bridge subscribes to). */
export function listedSerials(): readonly string[] {
  return index.listed;
}

/** Calls `listener` when the set of known devices changes. */
export function onFleetIndexChange(listener: () => void): () => void {
  return subscribe(index, listener);
}

/** Calls `listener` after each applied delta with the serial numbers it changed. */
export function onFleetFrame(listener: FrameListener): () => void {
  frameListeners.add(listener);
  return () => frameListeners.delete(listener);
}

/** Records the worker connection state (the bridge is the only writer). */
export function setLinkState(state: ConnectionState): void {
  link.state = state;
}

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

/** Online, offline, flying, in dock and active alarm counts. */
export function useFleetCounts(): FleetCounts {
  return useSnapshot(counts);
}

/** Serial numbers of every known device in list order. */
export function useFleetSerials(): readonly string[] {
  return useSnapshot(index).sns;
}

/** Every active alarm, newest first, without subscribing. */
export function alarmFeed(): readonly AlarmEntry[] {
  return feed.items;
}

/** Every active alarm, newest first: the same alarms the counter counts. */
export function useAlarmFeed(): readonly AlarmEntry[] {
  return useSnapshot(feed).items;
}

/** The telemetry connection's state, for the top-bar indicator. */
export function useTelemetryLink(): { state: ConnectionState; stats: CoreStats | null } {
  return useSnapshot(link);
}
