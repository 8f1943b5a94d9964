/**
 * The notifier as the event sources see it: one `notify(event)` that never throws and never waits.
 * The composition root hands the app's notifier to each source (ingestion, the gas checks, presence,
 * the task engine); a source given none drops its events (`SILENT_NOTIFIER`), as tests that do not
 * look at notifications want.
 */
import type { NotificationEvent } from '../../protocol/notifications.ts';

/** Takes an event for the project's rules; delivery happens later, off the caller's path. */
export interface Notifier {
  notify(event: NotificationEvent): void;
}

/** Drops every event. */
export const SILENT_NOTIFIER: Notifier = { notify: () => undefined };
