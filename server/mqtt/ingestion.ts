/**
 * Telemetry ingestion: one MQTT client (to the embedded broker or `MQTT_URL`) feeding the telemetry
 * sink. With an external broker it uses shared subscriptions, so several server instances each get a
 * share of the messages and every message is stored once.
 */
import { connect } from 'mqtt';
import type { AiAlarmContext } from '../ai/aiAlarmContext.ts';
import type { Db } from '../db/Db.ts';
import type { GasState } from '../gas/gasState.ts';
import type { Notifier } from '../notifications/Notifier.ts';
import type { Log } from '../runtime/log.ts';
import type { IngestionObserver } from '../ops/metrics.ts';
import type { RequestRegistry } from './requestRegistry.ts';
import { realScheduler } from '../runtime/scheduler.ts';
import type { Scheduler } from '../runtime/scheduler.ts';
import { createTelemetrySink } from './telemetrySink.ts';
import type { IngestionStats } from './telemetrySink.ts';

/** The shared-subscription group of Skydeck servers. */
export const SHARE_GROUP = 'skydeck';
/** What ingestion listens to: topology, properties, events and requests of every device. */
export const INGESTION_TOPICS = [
  'sys/product/+/status',
  'thing/product/+/osd',
  'thing/product/+/state',
  'thing/product/+/events',
  'thing/product/+/requests',
] as const;
const RECONNECT_PERIOD_MS = 2_000;
/** `INGESTION_TOPICS` as one test, for the embedded broker's every publish (no allocation). */
const INGESTION_TOPIC =
  /^(?:thing\/product\/[^/]+\/(?:osd|state|events|requests)|sys\/product\/[^/]+\/status)$/;

/** Whether ingestion listens to `topic` (one of `INGESTION_TOPICS`). */
export const isIngestionTopic = (topic: string): boolean => INGESTION_TOPIC.test(topic);

export interface IngestionOptions {
  db: Db;
  log: Log;
  /** The app's gas state, shared with its routes (see `SinkOptions.gas`). */
  gas: GasState;
  /** Where AI alarms' snapshots go (see `SinkOptions.aiAlarms`). */
  aiAlarms: AiAlarmContext | null;
  /** `mqtt://…` of the embedded broker's TCP port, or `MQTT_URL`. */
  url: string;
  username: string;
  password: string;
  /** True with an external broker: subscribe as `$share/skydeck/…`. */
  shared: boolean;
  /** Shared-subscription group; instances of one deployment must use the same one. */
  shareGroup?: string;
  clientId?: string;
  scheduler?: Scheduler;
  offlineAfterMs?: number;
  /** Answers the gateways' `requests` (see requestRegistry.ts). */
  requests?: RequestRegistry;
  /** Told of alarms, gas crossings and devices going offline. */
  notifier?: Notifier;
  /** Ingestion's lag and batch-size metrics (see `SinkOptions.observe`). */
  observe?: IngestionObserver;
}

export interface Ingestion {
  /** Resolves once subscribed for the first time. */
  readonly ready: Promise<void>;
  /** Whether the link to the broker is up and the ingestion filters are subscribed now. */
  link(): { connected: boolean; subscribed: boolean };
  /** A gateway's broker connection ended (embedded broker hook). */
  deviceDisconnected(sn: string): void;
  /** The server is stopping: connections ending from now on are not devices leaving (the sink). */
  leaving(): void;
  /** Registered devices changed: a device added seconds ago is known from the next message on. */
  devicesChanged(): Promise<void>;
  /** Waits until everything received so far is written. */
  flush(): Promise<void>;
  stats(): IngestionStats;
  close(): Promise<void>;
}

/** Starts ingestion; an unreachable broker is logged once per outage and retried. */
export async function startIngestion(options: IngestionOptions): Promise<Ingestion> {
  const { log } = options;
  const scheduler = options.scheduler ?? realScheduler;
  const client = connect(options.url, {
    username: options.username,
    password: options.password,
    clientId:
      options.clientId ?? `skydeck-ingest-${process.pid}-${Math.random().toString(16).slice(2, 8)}`,
    reconnectPeriod: RECONNECT_PERIOD_MS,
    clean: true,
    // Connected below, once every handler is attached: the sink's start reads the database, and a
    // connection made meanwhile would fire `connect` before anyone listened, so ingestion would sit
    // connected without subscribing until the next reconnect (seen under load, with large fleets).
    manualConnect: true,
  });
  const sink = createTelemetrySink({
    db: options.db,
    log,
    scheduler,
    publish: (topic, payload) => client.publish(topic, payload, { qos: 1 }),
    gas: options.gas,
    aiAlarms: options.aiAlarms,
    offlineAfterMs: options.offlineAfterMs,
    requests: options.requests,
    notifier: options.notifier,
    observe: options.observe,
  });
  await sink.start();
  const topics = INGESTION_TOPICS.map((t) =>
    options.shared ? `$share/${options.shareGroup ?? SHARE_GROUP}/${t}` : t,
  );
  let outage = false;
  /** Cancels the retries of a refused subscription; `null` while none is pending. */
  let retrying: (() => void) | null = null;
  const stopRetrying = (): void => {
    retrying?.();
    retrying = null;
  };
  /** Subscribed on the current connection (readiness reads it; a reconnect subscribes again). */
  let subscribed = false;
  client.on('close', () => {
    subscribed = false;
  });
  const ready = new Promise<void>((resolve) => {
    const subscribe = (): void => {
      client.subscribe(topics, { qos: 0 }, (error) => {
        if (!error) {
          subscribed = true;
          stopRetrying();
          resolve();
          return;
        }
        // A broker whose accounts are still being provisioned (or misconfigured) refuses the
        // filters: ingestion would otherwise connect and store nothing until the next reconnect.
        if (retrying !== null) return;
        log.error(
          `ingestion could not subscribe to ${topics.join(', ')} (${error.message}); check the server account's rights on the broker. Retrying every ${RECONNECT_PERIOD_MS / 1000} s.`,
        );
        retrying = scheduler.every(RECONNECT_PERIOD_MS, () => {
          if (client.connected) subscribe();
        });
      });
    };
    client.on('connect', () => {
      if (outage) log.info(`ingestion reconnected to ${options.url}`);
      outage = false;
      subscribe();
    });
  });
  client.on('error', (error) => {
    if (!outage)
      log.warn(
        `ingestion cannot reach the MQTT broker at ${options.url} (${error.message}); check MQTT_URL. Retrying.`,
      );
    outage = true;
  });
  client.on('message', (topic, payload) => sink.handle(topic, payload));
  client.connect();
  return {
    ready,
    link: () => ({ connected: client.connected, subscribed }),
    deviceDisconnected: (sn) => sink.deviceDisconnected(sn),
    leaving: () => sink.leaving(),
    devicesChanged: () => sink.devicesChanged(),
    flush: () => sink.flush(),
    stats: () => sink.stats(),
    async close() {
      // Forced: a graceful end first works through whatever the broker still pushes, which under
      // load outlasts the server's shutdown budget; what was received is flushed by `stop`.
      stopRetrying();
      await client.endAsync(true);
      await sink.stop();
    },
  };
}
