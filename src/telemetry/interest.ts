/**
 * Which devices the UI shows in detail: the selected device, open panels, the cockpit. Each part of
 * the UI sets its own named entry; the bridge sends the union to the worker, which then hands over
 * every field of those devices each frame and the others' detail once a second (their positions still
 * arrive every frame through the map table). Small fleets skip this: below
 * {@link LARGE_FLEET} devices every device is shown in full, as the hand-off is cheap anyway.
 */

/** Fleet size from which the bridge narrows full-rate detail to the devices of interest. */
export const LARGE_FLEET = 200;

const entries = new Map<string, readonly string[]>();
const listeners = new Set<() => void>();

/** Sets (or, with an empty list, clears) what the UI part `owner` shows in detail. */
export function setInterest(owner: string, sns: readonly string[]): void {
  if (sns.length === 0) entries.delete(owner);
  else entries.set(owner, [...sns]);
  for (const listener of listeners) listener();
}

/** The union of every UI part's interest, sorted. */
export function interestSerials(): string[] {
  const all = new Set<string>();
  for (const sns of entries.values()) for (const sn of sns) all.add(sn);
  return [...all].sort();
}

/** Calls `listener` whenever some part's interest changes. */
export function onInterestChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
