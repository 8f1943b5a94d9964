import type { TelemetryEvent } from '../../../protocol/telemetry.ts';
import { isWatched } from './watchedSerials.ts';

export type FrameListener = (changed: readonly string[]) => void;
/** Hears each frame's events of watched devices (a page that reads our own events live). */
export type EventsListener = (events: readonly TelemetryEvent[]) => void;

const frameListeners = new Set<FrameListener>();
const eventsListeners = new Set<EventsListener>();

/** Calls `listener` after each applied delta with the serial numbers it changed. */
export function onFleetFrame(listener: FrameListener): () => void {
  frameListeners.add(listener);
  return () => frameListeners.delete(listener);
}

/** Tells every frame listener that the devices `changed` changed (none: redraw what is left). */
export function emitFrame(changed: readonly string[]): void {
  for (const listener of frameListeners) listener(changed);
}

/** Calls `listener` with every later frame's events; answers the unsubscribe. */
export function onFleetEvents(listener: EventsListener): () => void {
  eventsListeners.add(listener);
  return () => eventsListeners.delete(listener);
}

/** Hands a frame's events of watched devices to every events listener. */
export function emitEvents(events: readonly TelemetryEvent[]): void {
  if (eventsListeners.size === 0 || events.length === 0) return;
  const mine = events.filter((event) => isWatched(event.sn));
  if (mine.length > 0) for (const listener of eventsListeners) listener(mine);
}
