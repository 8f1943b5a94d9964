import type { AiAlarmContext } from '../../ai/aiAlarmContext.ts';
import type { Db } from '../../db/Db.ts';
import type { GasState } from '../../gas/gasState.ts';
import type { Notifier } from '../../notifications/Notifier.ts';
import type { IngestionObserver } from '../../ops/metrics.ts';
import type { Scheduler } from '../../runtime/scheduler.ts';
import type { Decoded } from '../decode.ts';
import { SILENT_NOTIFIER } from '../../notifications/Notifier.ts';
import { createPresence, OFFLINE_AFTER_MS } from '../presence.ts';
import type { Presence } from '../presence.ts';
import type { IngestionStats } from './ingestionStats.ts';
import type { SinkOptions } from './sinkOptions.ts';
import { createWriteLanes } from './writeLanes.ts';
import type { WriteLanes } from './writeLanes.ts';

/** Gas readings waiting beyond this are dropped and counted: a flood must not grow memory without bound. */
const MAX_PENDING_READINGS = 10_000;

/** What the sink's handlers of each topic kind share. */
export interface SinkParts {
  db: Db;
  scheduler: Scheduler;
  notifier: Notifier;
  presence: Presence;
  lanes: WriteLanes;
  stats: IngestionStats;
  publish: (topic: string, payload: string) => void;
  /** The app's gas state (see `SinkOptions.gas`). */
  gas: GasState;
  /** Where AI alarms' snapshots go (see `SinkOptions.aiAlarms`). */
  aiAlarms: AiAlarmContext | null;
  /** Answers `msg` on `topic` with `{ result: 0 }`. */
  reply(topic: string, msg: Decoded): void;
  observe?: IngestionObserver;
  /** Tells the metrics how long after each of `sent` (payload times, ms) it was stored. */
  observeStored(sent: readonly number[]): void;
}

/** The parts of one sink, from its options. */
export function createSinkParts(options: SinkOptions, stats: IngestionStats): SinkParts {
  const { db, log, scheduler, publish, observe, gas, aiAlarms } = options;
  const notifier = options.notifier ?? SILENT_NOTIFIER;
  const lanes = createWriteLanes({
    db,
    log,
    stats,
    notifier,
    publish,
    gas,
    maxPendingReadings: options.maxPendingReadings ?? MAX_PENDING_READINGS,
    ...(observe ? { observe } : {}),
  });
  return {
    db,
    scheduler,
    notifier,
    presence: createPresence(db, options.offlineAfterMs ?? OFFLINE_AFTER_MS, notifier),
    lanes,
    stats,
    publish,
    gas,
    aiAlarms,
    ...(observe ? { observe } : {}),
    reply(topic, msg) {
      const body = {
        tid: msg.tid,
        bid: msg.bid,
        timestamp: scheduler.now(),
        method: msg.method,
        data: { result: 0 },
      };
      publish(topic, JSON.stringify(body));
    },
    observeStored(sent) {
      // Device time → now; a clock ahead of ours counts as 0.
      const lag = observe?.lag;
      if (!lag) return;
      const now = scheduler.now();
      for (const t of sent) lag('stored', Math.max(0, now - t) / 1000);
    },
  };
}
