/**
 * Ingestion inside the embedded broker's process: it takes each device message from the broker's
 * publish path (`EmbeddedBroker.onIngestionMessage`) instead of subscribing over a local MQTT
 * connection, so a message is written to sockets once (to its real subscribers) instead of twice, and
 * replies go out through the broker directly. With an external broker ingestion stays an MQTT client
 * with a shared subscription (ingestion.ts).
 */
import type { Notifier } from '../notifications/Notifier.ts';
import type { AiAlarmContext } from '../ai/aiAlarmContext.ts';
import type { Db } from '../db/Db.ts';
import type { GasState } from '../gas/gasState.ts';
import type { EmbeddedBroker } from './embeddedBroker.ts';
import type { Ingestion } from './ingestion.ts';
import type { Log } from '../runtime/log.ts';
import type { IngestionObserver } from '../ops/metrics.ts';
import type { RequestRegistry } from './requestRegistry.ts';
import { realScheduler } from '../runtime/scheduler.ts';
import type { Scheduler } from '../runtime/scheduler.ts';
import { createTelemetrySink } from './telemetrySink.ts';

export interface InProcessIngestionOptions {
  db: Db;
  log: Log;
  /** The app's gas state, shared with its routes (see `SinkOptions.gas`). */
  gas: GasState;
  /** Where AI alarms' snapshots go (see `SinkOptions.aiAlarms`). */
  aiAlarms: AiAlarmContext | null;
  broker: EmbeddedBroker;
  scheduler?: Scheduler;
  offlineAfterMs?: number;
  requests?: RequestRegistry;
  notifier?: Notifier;
  /** Ingestion's lag and batch-size metrics (see `SinkOptions.observe`). */
  observe?: IngestionObserver;
}

/** Starts ingestion on `broker`; ready at once (there is no connection to wait for). */
export async function startInProcessIngestion(
  options: InProcessIngestionOptions,
): Promise<Ingestion> {
  const { broker } = options;
  const sink = createTelemetrySink({
    db: options.db,
    log: options.log,
    scheduler: options.scheduler ?? realScheduler,
    publish: (topic, payload) => broker.inject(topic, Buffer.from(payload)),
    gas: options.gas,
    aiAlarms: options.aiAlarms,
    offlineAfterMs: options.offlineAfterMs,
    requests: options.requests,
    notifier: options.notifier,
    observe: options.observe,
  });
  await sink.start();
  const detach = broker.onIngestionMessage((topic, payload) => sink.handle(topic, payload));
  return {
    ready: Promise.resolve(),
    // It reads the broker's own publish path: up and "subscribed" for as long as it runs.
    link: () => ({ connected: true, subscribed: true }),
    deviceDisconnected: (sn) => sink.deviceDisconnected(sn),
    leaving: () => sink.leaving(),
    devicesChanged: () => sink.devicesChanged(),
    flush: () => sink.flush(),
    stats: () => sink.stats(),
    async close() {
      detach();
      await sink.stop();
    },
  };
}
