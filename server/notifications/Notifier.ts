/**
 * The notifier as the event sources see it: one `notify(event)` that never throws and never waits.
 * Ingestion, the gas checks, presence and the task engine are created with the database handle only,
 * so they find the notifier of their app here, keyed by that handle (tests run several apps in one
 * process, so never a module-wide singleton); without one, events go nowhere.
 */
import type { NotificationEvent } from '../../protocol/notifications.ts';
import type { Db } from '../db/Db.ts';

/** Takes an event for the project's rules; delivery happens later, off the caller's path. */
export interface Notifier {
  notify(event: NotificationEvent): void;
}

const SILENT: Notifier = { notify: () => undefined };
const notifiers = new WeakMap<Db, Notifier>();

/** Makes `notifier` the one the event sources on `db` use. */
export function attachNotifier(db: Db, notifier: Notifier): void {
  notifiers.set(db, notifier);
}

/** The notifier of the app on `db`, or one that drops every event. */
export function notifierOf(db: Db): Notifier {
  return notifiers.get(db) ?? SILENT;
}
