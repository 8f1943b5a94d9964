/**
 * Which devices' histories are on screen (a trail on a map, charts in a panel). After a lost link
 * these are backfilled first and always, however large the fleet; the rest only up to a budget.
 */

const shown = new Map<string, number>();
const listeners = new Set<() => void>();

/** Marks `sn`'s history as drawn until the returned function is called. */
export function showHistory(sn: string): () => void {
  shown.set(sn, (shown.get(sn) ?? 0) + 1);
  for (const listener of listeners) listener();
  let done = false;
  return () => {
    if (done) return;
    done = true;
    const left = (shown.get(sn) ?? 1) - 1;
    if (left > 0) shown.set(sn, left);
    else shown.delete(sn);
  };
}

/** Serial numbers of the histories on screen now. */
export function shownHistories(): string[] {
  return [...shown.keys()];
}

/** Calls `listener` when a history is newly shown (hidden ones need nothing done). */
export function onHistoryShown(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
