import type {
  DeviceDelta,
  DeviceTelemetry,
  TelemetryEvent,
  TelemetryEventKind,
} from '../../protocol/telemetry.ts';
import type { DecodedMessage } from './decode.ts';
import { DeviceRecord } from './deviceRecord.ts';
import { DETAIL_EVERY_FRAMES, EVENT_QUEUE_CAP } from './constants.ts';
import { eventKindOf } from './eventKind.ts';
import { EventQueue } from './eventQueue.ts';
import type { MapFrame } from '../api.ts';

/** Event kinds of which a frame carries only each device's newest (see `FleetStore.latest`). */
const LATEST_ONLY: ReadonlySet<TelemetryEventKind> = new Set([
  'gas_reading',
  'flight_areas_drone_location',
]);

/** What one frame takes out of the store. */
export interface FrameChanges {
  devices: DeviceDelta[];
  events: TelemetryEvent[];
  map: MapFrame;
  /** Receive time of the oldest change in this frame, for the lag counter. */
  oldestAt: number;
}

/**
 * Latest state of every device, keyed by serial number, and the changes not yet handed out. The
 * dirty list holds records, not copies, so a device that changes a hundred times between two frames
 * costs one entry: memory is bounded by the fleet size and, for events, by a capped queue that counts
 * what it gives up.
 *
 * Interest: while the consumer names the devices it shows (`setInterest`), only those get their
 * detail every frame. Every other device gets its map-table row every frame (position, clock, mode,
 * dock state, the readings of its history) and its detail every {@link DETAIL_EVERY_FRAMES}th frame,
 * staggered by row so each frame carries an even share; its first delta, and one carrying a new
 * gateway or task (what links alarms and flights to aircraft), go out at once. With no interest set
 * every device is shown in full every frame.
 */
export class FleetStore {
  private readonly devices = new Map<string, DeviceRecord>();
  private readonly rows: DeviceRecord[] = [];
  /**
   * Records with changes not handed out yet, in the order they first changed, each once (its
   * `listed` flag says whether it is here). A flag and a list instead of a `Set`: the message path
   * asks on every message, and a flag costs no hash lookup.
   */
  private readonly dirty: DeviceRecord[] = [];
  private readonly events: EventQueue<TelemetryEvent>;
  /**
   * Gas readings and docks' distances to their flight areas arrive about once a second per device,
   * and only the newest of a device matters to a reader: they are kept one per device and kind
   * here, outside the capped queue, so a fleet's readings never push the alarms out of it.
   */
  private readonly latest = new Map<string, TelemetryEvent>();
  private interest: ReadonlySet<string> | null = null;
  private oldestAt: number | null = null;
  /** A message arrived since the last frame: the map table has news. */
  private moved = false;
  /** Rows were added (or the consumer restarted) since the table's names were last sent. */
  private rowsChanged = false;
  private version = 0;
  private frameCount = 0;
  /** The consumer restarted: its next frame must carry every device, due or not. */
  private resyncPending = false;

  constructor(eventCap = EVENT_QUEUE_CAP) {
    this.events = new EventQueue(eventCap);
  }

  /** Merges a property message or queues an event; returns whether it was an event. */
  apply(message: DecodedMessage, receivedAt: number): 'merged' | 'event' {
    this.oldestAt ??= receivedAt;
    const ts = message.ts ?? receivedAt;
    if (message.kind === 'events' || message.kind === 'drc/up') {
      const event = toEvent(message, ts, receivedAt);
      if (LATEST_ONLY.has(event.kind)) this.latest.set(`${event.kind}|${event.sn}`, event);
      else this.events.push(event);
      return 'event';
    }
    const record = this.record(message.sn);
    record.touch(ts, receivedAt, message.gateway);
    switch (message.kind) {
      case 'osd':
        record.mergeOsd(message.data, message.payload, this.isDue(record, this.frameCount));
        break;
      case 'state':
        record.mergeState(message.data);
        break;
      case 'taskInfo':
        record.setTask(message.data);
        break;
    }
    this.markDirty(record);
    this.moved = true;
    return 'merged';
  }

  /** The devices the consumer shows in detail; `null` shows every device in detail. */
  setInterest(sns: readonly string[] | null): void {
    const interest = sns === null ? null : new Set(sns);
    this.interest = interest;
    // Kept on each record too: the message path asks it for every message.
    for (const record of this.devices.values())
      record.interesting = interest?.has(record.sn) ?? false;
  }

  /** True when a frame would carry something. */
  hasChanges(): boolean {
    return this.moved || this.dirty.length > 0 || this.events.size > 0 || this.latest.size > 0;
  }

  /** True when a message arrived since the table was last taken. */
  hasMoved(): boolean {
    return this.moved;
  }

  /** The map table alone, for a frame between detail frames; pending details stay pending. */
  takeTable(): MapFrame {
    this.moved = false;
    return this.mapFrame();
  }

  /** Takes the pending changes that are due and every event; the map table covers every device. */
  take(now: number): FrameChanges {
    const devices: DeviceDelta[] = [];
    const frame = this.frameCount++;
    // A new consumer starts from empty: the first frame after a resync is whole.
    const everyDevice = this.resyncPending || this.interest === null;
    this.resyncPending = false;
    // Records not due stay listed, in their order, ahead of any that change later.
    const dirty = this.dirty;
    let kept = 0;
    for (const record of dirty) {
      if (isDue(record, frame, everyDevice)) {
        devices.push(record.takeDelta());
        record.listed = false;
      } else {
        dirty[kept++] = record;
      }
    }
    dirty.length = kept;
    const events = mergeByArrival(this.events.take(), [...this.latest.values()]);
    this.latest.clear();
    const changes = {
      devices,
      events,
      map: this.mapFrame(),
      oldestAt: this.oldestAt ?? now,
    };
    this.oldestAt = null;
    this.moved = false;
    return changes;
  }

  /** Marks every device fully changed: the next frame carries the whole fleet (a new consumer). */
  markAllDirty(now: number): void {
    for (const record of this.devices.values()) {
      record.markAllDirty();
      this.markDirty(record);
    }
    this.rowsChanged = true;
    this.moved = this.devices.size > 0;
    this.resyncPending = true;
    if (this.devices.size > 0) this.oldestAt ??= now;
  }

  /** A copy of one device's merged state, or `null` when nothing was heard from it. */
  device(sn: string): DeviceTelemetry | null {
    return this.devices.get(sn)?.snapshot() ?? null;
  }

  /** Events given up because the queue was full. */
  get eventsDropped(): number {
    return this.events.dropped;
  }

  /** Number of devices heard from. */
  get size(): number {
    return this.devices.size;
  }

  private markDirty(record: DeviceRecord): void {
    if (record.listed) return;
    record.listed = true;
    this.dirty.push(record);
  }

  /** Whether `record`'s detail goes out in frame number `frame` (the next one is `frameCount`). */
  private isDue(record: DeviceRecord, frame: number): boolean {
    return isDue(record, frame, this.resyncPending || this.interest === null);
  }

  private mapFrame(): MapFrame {
    const n = this.rows.length;
    const frame: MapFrame = {
      version: this.version,
      sns: this.rowsChanged ? this.rows.map((record) => record.sn) : null,
      lon: new Float64Array(n),
      lat: new Float64Array(n),
      heading: new Float32Array(n),
      height: new Float32Array(n),
      battery: new Float32Array(n),
      mode: new Int16Array(n),
      elevation: new Float32Array(n),
      speed: new Float32Array(n),
      droneInDock: new Int8Array(n),
      ts: new Float64Array(n),
      receivedAt: new Float64Array(n),
    };
    for (let i = 0; i < n; i++) {
      const record = this.rows[i];
      if (record === undefined) continue;
      frame.lon[i] = record.lon;
      frame.lat[i] = record.lat;
      frame.heading[i] = record.heading;
      frame.height[i] = record.height;
      frame.battery[i] = record.battery;
      frame.mode[i] = record.mode;
      frame.elevation[i] = record.elevation;
      frame.speed[i] = record.speed;
      frame.droneInDock[i] = record.droneInDock;
      frame.ts[i] = record.ts;
      frame.receivedAt[i] = record.receivedAt;
    }
    this.rowsChanged = false;
    return frame;
  }

  private record(sn: string): DeviceRecord {
    let record = this.devices.get(sn);
    if (record === undefined) {
      record = new DeviceRecord(sn, this.rows.length);
      record.interesting = this.interest?.has(sn) ?? false;
      this.devices.set(sn, record);
      this.rows.push(record);
      this.version++;
      this.rowsChanged = true;
    }
    return record;
  }
}

/**
 * Whether a record's delta goes out in frame `frame`: a device of interest, its first delta and a
 * new gateway or task at once, the others every `DETAIL_EVERY_FRAMES`th frame, staggered by row.
 */
function isDue(record: DeviceRecord, frame: number, everyDevice: boolean): boolean {
  return (
    everyDevice ||
    record.interesting ||
    !record.delivered ||
    record.gatewayDirty ||
    record.taskDirty ||
    (frame + record.row) % DETAIL_EVERY_FRAMES === 0
  );
}

/** Both lists in arrival order (each already is, apart from the readings' map order). */
function mergeByArrival(queued: TelemetryEvent[], readings: TelemetryEvent[]): TelemetryEvent[] {
  if (readings.length === 0) return queued;
  readings.sort((a, b) => a.receivedAt - b.receivedAt);
  const out: TelemetryEvent[] = [];
  let i = 0;
  for (const reading of readings) {
    while (i < queued.length && (queued[i]?.receivedAt ?? 0) <= reading.receivedAt)
      out.push(queued[i++] as TelemetryEvent);
    out.push(reading);
  }
  while (i < queued.length) out.push(queued[i++] as TelemetryEvent);
  return out;
}

function toEvent(message: DecodedMessage, ts: number, receivedAt: number): TelemetryEvent {
  const method = message.method ?? '';
  const kind = eventKindOf(message.kind, method);
  return { sn: message.sn, kind, method, ts, receivedAt, data: message.data };
}
