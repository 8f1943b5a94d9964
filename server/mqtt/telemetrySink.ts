/**
 * What ingestion does with each device message, independent of the MQTT client: a router by topic
 * kind. `osd` keeps presence, track points and docks' places (`sink/osdKind.ts`); `state` presence and
 * firmware (`sink/stateKind.ts`); `events` HMS sets, AI alarms, gas readings and our own events
 * (`sink/eventsKind.ts`); `status` the topology; `requests` are answered. Database writes run one
 * after another in two lanes (`sink/writeLanes.ts`), so a burst of messages never opens a burst of
 * concurrent queries; the routine ones (track points, devices coming online, firmware versions, our
 * own events) are gathered in memory and written as one multi-row statement each per flush (~1 s),
 * so no message of a steady stream costs a query.
 */
import { parseTopic } from '../../protocol/mqtt/topics.ts';
import { decodeEnvelope } from './decode.ts';
import { GAS_BATCH_MS } from '../gas/storeGasReadings.ts';
import { TRACK_INTERVAL_MS } from './trackSampler.ts';
import { trusted } from './sink/deviceClock.ts';
import { createEventsKind } from './sink/eventsKind.ts';
import type { IngestionStats } from './sink/ingestionStats.ts';
import { createOsdKind, SKIMMED } from './sink/osdKind.ts';
import { createSinkParts } from './sink/sinkParts.ts';
import type { SinkOptions } from './sink/sinkOptions.ts';
import { createStateKind } from './sink/stateKind.ts';
import { answerRequest, takeStatus } from './sink/statusKind.ts';

export type { IngestionStats } from './sink/ingestionStats.ts';
export type { SinkOptions } from './sink/sinkOptions.ts';

/** Presence is swept this often; offline detection is therefore 60–70 s after the last `osd`. */
export const SWEEP_INTERVAL_MS = 10_000;

export interface TelemetrySink {
  start(): Promise<void>;
  handle(topic: string, payload: Uint8Array): void;
  /** A gateway's broker connection ended: it and its children go offline (unless `leaving`). */
  deviceDisconnected(sn: string): void;
  /**
   * The server is going away. Connections that end from now on end because of the stop (the
   * built-in simulator stopping, our broker closing), not because their devices left: they mark
   * nothing offline. Silence still does (the sweep), here until the end and after a restart.
   */
  leaving(): void;
  /** Registered devices changed (added, moved, deleted): re-read them before the next message. */
  devicesChanged(): Promise<void>;
  /** Resolves when every write queued so far (and the pending track points) is in the database. */
  flush(): Promise<void>;
  stop(): Promise<void>;
  stats(): IngestionStats;
}

/** Creates the sink; call `start` before the first message. */
export function createTelemetrySink(options: SinkOptions): TelemetrySink {
  const { scheduler } = options;
  const trackIntervalMs = options.trackIntervalMs ?? TRACK_INTERVAL_MS;
  const stats: IngestionStats = {
    received: 0,
    dropped: 0,
    unknownDevice: 0,
    trackPoints: 0,
    writeErrors: 0,
  };
  const parts = createSinkParts(options, stats);
  const { presence, lanes } = parts;
  const osd = createOsdKind(parts, trackIntervalMs);
  const state = createStateKind(parts);
  const events = createEventsKind(parts);
  const timers: (() => void)[] = [];
  let serverLeaving = false;

  function route(topic: string, payload: Uint8Array): void {
    const parsed = parseTopic(topic);
    let sampleAt: number | undefined;
    if (parsed && parsed.family === 'thing' && parsed.kind === 'osd') {
      const skimmed = osd.skim(parsed.sn, payload, scheduler.now());
      if (skimmed === SKIMMED) return;
      sampleAt = skimmed;
    }
    const msg = parsed ? decodeEnvelope(payload) : null;
    if (!parsed || !msg) {
      stats.dropped++;
      return;
    }
    // A request is answered whoever asks: the broker already vouched for the sender, and a dock
    // registered a moment ago must not wait for its configuration until presence is re-read.
    if (parsed.family === 'thing' && parsed.kind === 'requests')
      return answerRequest(parts, options.requests, parsed.sn, msg);
    if (presence.domainOf(parsed.sn) === undefined) {
      stats.unknownDevice++;
      return;
    }
    const now = scheduler.now();
    if (options.observe && trusted(msg, now))
      options.observe.lag('received', Math.max(0, now - (msg.timestamp ?? now)) / 1000);
    if (parsed.family === 'status')
      return parsed.kind === 'status' ? takeStatus(parts, parsed.sn, msg, now) : undefined;
    if (parsed.kind === 'osd') osd.take(parsed.sn, msg, now, sampleAt ?? now);
    else if (parsed.kind === 'state') state.take(parsed.sn, msg, now);
    else if (parsed.kind === 'events') events.take(parsed.sn, msg, now);
  }

  /** Queues one write per kind for everything gathered since the last flush. */
  function writeBatches(): void {
    osd.drain();
    state.drain();
    events.drain();
  }

  return {
    async start() {
      await presence.load(scheduler.now());
      timers.push(scheduler.every(trackIntervalMs, writeBatches));
      timers.push(scheduler.every(GAS_BATCH_MS, () => lanes.writeReadings()));
      timers.push(
        scheduler.every(SWEEP_INTERVAL_MS, () =>
          lanes.enqueue('sweep', () => presence.sweep(scheduler.now())),
        ),
      );
    },
    handle(topic, payload) {
      stats.received++;
      route(topic, payload);
    },
    deviceDisconnected(sn) {
      // Judged when the connection ends, not when the write runs: a departure heard before the stop
      // began is still written, even if the queue reaches it only during the stop.
      if (serverLeaving) return;
      lanes.enqueue('disconnect', () => presence.disconnected(sn));
    },
    leaving() {
      serverLeaving = true;
    },
    devicesChanged: () => presence.load(scheduler.now()),
    async flush() {
      writeBatches();
      lanes.writeReadings();
      await lanes.settled();
    },
    async stop() {
      for (const cancel of timers.splice(0)) cancel();
      await this.flush();
    },
    stats: () => ({ ...stats }),
  };
}
