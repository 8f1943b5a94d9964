import type { MapFrame } from '../api.ts';

/** The buffers of a map frame, for `postMessage`'s transfer list. */
export function mapFrameBuffers(frame: MapFrame): ArrayBuffer[] {
  const arrays = [
    frame.lon,
    frame.lat,
    frame.heading,
    frame.height,
    frame.battery,
    frame.mode,
    frame.elevation,
    frame.speed,
    frame.droneInDock,
    frame.ts,
    frame.receivedAt,
  ];
  return arrays.map((array) => array.buffer as ArrayBuffer);
}
