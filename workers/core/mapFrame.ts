import type { FleetDelta } from '../../protocol/telemetry.ts';

/**
 * The few fields the map draws for every device, one row per device, as typed arrays. They cross to
 * the main thread by transfer (no copy, no clone), so a 2 000-drone frame costs the worker a few
 * array writes per device instead of a structured clone of every changed field. Unknown values are
 * `NaN` (numbers) or `-1` (mode).
 */
export interface MapFrame {
  /** Increases whenever a row is added; rows of one version always name the same devices. */
  version: number;
  /** Serial number of each row; only sent when `version` changed (or after a resync), else `null`. */
  sns: string[] | null;
  lon: Float64Array;
  lat: Float64Array;
  /** `attitude_head`, degrees. */
  heading: Float32Array;
  /** `height`, metres (ellipsoid). */
  height: Float32Array;
  /** `battery.capacity_percent`. */
  battery: Float32Array;
  /** `mode_code`. */
  mode: Int16Array;
  /** Payload `timestamp` of the device's newest message (ms since epoch, device clock). */
  ts: Float64Array;
  /** When the worker last received a message of the device (ms since epoch, worker clock). */
  receivedAt: Float64Array;
}

/** What the worker hands the main thread each frame: the detail delta and the map's table. */
export interface TelemetryFrame extends FleetDelta {
  map: MapFrame;
}

/** The buffers of a map frame, for `postMessage`'s transfer list. */
export function mapFrameBuffers(frame: MapFrame): ArrayBuffer[] {
  const arrays = [
    frame.lon,
    frame.lat,
    frame.heading,
    frame.height,
    frame.battery,
    frame.mode,
    frame.ts,
    frame.receivedAt,
  ];
  return arrays.map((array) => array.buffer as ArrayBuffer);
}
