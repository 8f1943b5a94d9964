/**
 * When the cockpit's main camera asks for the aircraft's stream again. The stream list says whether
 * the aircraft is online; a cockpit opened while it was off (in the dock, out of range) finds none.
 * Telemetry from the aircraft that arrives after the last look is the sign it may be back: the
 * camera looks again then, at most every {@link CAMERA_RETRY_MS} (ingestion may mark the aircraft
 * online a moment after its first messages, so one look may come too early).
 */

/** Shortest time between two looks, ms. */
export const CAMERA_RETRY_MS = 5_000;

/** Whether to ask again at `now`, the last look having been at `askedAt` and the aircraft heard at `heardAt`. */
export const shouldLookAgain = (askedAt: number, heardAt: number | null, now: number): boolean =>
  heardAt !== null && heardAt > askedAt && now - askedAt >= CAMERA_RETRY_MS;
