import type { CoreStats, DeviceTelemetry, TelemetryEventKind } from '../../protocol/telemetry.ts';
import { decodeMessage } from './decode.ts';
import type { RawPayload } from './decode.ts';
import { FleetStore } from './fleetStore.ts';
import { KindFilter } from './kindFilter.ts';
import type { TelemetryFrame } from '../api.ts';

/**
 * The synchronous heart of the core: decode → route → merge on every message, and one delta per
 * frame with back-pressure. It owns no clock; `now` and the frame ticks come from outside (the RxJS
 * frame clock in `telemetryCore.ts`, or a benchmark driving frames by hand). The per-message path is
 * plain function calls on purpose: an RxJS operator chain per message would allocate on every one.
 */
export class TelemetryPipeline {
  private readonly store: FleetStore;
  private readonly counters: CoreStats = {
    in: 0,
    dropped: 0,
    merged: 0,
    deltasOut: 0,
    coalesced: 0,
    lagMs: 0,
    eventsDropped: 0,
    eventsUnread: 0,
  };
  private readonly kinds = new KindFilter();
  private seq = 0;
  /** Sequence number the consumer has not acknowledged yet; `null` when it is ready for more. */
  private awaitingAck: number | null = null;
  /** A frame passed while the consumer was busy, so the next ack should flush at once. */
  private frameMissed = false;
  /** Likewise for a table-only frame. */
  private tableMissed = false;

  constructor(
    private readonly now: () => number,
    eventCap?: number,
  ) {
    this.store = new FleetStore(eventCap);
  }

  /** Takes one raw MQTT message; bad input is counted and dropped, never thrown. */
  push(topic: string, payload: RawPayload): void {
    this.counters.in++;
    const result = decodeMessage(topic, payload);
    if (!result.ok) {
      this.counters.dropped++;
      return;
    }
    if (!this.kinds.admits(result.message)) {
      this.counters.eventsUnread++;
      return;
    }
    if (this.store.apply(result.message, this.now()) === 'merged') this.counters.merged++;
  }

  /**
   * One tick of the frame clock: the delta of everything that changed since the last one, or `null`
   * when nothing did or the consumer has not acknowledged the previous delta. In that case the
   * changes stay in the store and fold into the next delta (latest value per field, events kept).
   */
  frame(): TelemetryFrame | null {
    if (!this.store.hasChanges()) return null;
    if (this.awaitingAck !== null) {
      this.counters.coalesced++;
      this.frameMissed = true;
      return null;
    }
    return this.emit();
  }

  /**
   * A tick of the table clock: the map table alone when positions moved since the last frame, for
   * the map to draw before the next detail frame; `null` when nothing moved or the consumer is busy.
   */
  tableFrame(): TelemetryFrame | null {
    if (!this.store.hasMoved()) return null;
    if (this.awaitingAck !== null) {
      this.tableMissed = true;
      return null;
    }
    return this.send([], [], this.store.takeTable(), true);
  }

  /**
   * The consumer took delta `seq`; answers which frame should go out now because one was missed
   * while it was busy and changes are waiting (a detail frame before a table-only one), or `null`.
   */
  ack(seq: number): 'frame' | 'table' | null {
    if (seq !== this.awaitingAck) return null;
    this.awaitingAck = null;
    const flush =
      this.frameMissed && this.store.hasChanges()
        ? 'frame'
        : this.tableMissed && this.store.hasMoved()
          ? 'table'
          : null;
    this.frameMissed = false;
    this.tableMissed = false;
    return flush;
  }

  /** Makes the next delta carry every known device in full, for a consumer that starts from empty. */
  resync(): void {
    this.store.markAllDirty(this.now());
    this.awaitingAck = null;
  }

  /** The devices the UI shows in detail every frame; `null` (the default) means every device. */
  setInterest(sns: readonly string[] | null): void {
    this.store.setInterest(sns);
  }

  /** The event kinds some reader declared; events of other kinds are dropped; `null`: every kind. */
  setKinds(kinds: readonly TelemetryEventKind[] | null): void {
    this.kinds.set(kinds);
  }

  /** A copy of the counters. */
  stats(): CoreStats {
    return { ...this.counters, eventsDropped: this.store.eventsDropped };
  }

  /** A copy of one device's merged state, or `null` when nothing was heard from it. */
  device(sn: string): DeviceTelemetry | null {
    return this.store.device(sn);
  }

  private emit(): TelemetryFrame {
    const now = this.now();
    const changes = this.store.take(now);
    this.counters.lagMs = now - changes.oldestAt;
    return this.send(changes.devices, changes.events, changes.map, false);
  }

  private send(
    devices: TelemetryFrame['devices'],
    events: TelemetryFrame['events'],
    map: TelemetryFrame['map'],
    tableOnly: boolean,
  ): TelemetryFrame {
    this.seq++;
    this.awaitingAck = this.seq;
    this.counters.deltasOut++;
    const stats = this.stats();
    return { seq: this.seq, emittedAt: this.now(), devices, events, map, stats, tableOnly };
  }
}
