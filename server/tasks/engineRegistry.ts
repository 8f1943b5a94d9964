import type { Db } from '../db/Db.ts';
import type { TaskEngine } from './taskEngine.ts';

// The routes are registered before the broker connection exists; they find the running engine of
// their app here, keyed by the app's database handle.
const engines = new WeakMap<Db, TaskEngine>();

/** Makes `engine` the one the routes of the app on `db` talk to (null: none running). */
export function setTaskEngine(db: Db, engine: TaskEngine | null): void {
  if (engine) engines.set(db, engine);
  else engines.delete(db);
}

/** The running engine of the app on `db`, if any. */
export function taskEngineOf(db: Db): TaskEngine | undefined {
  return engines.get(db);
}
