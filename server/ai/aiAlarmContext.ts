import type { SnapshotScene } from '../devices/simulatorHooks.ts';
import type { ObjectStore } from '../storage/ObjectStore.ts';

/**
 * What storing a detection needs beyond the database: where snapshots go, and who draws the
 * snapshot of a simulated detection. The composition root builds one per app (`AppDeps.aiAlarms`)
 * and hands it to ingestion, so the alarms it stores land in the same storage the routes serve.
 */
export interface AiAlarmContext {
  storage: ObjectStore;
  renderSnapshot: (scene: SnapshotScene) => Promise<Uint8Array>;
}
