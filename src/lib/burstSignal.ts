/** A change signal that reaches its listeners once per burst of changes. */
export interface BurstSignal {
  /** Notes a change; the listeners hear of it once, in a microtask, however many came before. */
  changed(): void;
  /** Calls `listener` once per burst from now on; the answer stops it. */
  listen(listener: () => void): () => void;
}

/**
 * Makes a {@link BurstSignal}. A list scrolled into view mounts and unmounts dozens of readers in
 * one render; whoever listens (the telemetry bridge) needs only what they leave behind, once.
 */
export function burstSignal(): BurstSignal {
  const listeners = new Set<() => void>();
  let queued = false;
  return {
    changed() {
      if (queued) return;
      queued = true;
      queueMicrotask(() => {
        queued = false;
        for (const listener of listeners) listener();
      });
    },
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
