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
 * frames (5 s at 10 Hz). Whatever shows a device names it, and what the fleet-wide readers need
 * fresh (position, clock, mode, dock state, the history's readings) travels every frame in the map
 * table. Once a second, this cost a quarter of the core beyond the parse floor (parsing the kept
 * body again, comparing fifty fields, cloning the changes).
 */
export const DETAIL_EVERY_FRAMES = 50;
