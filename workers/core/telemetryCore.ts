import {
  EMPTY,
  Subject,
  asyncScheduler,
  filter,
  interval,
  map,
  merge,
  observeOn,
  share,
} from 'rxjs';
import type { Observable, SchedulerLike } from 'rxjs';
import type { CoreStats, DeviceTelemetry, TelemetryEventKind } from '../../protocol/telemetry.ts';
import { FRAME_INTERVAL_MS, TABLE_FRAME_MS } from './constants.ts';
import type { RawPayload } from './decode.ts';
import type { TelemetryFrame } from '../api.ts';
import { TelemetryPipeline } from './telemetryPipeline.ts';

export interface TelemetryCoreOptions {
  /** Frame clock period in ms; defaults to `FRAME_INTERVAL_MS`. */
  frameMs?: number;
  /**
   * Period of the table-only frames in ms; defaults to `TABLE_FRAME_MS`. `null`: none, every delta
   * is a detail frame (what the tests of the detail rhythm pin down).
   */
  tableMs?: number | null;
  /** Source of time and frame ticks; tests pass a `TestScheduler`. Defaults to `asyncScheduler`. */
  scheduler?: SchedulerLike;
  /** Most events held for the consumer; defaults to `EVENT_QUEUE_CAP`. */
  eventCap?: number;
}

/** The streaming core as the worker and the tests use it. */
export interface TelemetryCore {
  /** Feeds one raw MQTT message (topic + payload bytes). */
  push(topic: string, payload: RawPayload): void;
  /**
   * One delta per frame while subscribed (shared: every subscriber sees the same deltas), and a
   * table-only one between them when positions moved. After a delta, nothing more is emitted until
   * `ack(seq)`; changes meanwhile coalesce into the next delta.
   */
  readonly deltas$: Observable<TelemetryFrame>;
  /** Acknowledges delta `seq` once the consumer has applied (ideally drawn) it. */
  ack(seq: number): void;
  /** Makes the next delta carry the whole fleet, for a consumer that starts from empty. */
  resync(): void;
  /** Devices the UI shows in detail every frame; others every `DETAIL_EVERY_FRAMES`; `null`: all. */
  setInterest(sns: readonly string[] | null): void;
  /**
   * Event kinds some reader declared: events of other kinds are dropped on arrival (counted in
   * `eventsUnread`) and never reach a delta. `null` (the default): every kind.
   */
  setKinds(kinds: readonly TelemetryEventKind[] | null): void;
  stats(): CoreStats;
  device(sn: string): DeviceTelemetry | null;
}

/** Which clock ticked: the detail frame's or the table-only frame's. */
type Tick = 'frame' | 'table';

/** Creates the streaming core: the pipeline driven by an RxJS frame clock with back-pressure. */
export function createTelemetryCore(options: TelemetryCoreOptions = {}): TelemetryCore {
  const scheduler = options.scheduler ?? asyncScheduler;
  const pipeline = new TelemetryPipeline(() => scheduler.now(), options.eventCap);
  // An ack after a missed frame flushes at once instead of waiting for the next tick; going through
  // the scheduler keeps the emission out of the consumer's own call stack.
  const flush$ = new Subject<Tick>();
  const tableMs = options.tableMs === undefined ? TABLE_FRAME_MS : options.tableMs;
  // The detail clock comes first: when both tick at once, the detail frame (which carries the
  // table too) goes out and the table tick finds nothing new.
  const deltas$ = merge(
    interval(options.frameMs ?? FRAME_INTERVAL_MS, scheduler).pipe(map((): Tick => 'frame')),
    tableMs === null ? EMPTY : interval(tableMs, scheduler).pipe(map((): Tick => 'table')),
    flush$.pipe(observeOn(scheduler)),
  ).pipe(
    map((tick) => (tick === 'frame' ? pipeline.frame() : pipeline.tableFrame())),
    filter((delta): delta is TelemetryFrame => delta !== null),
    share(),
  );
  return {
    push: (topic, payload) => pipeline.push(topic, payload),
    deltas$,
    ack: (seq) => {
      const flush = pipeline.ack(seq);
      if (flush !== null) flush$.next(flush);
    },
    resync: () => pipeline.resync(),
    setInterest: (sns) => pipeline.setInterest(sns),
    setKinds: (kinds) => pipeline.setKinds(kinds),
    stats: () => pipeline.stats(),
    device: (sn) => pipeline.device(sn),
  };
}
