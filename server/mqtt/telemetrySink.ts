/**
 * What ingestion does with each device message, independent of the MQTT client: presence, topology,
 * track points, HMS alarms and our own events. Database writes run one after another in two queues
 * (see `enqueue`), so a burst of messages never opens a burst of concurrent queries; the routine ones (track points,
 * devices coming online, firmware versions, our own events) are gathered in memory and written as
 * one multi-row statement each per flush (~1 s), so no message of a steady stream costs a query.
 */
import type { Db } from '../db/Db.ts';
import { parseTopic, statusReplyTopic, thingTopic } from '../../protocol/mqtt/topics.ts';
import { decodeEnvelope, num, str } from './decode.ts';
import type { Decoded } from './decode.ts';
import {
  readHmsList,
  storeDeviceEvents,
  storeDockPositions,
  storeFirmware,
  storeHms,
} from './eventStore.ts';
import type { DeviceEventRow } from './eventStore.ts';
import { storeAiAlarm } from '../ai/storeAiAlarm.ts';
import { acceptGasReading } from '../gas/acceptGasReading.ts';
import type { QueuedGasReading } from '../gas/acceptGasReading.ts';
import { GAS_BATCH_MAX, GAS_BATCH_MS, storeGasReadings } from '../gas/storeGasReadings.ts';
import { SILENT_NOTIFIER, type Notifier } from '../notifications/Notifier.ts';
import type { Log } from '../runtime/log.ts';
import { withLogContext } from '../runtime/logContext.ts';
import type { IngestionObserver } from '../ops/metrics.ts';
import type { RequestRegistry } from './requestRegistry.ts';
import { createPresence, OFFLINE_AFTER_MS } from './presence.ts';
import type { Scheduler } from '../runtime/scheduler.ts';
import { sentAtOf } from './sentAt.ts';
import { createTrackSampler, storeTrackPoints, TRACK_INTERVAL_MS } from './trackSampler.ts';

/** Presence is swept this often; offline detection is therefore 60–70 s after the last `osd`. */
export const SWEEP_INTERVAL_MS = 10_000;
/** Gas readings waiting beyond this are dropped and counted: a flood must not grow memory without bound. */
const MAX_PENDING_READINGS = 10_000;
/** A payload timestamp further than this from the server clock is not trusted. */
const MAX_CLOCK_SKEW_MS = 24 * 3_600_000;
/** Events waiting for the next flush beyond this are dropped and counted (a flood, or no database). */
const MAX_BUFFERED_EVENTS = 10_000;
/** The model domain of docks (protocol: 0 aircraft, 2 remote controller, 3 dock). */
const DOCK_DOMAIN = 3;
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
  /** Gas readings waiting to be written beyond this are dropped (default {@link MAX_PENDING_READINGS}). */
  maxPendingReadings?: number;
  /** Told of alarms, gas crossings and devices going offline (default: nobody). */
  notifier?: Notifier;
  /**
   * Told how long after its payload timestamp a message reached ingestion (every message whose body
   * is read: the aircraft `osd` skipped unread are not timed) and a track point or event was stored,
   * and how many rows each batched write holds.
   */
  observe?: IngestionObserver;
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
  const { db, log, scheduler } = options;
  const notifier = options.notifier ?? SILENT_NOTIFIER;
  const presence = createPresence(db, options.offlineAfterMs ?? OFFLINE_AFTER_MS, notifier);
  const sampler = createTrackSampler(options.trackIntervalMs ?? TRACK_INTERVAL_MS);
  const stats: IngestionStats = {
    received: 0,
    dropped: 0,
    unknownDevice: 0,
    trackPoints: 0,
    writeErrors: 0,
  };
  const timers: (() => void)[] = [];
  let serverLeaving = false;
  // Two lanes of writes. Gas readings come about once a second per aircraft; they are gathered and
  // written a batch at a time (every GAS_BATCH_MS, or at once when GAS_BATCH_MAX are waiting), each
  // batch a few statements plus its threshold checks. A fleet can still outrun the database, so that
  // lane is capped (readings waiting or being written) and drops past it. Everything else — the
  // periodic batches (tracks, events, presence, firmware) and the rare per-device writes (topology,
  // HMS sets, AI alarms) — goes in its own lane, in order, never dropped and never stuck behind a
  // backlog of readings.
  let ordered: Promise<void> = Promise.resolve();
  let readings: Promise<void> = Promise.resolve();
  let pending = 0;
  let readingsDue: QueuedGasReading[] = [];
  // Gathered between flushes (see the header).
  const cameOnline = new Set<string>();
  const firmwareDue = new Map<string, string>();
  const firmwareKnown = new Map<string, string>();
  /** Docks' positions as last stored, and new ones waiting for the next flush. */
  const dockPlaceKnown = new Map<string, string>();
  const dockPlaceDue = new Map<string, [number, number]>();
  let eventsDue: DeviceEventRow[] = [];

  const failed = (what: string) => (error: unknown) => {
    stats.writeErrors++;
    log.error(`ingestion ${what} failed: ${String(error)}`);
  };

  /** Queues a write in the ordered lane (see above). */
  function enqueue(what: string, write: () => Promise<void>): void {
    ordered = ordered.then(write).catch(failed(what));
  }

  /** Gathers a gas reading for the next batch, or drops it (counted) while the lane is full. */
  function enqueueReading(reading: QueuedGasReading): void {
    if (pending >= (options.maxPendingReadings ?? MAX_PENDING_READINGS)) {
      stats.dropped++;
      return;
    }
    pending++;
    readingsDue.push(reading);
    if (readingsDue.length >= GAS_BATCH_MAX) writeReadings();
  }

  /** Queues the gathered gas readings as one batch in their lane. */
  function writeReadings(): void {
    if (readingsDue.length === 0) return;
    const batch = readingsDue;
    readingsDue = [];
    options.observe?.batch('gas', batch.length);
    readings = readings
      .then(() => storeGasReadings(db, batch, options.publish, notifier))
      .catch(failed('gas readings'))
      .finally(() => {
        pending -= batch.length;
      });
  }

  /** Whether a device's time `t` is near enough ours to be believed. */
  const believable = (t: number | undefined, now: number): t is number =>
    t !== undefined && Math.abs(t - now) < MAX_CLOCK_SKEW_MS;
  const trusted = (msg: Decoded, now: number): boolean => believable(msg.timestamp, now);
  const timeOf = (msg: Decoded, now: number): number =>
    trusted(msg, now) ? (msg.timestamp ?? now) : now;

  /** Device time → now for each of `sent` (payload times, ms); a clock ahead of ours counts as 0. */
  function observeStored(sent: readonly number[]): void {
    const lag = options.observe?.lag;
    if (!lag) return;
    const now = scheduler.now();
    for (const t of sent) lag('stored', Math.max(0, now - t) / 1000);
  }

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

  /** `sampleAt`: the clock the sampler judged this message by (see `route`). */
  function onOsd(sn: string, msg: Decoded, now: number, sampleAt: number): void {
    if (presence.seen(sn, now)) cameOnline.add(sn);
    const domain = presence.domainOf(sn);
    if (domain === 0) sampler.offer(sn, msg.data, timeOf(msg, now), sampleAt);
    else if (domain === DOCK_DOMAIN) noteDockPlace(sn, msg.data);
  }

  /** Keeps a dock's reported position for the device list (only the slow part of its osd has it). */
  function noteDockPlace(sn: string, data: Decoded['data']): void {
    const lat = num(data.latitude);
    const lon = num(data.longitude);
    if (lat === undefined || lon === undefined) return;
    // 0, 0 is what a dock without a fix reports; out-of-range values are not a place.
    if ((lat === 0 && lon === 0) || Math.abs(lat) > 90 || Math.abs(lon) > 180) return;
    const key = `${String(lat)},${String(lon)}`;
    if (dockPlaceKnown.get(sn) === key) return;
    dockPlaceKnown.set(sn, key);
    dockPlaceDue.set(sn, [lat, lon]);
  }

  function onState(sn: string, msg: Decoded, now: number): void {
    presence.seen(sn, now);
    if (msg.needReply) reply(thingTopic(sn, 'state_reply'), msg);
    // Devices repeat their firmware version in every state: only a new one is written.
    const firmware = str(msg.data.firmware_version);
    if (firmware === undefined || firmwareKnown.get(sn) === firmware) return;
    firmwareKnown.set(sn, firmware);
    firmwareDue.set(sn, firmware);
  }

  function onEvent(sn: string, msg: Decoded, now: number): void {
    const method = msg.method ?? '';
    // The stores run later, in their lane: each keeps the message's ids for what it logs.
    const about = { tid: msg.tid, bid: msg.bid, sn, method };
    if (method === 'hms')
      enqueue('hms', () =>
        withLogContext(about, () => storeHms(db, sn, readHmsList(msg.data), now, notifier)),
      );
    if (OWN_EVENTS.has(method)) {
      if (eventsDue.length >= MAX_BUFFERED_EVENTS) stats.dropped++;
      else eventsDue.push({ sn, method, data: msg.data, ts: timeOf(msg, now) });
    }
    if (method === 'ai_alarm')
      enqueue('ai alarm', () =>
        withLogContext(about, () => storeAiAlarm(db, sn, msg.data, now, notifier)),
      );
    if (method === 'gas_reading') {
      // Parsed now, so a malformed body is counted and never takes a place in the lane.
      const reading = acceptGasReading(db, sn, msg.data);
      if (reading) enqueueReading({ sn, ts: now, reading });
    }
    if (msg.needReply) reply(thingTopic(sn, 'events_reply'), msg);
  }

  function onRequest(sn: string, msg: Decoded, now: number): void {
    const registry = options.requests;
    if (!registry) return;
    const about = { tid: msg.tid, bid: msg.bid, sn, method: msg.method };
    void withLogContext(about, () => registry.answer(sn, msg, now)).then((answer) => {
      options.publish(thingTopic(sn, 'requests_reply'), JSON.stringify(answer));
    });
  }

  function route(topic: string, payload: Uint8Array): void {
    const parsed = parseTopic(topic);
    // Most of an aircraft's `osd` only says it is still there: its body is read only when it may
    // start a track point (see `createTrackSampler`).
    let sampleAt: number | undefined;
    if (parsed && parsed.family === 'thing' && parsed.kind === 'osd') {
      const now = scheduler.now();
      if (presence.domainOf(parsed.sn) === 0) {
        // Judged on the aircraft's clock where its head says it: see sentAt.ts.
        const sent = sentAtOf(payload);
        sampleAt = believable(sent, now) ? sent : now;
        if (!sampler.wants(parsed.sn, sampleAt)) {
          if (presence.seen(parsed.sn, now)) cameOnline.add(parsed.sn);
          return;
        }
      }
    }
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
    if (options.observe && trusted(msg, now))
      options.observe.lag('received', Math.max(0, now - (msg.timestamp ?? now)) / 1000);
    if (parsed.family === 'status')
      return parsed.kind === 'status' ? onStatus(parsed.sn, msg, now) : undefined;
    if (parsed.kind === 'osd') onOsd(parsed.sn, msg, now, sampleAt ?? now);
    else if (parsed.kind === 'state') onState(parsed.sn, msg, now);
    else if (parsed.kind === 'events') onEvent(parsed.sn, msg, now);
  }

  /** Queues one write per kind for everything gathered since the last flush. */
  function writeBatches(): void {
    const points = sampler.drain();
    stats.trackPoints += points.length;
    if (points.length > 0) options.observe?.batch('track', points.length);
    if (points.length > 0)
      enqueue('track', async () => {
        await storeTrackPoints(db, points);
        observeStored(points.map((p) => p.sentAt ?? p.ts));
      });
    if (cameOnline.size > 0) {
      const sns = [...cameOnline];
      cameOnline.clear();
      // Checked when written: a disconnect queued before this flush has the last word.
      enqueue('online', () =>
        presence.markOnline(
          sns.filter((sn) => presence.isOnline(sn)),
          scheduler.now(),
        ),
      );
    }
    if (dockPlaceDue.size > 0) {
      const rows = [...dockPlaceDue].map(([sn, [lat, lon]]): [string, number, number] => [
        sn,
        lat,
        lon,
      ]);
      dockPlaceDue.clear();
      enqueue('dock positions', () => storeDockPositions(db, rows));
    }
    if (firmwareDue.size > 0) {
      const rows = [...firmwareDue];
      firmwareDue.clear();
      enqueue('firmware', () => storeFirmware(db, rows));
    }
    if (eventsDue.length > 0) {
      const rows = eventsDue;
      eventsDue = [];
      options.observe?.batch('events', rows.length);
      enqueue('events', async () => {
        await storeDeviceEvents(db, rows);
        observeStored(rows.map((r) => r.ts));
      });
    }
  }

  return {
    async start() {
      await presence.load(scheduler.now());
      timers.push(scheduler.every(options.trackIntervalMs ?? TRACK_INTERVAL_MS, writeBatches));
      timers.push(scheduler.every(GAS_BATCH_MS, writeReadings));
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
      // Judged when the connection ends, not when the write runs: a departure heard before the stop
      // began is still written, even if the queue reaches it only during the stop.
      if (serverLeaving) return;
      enqueue('disconnect', () => presence.disconnected(sn));
    },
    leaving() {
      serverLeaving = true;
    },
    devicesChanged: () => presence.load(scheduler.now()),
    async flush() {
      writeBatches();
      writeReadings();
      await Promise.all([ordered, readings]);
    },
    async stop() {
      for (const cancel of timers.splice(0)) cancel();
      await this.flush();
    },
    stats: () => ({ ...stats }),
  };
}
