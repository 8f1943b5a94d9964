/**
 * Which devices the UI shows in detail: the selected device, open panels, visible list rows, the
 * cockpit. Two ways in: a UI part sets its own named list (`setInterest`), and every component that
 * reads one device's telemetry holds that device while it is mounted (`holdInterest`, called by
 * `useDeviceTelemetry`), the way a viewer subscribes to the topics its panels show. The bridge sends
 * the union to the worker, which then hands over every field of those devices each frame and the
 * others' detail every few seconds; what the fleet-wide readers need of them (position, clock, mode,
 * dock state, history readings) still arrives every frame through the worker's table.
 * Small fleets skip this: below {@link LARGE_FLEET} devices every device is shown in full, as the
 * hand-off is cheap anyway.
 */

import { burstSignal } from '../lib/burstSignal.ts';
import { Holds } from '../lib/holds.ts';

/** Fleet size from which the bridge narrows full-rate detail to the devices of interest. */
export const LARGE_FLEET = 200;

const entries = new Map<string, readonly string[]>();
/** Devices held by mounted readers. */
const held = new Holds();
/**
 * Tells the bridge once per burst: a list scrolled into view mounts and unmounts dozens of rows in
 * one render, and the worker needs only the union they leave behind.
 */
const signal = burstSignal();
const changed = (): void => signal.changed();

/** Sets (or, with an empty list, clears) what the UI part `owner` shows in detail. */
export function setInterest(owner: string, sns: readonly string[]): void {
  if (sns.length === 0) entries.delete(owner);
  else entries.set(owner, [...sns]);
  changed();
}

/** Holds `sn` in the interest until the returned release is called (once; later calls do nothing). */
export function holdInterest(sn: string): () => void {
  const release = held.hold(sn);
  changed();
  return () => {
    if (release()) changed();
  };
}

/** The union of every UI part's interest, sorted. */
export function interestSerials(): string[] {
  const all = new Set(held.keys());
  for (const sns of entries.values()) for (const sn of sns) all.add(sn);
  return [...all].sort();
}

/** Calls `listener` (in a microtask, once per burst) whenever some part's interest changes. */
export function onInterestChange(listener: () => void): () => void {
  return signal.listen(listener);
}
