/**
 * The GL drone layer's per-drone vertex attributes, packed into one Float32Array that is uploaded
 * once per fleet frame. Positions are Mercator offsets from an origin near the fleet rather than
 * absolute Mercator coordinates: a float32 holds about 7 digits, which at street zoom is a few
 * pixels of jitter for absolute coordinates but far below a pixel for offsets.
 */
import type { DroneTracks } from './droneTracks.ts';
import { mercatorX, mercatorY } from './mercator.ts';

/**
 * Floats per drone: from x, from y, to x, to y (Mercator offsets); from heading, to heading
 * (radians); glide start (ms after the time base), glide duration (ms); status index, flags.
 */
export const INSTANCE_FLOATS = 10;

/** Flag bits (kept as a float, tested with arithmetic in the shader). */
export const FLAG_SELECTED = 1;
export const FLAG_HIDDEN = 2;

const RADIANS = Math.PI / 180;

/** Everything a draw needs besides the camera. */
export interface DroneInstances {
  data: Float32Array;
  count: number;
  /** Mercator origin the offsets are relative to. */
  originX: number;
  originY: number;
  /** Epoch ms the glide starts are relative to. */
  timeBase: number;
}

/**
 * Packs `tracks` with each drone's status index and flags into `out` (grown when too small; the
 * returned `data` is the array written). The origin is the first drone's target, so every offset
 * is small; the time base is `now`.
 */
export function packDroneInstances(
  tracks: DroneTracks,
  status: Uint8Array,
  flags: Uint8Array,
  now: number,
  out: Float32Array,
): DroneInstances {
  const count = tracks.count;
  const data =
    out.length >= count * INSTANCE_FLOATS ? out : new Float32Array(count * INSTANCE_FLOATS);
  const originX = count > 0 ? mercatorX(tracks.toLon[0] ?? 0) : 0;
  const originY = count > 0 ? mercatorY(tracks.toLat[0] ?? 0) : 0;
  for (let i = 0; i < count; i += 1) {
    const o = i * INSTANCE_FLOATS;
    data[o] = mercatorX(tracks.fromLon[i] ?? 0) - originX;
    data[o + 1] = mercatorY(tracks.fromLat[i] ?? 0) - originY;
    data[o + 2] = mercatorX(tracks.toLon[i] ?? 0) - originX;
    data[o + 3] = mercatorY(tracks.toLat[i] ?? 0) - originY;
    data[o + 4] = (tracks.fromHeading[i] ?? 0) * RADIANS;
    data[o + 5] = (tracks.toHeading[i] ?? 0) * RADIANS;
    data[o + 6] = (tracks.start[i] ?? now) - now;
    data[o + 7] = tracks.duration[i] ?? 0;
    data[o + 8] = status[i] ?? 0;
    data[o + 9] = flags[i] ?? 0;
  }
  return { data, count, originX, originY, timeBase: now };
}
