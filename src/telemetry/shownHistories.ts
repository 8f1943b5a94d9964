/**
 * Which devices' histories are on screen (a trail on a map, charts in a panel). After a lost link
 * these are backfilled first and always, however large the fleet; the rest only up to a budget.
 */

import { Holds } from '../lib/holds.ts';

const shown = new Holds();
const listeners = new Set<() => void>();

/** Marks `sn`'s history as drawn until the returned function is called. */
export function showHistory(sn: string): () => void {
  const release = shown.hold(sn);
  for (const listener of listeners) listener();
  return () => void release();
}

/** Serial numbers of the histories on screen now. */
export function shownHistories(): string[] {
  return shown.keys();
}

/** Calls `listener` when a history is newly shown (hidden ones need nothing done). */
export function onHistoryShown(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
