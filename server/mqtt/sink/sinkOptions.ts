import type { AiAlarmContext } from '../../ai/aiAlarmContext.ts';
import type { Db } from '../../db/Db.ts';
import type { GasState } from '../../gas/gasState.ts';
import type { Notifier } from '../../notifications/Notifier.ts';
import type { IngestionObserver } from '../../ops/metrics.ts';
import type { Log } from '../../runtime/log.ts';
import type { Scheduler } from '../../runtime/scheduler.ts';
import type { RequestRegistry } from '../requestRegistry.ts';

export interface SinkOptions {
  db: Db;
  log: Log;
  scheduler: Scheduler;
  /** Publishes a reply (`status_reply`, `events_reply`, `state_reply`, `requests_reply`). */
  publish: (topic: string, payload: string) => void;
  /**
   * The gas feature's memory (counts, caches, crossing states, positions): the app's `deps.gas`, which
   * its routes and the airspace alarms share; a test's sink of its own takes a fresh one.
   */
  gas: GasState;
  /** Where AI alarms' snapshots go (the app's `deps.aiAlarms`); null: alarms stored without one. */
  aiAlarms: AiAlarmContext | null;
  /** Answers the gateways' `requests`; without it every request is left unanswered. */
  requests?: RequestRegistry;
  offlineAfterMs?: number;
  trackIntervalMs?: number;
  /** Gas readings waiting to be written beyond this are dropped (default 10 000). */
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
