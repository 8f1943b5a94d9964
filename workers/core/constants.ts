/**
 * Tuning constants of the streaming core. Each carries its unit and the reason for its value.
 */

/** Frame clock period in ms: 10 Hz is smooth enough for a map and leaves the main thread idle. */
export const FRAME_INTERVAL_MS = 100;

/**
 * Period of the table-only frames in ms, sent between detail frames when positions moved. A fix
 * waits for the next frame before it is sent on, so the frame period is a floor under publish →
 * drawn: with the 100 ms detail frame alone that wait was 95 ms at p95, most of the delay a GPU
 * showed at 2 000 aircraft. The table is a few typed arrays passed by transfer and the main thread
 * only stores it and schedules a redraw, so 40 Hz costs little; the back-pressure (one frame in
 * flight, acknowledged on the next animation frame) keeps a slow screen from being sent more.
 */
export const TABLE_FRAME_MS = 25;

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
