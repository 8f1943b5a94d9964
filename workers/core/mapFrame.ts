import type { FleetDelta } from '../../protocol/telemetry.ts';

/**
 * The few fields the console reads of every device, one row per device, as typed arrays: what the
 * map draws, what the fleet's counters and colours judge (clock, mode, dock state) and the readings
 * of each aircraft's once-a-second history. They cross to the main thread by transfer (no copy, no
 * clone), so a 2 000-drone frame costs the worker a few array writes per device instead of a
 * structured clone of every changed field; the rest of a device's fields follow every few seconds
 * unless the UI shows it. Unknown values are `NaN` (numbers) or `-1` (codes).
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
  /** `elevation`, metres above the take-off point. */
  elevation: Float32Array;
  /** `horizontal_speed`, m/s. */
  speed: Float32Array;
  /** A dock's `drone_in_dock` (0 or 1). */
  droneInDock: Int8Array;
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
    frame.elevation,
    frame.speed,
    frame.droneInDock,
    frame.ts,
    frame.receivedAt,
  ];
  return arrays.map((array) => array.buffer as ArrayBuffer);
}
