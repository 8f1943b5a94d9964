import type { TaskEngine } from './taskEngine.ts';

/**
 * Where the task routes find the app's running engine. The routes are registered before the broker
 * connection exists; the engine starts on the device gateway once it is open, and stops before it
 * closes. One slot per app, in its deps.
 */
export class TaskEngineSlot {
  private engine: TaskEngine | null = null;

  /** Makes `engine` the one the routes talk to (null: none running). */
  set(engine: TaskEngine | null): void {
    this.engine = engine;
  }

  /** The running engine, if any. */
  get(): TaskEngine | undefined {
    return this.engine ?? undefined;
  }
}
