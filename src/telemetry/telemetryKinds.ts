/**
 * Which kinds of device event the console reads, declared by the readers the way they declare the
 * devices they show (`interest.ts`): a reader holds its kinds while it is mounted, and the bridge
 * sends the union to the worker, which drops every other kind on arrival. An event nobody reads
 * (task progress, DRC replies, methods the console does not know) then never crosses the boundary.
 */
import { useEffect } from 'react';
import { TELEMETRY_EVENT_KINDS } from '../../protocol/telemetry.ts';
import type { TelemetryEventKind } from '../../protocol/telemetry.ts';
import { burstSignal } from '../lib/burstSignal.ts';
import { Holds } from '../lib/holds.ts';

const held = new Holds();
/** Tells the bridge once per burst (a page mounting several readers at once). */
const signal = burstSignal();
const changed = (): void => signal.changed();

/**
 * Holds `kinds` until the returned release is called (once; later calls do nothing). Holds count:
 * a kind stays declared until its last reader lets go.
 */
export function holdKinds(kinds: readonly TelemetryEventKind[]): () => void {
  const releases = [...new Set(kinds)].map((kind) => held.hold(kind));
  changed();
  let released = false;
  return () => {
    if (released) return;
    released = true;
    for (const release of releases) release();
    changed();
  };
}

/** Every kind some reader holds now, in a fixed order (so equal sets compare equal). */
export function declaredKinds(): TelemetryEventKind[] {
  const keys = new Set(held.keys());
  return TELEMETRY_EVENT_KINDS.filter((kind) => keys.has(kind));
}

/** Calls `listener` (in a microtask, once per burst) whenever the declared kinds may have changed. */
export function onKindsChange(listener: () => void): () => void {
  return signal.listen(listener);
}

const KNOWN: ReadonlySet<string> = new Set(TELEMETRY_EVENT_KINDS);
const isKind = (key: string): key is TelemetryEventKind => KNOWN.has(key);

/** Declares the event kinds the calling component reads, for as long as it is mounted. */
export function useTelemetryKinds(kinds: readonly TelemetryEventKind[]): void {
  // A key, so a reader may pass a fresh array on every render without re-declaring.
  const key = [...kinds].sort().join(',');
  useEffect(() => holdKinds(key.split(',').filter(isKind)), [key]);
}
