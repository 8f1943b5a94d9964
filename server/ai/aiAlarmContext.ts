import type { Db } from '../db/Db.ts';
import type { SnapshotScene } from '../devices/simulatorHooks.ts';
import type { ObjectStore } from '../storage/ObjectStore.ts';

/**
 * What ingestion needs beyond the database to store a detection: where snapshots go, and who draws
 * the snapshot of a simulated detection.
 */
export interface AiAlarmContext {
  storage: ObjectStore;
  renderSnapshot: (scene: SnapshotScene) => Promise<Uint8Array>;
}

// Ingestion is created with the database handle only; it finds the storage of its app here, keyed
// by that handle (tests run several apps in one process, so never a module-wide singleton).
const contexts = new WeakMap<Db, AiAlarmContext>();

/** Makes `context` the one ingestion on `db` uses. */
export function setAiAlarmContext(db: Db, context: AiAlarmContext): void {
  contexts.set(db, context);
}

/** The context of the app on `db`, if its routes were registered. */
export function aiAlarmContextOf(db: Db): AiAlarmContext | undefined {
  return contexts.get(db);
}
