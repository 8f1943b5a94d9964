/**
 * The console's live view of AI alarms outside any page: how many arrived unread, and who wants to
 * hear of each arrival (the alarm page refreshes its list). A plain external store for
 * `useSyncExternalStore`: two numbers and a listener set do not need a state library.
 */
import { useSyncExternalStore } from 'react';

/** One detection as the console heard it live. */
export interface AiArrival {
  sn: string;
  eventId: string;
  category: string;
  confidence: number | null;
  ts: number;
}

let unread = 0;
const countListeners = new Set<() => void>();
const arrivalListeners = new Set<(a: AiArrival) => void>();

function setUnread(next: number): void {
  if (next === unread) return;
  unread = next;
  for (const l of countListeners) l();
}

/** Sets the count from the server (alarms still new when the console opened). */
export const resetUnread = (n: number): void => setUnread(n);
/** The user looked at the alarm page: nothing is unread. */
export const markAlarmsSeen = (): void => setUnread(0);

/** Announces an arrival; counts it unread unless the alarm page is in front. */
export function announceArrival(a: AiArrival, pageVisible: boolean): void {
  if (!pageVisible) setUnread(unread + 1);
  for (const l of arrivalListeners) l(a);
}

/** Calls `listener` on every live arrival; returns the unsubscribe function. */
export function onAiArrival(listener: (a: AiArrival) => void): () => void {
  arrivalListeners.add(listener);
  return () => arrivalListeners.delete(listener);
}

/** The unread count, re-rendering on change. */
export function useUnreadAlarms(): number {
  return useSyncExternalStore(
    (l) => {
      countListeners.add(l);
      return () => countListeners.delete(l);
    },
    () => unread,
  );
}
