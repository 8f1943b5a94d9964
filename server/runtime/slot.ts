/**
 * Where code set up before a service starts finds it while it runs: the routes are registered before
 * the broker connection exists, and a service (the task engine, DRC) starts once it is open. The
 * service's start-up fills its slot and its shutdown empties it. One slot per service and app, in
 * the app's deps.
 */
export class Slot<T> {
  private value: T | null = null;

  /** Makes `value` the running one (null: none). */
  set(value: T | null): void {
    this.value = value;
  }

  /** The running one, if any. */
  get(): T | undefined {
    return this.value ?? undefined;
  }
}
