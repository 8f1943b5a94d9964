/**
 * Tuning constants of the streaming core. Each carries its unit and the reason for its value.
 */

/** Frame clock period in ms: 10 Hz is smooth enough for a map and leaves the main thread idle. */
export const FRAME_INTERVAL_MS = 100;

/**
 * Events kept for one delta at most: 2 000 devices raising five events each within one unacknowledged
 * stretch. Beyond that the oldest give way (and are counted in `eventsDropped`).
 */
export const EVENT_QUEUE_CAP = 10_000;
