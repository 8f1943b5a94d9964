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

/**
 * While the UI names the devices it shows, every other device's detail goes out once per this many
 * frames (1 s at 10 Hz): enough for list counters and silence detection, a tenth of the hand-off.
 */
export const DETAIL_EVERY_FRAMES = 10;
