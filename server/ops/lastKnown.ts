/**
 * A figure read from somewhere that can be slow (the database, whose pool a busy fleet may hold)
 * for a reader that must answer anyway (a Prometheus scrape, which times out after seconds and
 * then shows a gap exactly when the figures matter). A read waits for a fresh value only as long as
 * its patience; after that it answers the last value read, and the read in flight keeps going for
 * the next one. One read at a time, however many readers ask.
 */

export interface LastKnown<T> {
  /** A fresh value, or the last one when the read outlasts `patience`; null before any read. */
  get(): Promise<T | null>;
  /** When the value answered was read (ms since the epoch); null before any read. */
  readonly readAt: number | null;
}

/**
 * `read` behind a last-known value. `patience` resolves when a reader stops waiting for a fresh
 * value; a failed read keeps the last value (its age then says it is old).
 */
export function lastKnown<T>(
  read: () => Promise<T>,
  patience: () => Promise<void>,
  now: () => number,
): LastKnown<T> {
  let value: T | null = null;
  let readAt: number | null = null;
  let inFlight: Promise<void> | null = null;
  const refresh = (): Promise<void> =>
    (inFlight ??= read()
      .then(
        (fresh) => {
          value = fresh;
          readAt = now();
        },
        () => undefined,
      )
      .finally(() => {
        inFlight = null;
      }));
  return {
    async get() {
      await Promise.race([refresh(), patience()]);
      return value;
    },
    get readAt() {
      return readAt;
    },
  };
}
