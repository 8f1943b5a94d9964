/**
 * What ingestion does with each device message, independent of the MQTT client: presence, topology,
 * track points, HMS alarms and our own events. Database writes run one after another on a queue, so
 * a burst of messages never opens a burst of concurrent queries.
 */
import type { Db } from '../db/Db.ts';
import { parseTopic, statusReplyTopic, thingTopic } from '../../protocol/mqtt/topics.ts';
import { decodeEnvelope, str } from './decode.ts';
import type { Decoded } from './decode.ts';
import { readHmsList, storeDeviceEvent, storeHms } from './eventStore.ts';
import { storeAiAlarm } from '../ai/storeAiAlarm.ts';
import type { Log } from './log.ts';
import type { RequestRegistry } from './requestRegistry.ts';
import { createPresence, OFFLINE_AFTER_MS } from './presence.ts';
import type { Scheduler } from './scheduler.ts';
import { createTrackSampler, storeTrackPoints, TRACK_INTERVAL_MS } from './trackSampler.ts';

/** Presence is swept this often; offline detection is therefore 60–70 s after the last `osd`. */
export const SWEEP_INTERVAL_MS = 10_000;
/** Writes waiting beyond this are dropped and counted: a flood must not grow memory without bound. */
const MAX_PENDING_WRITES = 10_000;
/** A payload timestamp further than this from the server clock is not trusted. */
const MAX_CLOCK_SKEW_MS = 24 * 3_600_000;
/** Our own event methods stored as they are. */
const OWN_EVENTS = new Set(['ai_alarm', 'gas_reading']);

export interface SinkOptions {
  db: Db;
  log: Log;
  scheduler: Scheduler;
  /** Publishes a reply (`status_reply`, `events_reply`, `state_reply`, `requests_reply`). */
  publish: (topic: string, payload: string) => void;
  /** Answers the gateways' `requests`; without it every request is left unanswered. */
  requests?: RequestRegistry;
  offlineAfterMs?: number;
  trackIntervalMs?: number;
}

export interface IngestionStats {
  received: number;
  dropped: number;
  /** Well-formed messages of serial numbers that are not registered. */
  unknownDevice: number;
  trackPoints: number;
  writeErrors: number;
}

export interface TelemetrySink {
  start(): Promise<void>;
  handle(topic: string, payload: Uint8Array): void;
  deviceDisconnected(sn: string): void;
  /** Registered devices changed (added, moved, deleted): re-read them before the next message. */
  devicesChanged(): Promise<void>;
  /** Resolves when every write queued so far (and the pending track points) is in the database. */
  flush(): Promise<void>;
  stop(): Promise<void>;
  stats(): IngestionStats;
}

/** Creates the sink; call `start` before the first message. */
export function createTelemetrySink(options: SinkOptions): TelemetrySink {
  const { db, log, scheduler } = options;
  const presence = createPresence(db, options.offlineAfterMs ?? OFFLINE_AFTER_MS);
  const sampler = createTrackSampler(options.trackIntervalMs ?? TRACK_INTERVAL_MS);
  const stats: IngestionStats = {
    received: 0,
    dropped: 0,
    unknownDevice: 0,
    trackPoints: 0,
    writeErrors: 0,
  };
  const timers: (() => void)[] = [];
  let queue: Promise<void> = Promise.resolve();
  let pending = 0;

  function enqueue(what: string, write: () => Promise<void>): void {
    if (pending >= MAX_PENDING_WRITES) {
      stats.dropped++;
      return;
    }
    pending++;
    queue = queue
      .then(write)
      .catch((error: unknown) => {
        stats.writeErrors++;
        log.error(`ingestion ${what} failed: ${String(error)}`);
      })
      .finally(() => pending--);
  }

  const timeOf = (msg: Decoded, now: number): number =>
    msg.timestamp !== undefined && Math.abs(msg.timestamp - now) < MAX_CLOCK_SKEW_MS
      ? msg.timestamp
      : now;

  function reply(topic: string, msg: Decoded): void {
    const body = {
      tid: msg.tid,
      bid: msg.bid,
      timestamp: scheduler.now(),
      method: msg.method,
      data: { result: 0 },
    };
    options.publish(topic, JSON.stringify(body));
  }

  function onStatus(sn: string, msg: Decoded, now: number): void {
    if (msg.method !== 'update_topo') return;
    const subs = Array.isArray(msg.data.sub_devices) ? (msg.data.sub_devices as unknown[]) : [];
    const children = subs.flatMap((d) => {
      const sub =
        typeof d === 'object' && d !== null ? str((d as Record<string, unknown>).sn) : undefined;
      return sub === undefined ? [] : [sub];
    });
    enqueue('topology', () => presence.topology(sn, children, now));
    reply(statusReplyTopic(sn), msg);
  }

  function onOsd(sn: string, msg: Decoded, now: number): void {
    if (presence.seen(sn, now)) enqueue('online', () => presence.markOnline([sn], now));
    if (presence.domainOf(sn) === 0) sampler.offer(sn, msg.data, timeOf(msg, now), now);
  }

  function onState(sn: string, msg: Decoded, now: number): void {
    presence.seen(sn, now);
    if (msg.needReply) reply(thingTopic(sn, 'state_reply'), msg);
    const firmware = str(msg.data.firmware_version);
    if (firmware === undefined) return;
    enqueue('firmware', async () => {
      await db.query('update devices set firmware_version = $2 where device_sn = $1', [
        sn,
        firmware,
      ]);
    });
  }

  function onEvent(sn: string, msg: Decoded, now: number): void {
    const method = msg.method ?? '';
    if (method === 'hms') enqueue('hms', () => storeHms(db, sn, readHmsList(msg.data), now));
    if (OWN_EVENTS.has(method))
      enqueue(method, () => storeDeviceEvent(db, sn, method, msg.data, timeOf(msg, now)));
    if (method === 'ai_alarm') enqueue('ai alarm', () => storeAiAlarm(db, sn, msg.data, now));
    if (msg.needReply) reply(thingTopic(sn, 'events_reply'), msg);
  }

  function onRequest(sn: string, msg: Decoded, now: number): void {
    const registry = options.requests;
    if (!registry) return;
    void registry.answer(sn, msg, now).then((answer) => {
      options.publish(thingTopic(sn, 'requests_reply'), JSON.stringify(answer));
    });
  }

  function route(topic: string, payload: Uint8Array): void {
    const parsed = parseTopic(topic);
    const msg = parsed ? decodeEnvelope(payload) : null;
    if (!parsed || !msg) {
      stats.dropped++;
      return;
    }
    // A request is answered whoever asks: the broker already vouched for the sender, and a dock
    // registered a moment ago must not wait for its configuration until presence is re-read.
    if (parsed.family === 'thing' && parsed.kind === 'requests')
      return onRequest(parsed.sn, msg, scheduler.now());
    if (presence.domainOf(parsed.sn) === undefined) {
      stats.unknownDevice++;
      return;
    }
    const now = scheduler.now();
    if (parsed.family === 'status')
      return parsed.kind === 'status' ? onStatus(parsed.sn, msg, now) : undefined;
    if (parsed.kind === 'osd') onOsd(parsed.sn, msg, now);
    else if (parsed.kind === 'state') onState(parsed.sn, msg, now);
    else if (parsed.kind === 'events') onEvent(parsed.sn, msg, now);
  }

  function writeTrack(): void {
    const points = sampler.drain();
    stats.trackPoints += points.length;
    if (points.length > 0) enqueue('track', () => storeTrackPoints(db, points));
  }

  return {
    async start() {
      await presence.load(scheduler.now());
      timers.push(scheduler.every(options.trackIntervalMs ?? TRACK_INTERVAL_MS, writeTrack));
      timers.push(
        scheduler.every(SWEEP_INTERVAL_MS, () =>
          enqueue('sweep', () => presence.sweep(scheduler.now())),
        ),
      );
    },
    handle(topic, payload) {
      stats.received++;
      route(topic, payload);
    },
    deviceDisconnected(sn) {
      enqueue('disconnect', () => presence.disconnected(sn));
    },
    devicesChanged: () => presence.load(scheduler.now()),
    async flush() {
      writeTrack();
      await queue;
    },
    async stop() {
      for (const cancel of timers.splice(0)) cancel();
      await this.flush();
    },
    stats: () => ({ ...stats }),
  };
}
