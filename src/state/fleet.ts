/**
 * The live fleet on the main thread. Each device is its own valtio proxy, so a component reading one
 * device re-renders only when that device changes; its merged telemetry is replaced as one `ref`'d
 * object per frame (one proxy write per device, no deep proxying of osd fields). Non-React readers
 * (the map) subscribe to frames instead of to the proxies.
 */
import { proxy, ref, subscribe, useSnapshot } from 'valtio';
import type {
  ConnectionState,
  CoreStats,
  DeviceDelta,
  DeviceTelemetry,
  FleetDelta,
} from '../../protocol/telemetry.ts';
import type { Device } from '../../protocol/http.ts';
import type { AlarmEntry } from '../telemetry/alarms.ts';
import { aiAlarm, byDevice, hmsAlarms, newlyRaised } from '../telemetry/alarms.ts';
import { DeviceHistory } from '../telemetry/history.ts';
import type { FleetCounts } from '../telemetry/fleetCounts.ts';
import { countFleet, EMPTY_COUNTS } from '../telemetry/fleetCounts.ts';

/** The feed keeps the newest alarms only: an operator reads the top, the rest is in the logs. */
export const ALARM_FEED_CAP = 200;

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
  /** Alarms active now (the latest HMS set). */
  alarms: Frozen<readonly AlarmEntry[]>;
}

export type FrameListener = (changed: readonly string[]) => void;

// A plain Map, not a proxy: adding a device must not notify every reader of every other device.
const cells = new Map<string, DeviceCell>();
const histories = new Map<string, DeviceHistory>();
const frameListeners = new Set<FrameListener>();
const index = proxy({ sns: ref<string[]>([]), listed: ref<string[]>([]) });
const counts = proxy<FleetCounts>({ ...EMPTY_COUNTS });
const feed = proxy({ items: ref<AlarmEntry[]>([]) });
const link = proxy({ state: 'idle' as ConnectionState, stats: null as CoreStats | null });

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
  index.sns = ref([]);
  index.listed = ref([]);
  feed.items = ref([]);
  Object.assign(counts, EMPTY_COUNTS);
}

/** Applies one worker delta: every device's merged state, the alarms, the counters, then the frame. */
export function applyFleetDelta(delta: FleetDelta): void {
  for (const change of delta.devices) applyDevice(change);
  applyEvents(delta);
  link.stats = ref({ ...delta.stats });
  refreshFleetCounts();
  const changed = delta.devices.map((change) => change.sn);
  for (const listener of frameListeners) listener(changed);
}

function applyDevice(change: DeviceDelta): void {
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
  historyOf(change.sn).record(next);
}

function applyEvents(delta: FleetDelta): void {
  const raised: AlarmEntry[] = [];
  for (const event of delta.events) {
    if (event.kind === 'hms') {
      for (const [sn, current] of byDevice(event.sn, aircraftOf(event.sn), hmsAlarms(event))) {
        const cell = deviceCell(sn);
        raised.push(...newlyRaised(cell.alarms, current));
        cell.alarms = frozen(current);
      }
    } else if (event.kind === 'ai_alarm') {
      raised.push(aiAlarm(event));
    }
  }
  if (raised.length > 0)
    feed.items = ref([...raised.reverse(), ...feed.items].slice(0, ALARM_FEED_CAP));
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
export function refreshFleetCounts(now = Date.now()): void {
  Object.assign(counts, countFleet(cells.values(), now));
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

/** Current merged telemetry of every device that has any, without subscribing. */
export function fleetTelemetry(): IterableIterator<DeviceCell> {
  return cells.values();
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

/** Newly raised alarms, newest first, capped at {@link ALARM_FEED_CAP}. */
export function useAlarmFeed(): readonly AlarmEntry[] {
  return useSnapshot(feed).items;
}

/** The telemetry connection's state, for the top-bar indicator. */
export function useTelemetryLink(): { state: ConnectionState; stats: CoreStats | null } {
  return useSnapshot(link);
}
