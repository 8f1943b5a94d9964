import type { DeviceDelta, DeviceTelemetry, TelemetryEvent } from '../../protocol/telemetry.ts';
import type { DecodedMessage } from './decode.ts';
import { DeviceRecord, mergeFields } from './deviceRecord.ts';
import { EVENT_QUEUE_CAP } from './constants.ts';
import { eventKindOf } from './eventKind.ts';
import { EventQueue } from './eventQueue.ts';

/** What one frame takes out of the store. */
export interface FrameChanges {
  devices: DeviceDelta[];
  events: TelemetryEvent[];
  /** Receive time of the oldest change in this frame, for the lag counter. */
  oldestAt: number;
}

/**
 * Latest state of every device, keyed by serial number, and the changes not yet handed out. The
 * dirty set holds records, not copies, so a device that changes a hundred times between two frames
 * costs one entry: memory is bounded by the fleet size and, for events, by a capped queue that counts
 * what it gives up.
 */
export class FleetStore {
  private readonly devices = new Map<string, DeviceRecord>();
  private readonly dirty = new Set<DeviceRecord>();
  private readonly events: EventQueue<TelemetryEvent>;
  private oldestAt: number | null = null;

  constructor(eventCap = EVENT_QUEUE_CAP) {
    this.events = new EventQueue(eventCap);
  }

  /** Merges a property message or queues an event; returns whether it was an event. */
  apply(message: DecodedMessage, receivedAt: number): 'merged' | 'event' {
    this.oldestAt ??= receivedAt;
    const ts = message.ts ?? receivedAt;
    if (message.kind === 'events' || message.kind === 'drc/up') {
      this.events.push(toEvent(message, ts, receivedAt));
      return 'event';
    }
    const record = this.record(message.sn);
    record.touch(ts, receivedAt, message.gateway);
    switch (message.kind) {
      case 'osd':
        mergeFields(record.osd, record.dirtyOsd, message.data);
        break;
      case 'state':
        mergeFields(record.state, record.dirtyState, message.data);
        break;
      case 'taskInfo':
        record.setTask(message.data);
        break;
    }
    this.dirty.add(record);
    return 'merged';
  }

  /** True when a frame would carry something. */
  hasChanges(): boolean {
    return this.dirty.size > 0 || this.events.size > 0;
  }

  /** Takes every pending device change and event; the store is clean afterwards. */
  take(now: number): FrameChanges {
    const devices: DeviceDelta[] = [];
    for (const record of this.dirty) devices.push(record.takeDelta());
    this.dirty.clear();
    const changes = { devices, events: this.events.take(), oldestAt: this.oldestAt ?? now };
    this.oldestAt = null;
    return changes;
  }

  /** Marks every device fully changed: the next frame carries the whole fleet (a new consumer). */
  markAllDirty(now: number): void {
    for (const record of this.devices.values()) {
      record.markAllDirty();
      this.dirty.add(record);
    }
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

  private record(sn: string): DeviceRecord {
    let record = this.devices.get(sn);
    if (record === undefined) {
      record = new DeviceRecord(sn);
      this.devices.set(sn, record);
    }
    return record;
  }
}

function toEvent(message: DecodedMessage, ts: number, receivedAt: number): TelemetryEvent {
  const method = message.method ?? '';
  const kind = eventKindOf(message.kind, method);
  return { sn: message.sn, kind, method, ts, receivedAt, data: message.data };
}
