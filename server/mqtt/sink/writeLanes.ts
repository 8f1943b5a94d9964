/**
 * The telemetry sink's two lanes of database writes. Gas readings come about once a second per
 * aircraft; they are gathered and written a batch at a time (every `GAS_BATCH_MS`, or at once when
 * `GAS_BATCH_MAX` are waiting), each batch a few statements plus its threshold checks. A fleet can
 * still outrun the database, so that lane is capped (readings waiting or being written) and drops
 * past it. Everything else (the periodic batches of tracks, events, presence and firmware, and the
 * rare per-device writes of topology, HMS sets and AI alarms) goes in its own lane, in order, never
 * dropped and never stuck behind a backlog of readings.
 */
import type { Db } from '../../db/Db.ts';
import type { QueuedGasReading } from '../../gas/acceptGasReading.ts';
import type { GasState } from '../../gas/gasState.ts';
import { GAS_BATCH_MAX, storeGasReadings } from '../../gas/storeGasReadings.ts';
import type { Notifier } from '../../notifications/Notifier.ts';
import type { IngestionObserver } from '../../ops/metrics.ts';
import type { Log } from '../../runtime/log.ts';
import type { IngestionStats } from './ingestionStats.ts';

export interface WriteLanes {
  /** Queues a write in the ordered lane. */
  enqueue(what: string, write: () => Promise<void>): void;
  /** Gathers a gas reading for the next batch, or drops it (counted) while the lane is full. */
  enqueueReading(reading: QueuedGasReading): void;
  /** Queues the gathered gas readings as one batch in their lane. */
  writeReadings(): void;
  /** Resolves when every write queued so far has run. */
  settled(): Promise<void>;
}

export interface LaneOptions {
  db: Db;
  log: Log;
  stats: IngestionStats;
  notifier: Notifier;
  publish: (topic: string, payload: string) => void;
  /** The app's gas state the readings are counted and checked with. */
  gas: GasState;
  maxPendingReadings: number;
  observe?: IngestionObserver;
}

export function createWriteLanes(options: LaneOptions): WriteLanes {
  const { db, log, stats } = options;
  let ordered: Promise<void> = Promise.resolve();
  let readings: Promise<void> = Promise.resolve();
  let pending = 0;
  let readingsDue: QueuedGasReading[] = [];

  const failed = (what: string) => (error: unknown) => {
    stats.writeErrors++;
    log.error(`ingestion ${what} failed: ${String(error)}`);
  };

  const lanes: WriteLanes = {
    enqueue(what, write) {
      ordered = ordered.then(write).catch(failed(what));
    },
    enqueueReading(reading) {
      if (pending >= options.maxPendingReadings) {
        stats.dropped++;
        return;
      }
      pending++;
      readingsDue.push(reading);
      if (readingsDue.length >= GAS_BATCH_MAX) lanes.writeReadings();
    },
    writeReadings() {
      if (readingsDue.length === 0) return;
      const batch = readingsDue;
      readingsDue = [];
      options.observe?.batch('gas', batch.length);
      readings = readings
        .then(() => storeGasReadings(db, options.gas, batch, options.publish, options.notifier))
        .catch(failed('gas readings'))
        .finally(() => {
          pending -= batch.length;
        });
    },
    async settled() {
      await Promise.all([ordered, readings]);
    },
  };
  return lanes;
}
