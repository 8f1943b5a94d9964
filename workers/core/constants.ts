/**
 * Tuning constants of the streaming core. Each carries its unit and the reason for its value.
 */

/** Frame clock period in ms: 10 Hz is smooth enough for a map and leaves the main thread idle. */
export const FRAME_INTERVAL_MS = 100;
