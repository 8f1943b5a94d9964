/** First reconnect wait in ms: quick enough that a server restart is bridged in about a second. */
export const RECONNECT_BASE_MS = 1_000;
/** Longest reconnect wait in ms: a browser tab keeps trying, but no more often than this. */
export const RECONNECT_MAX_MS = 30_000;

/**
 * Wait before reconnect attempt `attempt` (0-based): doubling from the base up to the cap, with the
 * upper half jittered so that every console tab does not hit a restarted broker at the same instant.
 */
export function reconnectDelayMs(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** Math.min(attempt, 16));
  return Math.round(ceiling / 2 + (ceiling / 2) * random());
}
