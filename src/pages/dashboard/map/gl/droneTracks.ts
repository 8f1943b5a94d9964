/**
 * Where each drone is drawn over time. A new fix does not make the arrow jump: the drone glides from
 * where it is shown at that moment to the fix, over about its own update interval, so it arrives
 * when the next fix is due. The GPU evaluates the same glide per frame from the arrays kept here
 * (see `droneShaders.ts`); the CPU evaluates it for hit testing and to start the next glide.
 */

/** Shortest glide (ms): a drone updated every frame still moves, not teleports. */
export const MIN_GLIDE_MS = 16;
/**
 * Longest glide (ms): a drone heard again after a silence moves to its fix within a second rather
 * than crawling there over the whole silence.
 */
export const MAX_GLIDE_MS = 1_000;

/** A drone's drawn place: display longitude, latitude and heading (degrees). */
export interface DrawnPlace {
  lon: number;
  lat: number;
  heading: number;
}

/** `value` modulo 360, in [0, 360). */
function wrapDegrees(value: number): number {
  return ((value % 360) + 360) % 360;
}

/** Glide progress of a glide started at `start` lasting `duration`, at `now` (0…1). */
export function glideProgress(start: number, duration: number, now: number): number {
  if (!(duration > 0)) return 1;
  return Math.min(1, Math.max(0, (now - start) / duration));
}

/** Per-drone glides, indexed by the drone's slot in the current roster. */
export class DroneTracks {
  count = 0;
  fromLon = new Float64Array(0);
  fromLat = new Float64Array(0);
  fromHeading = new Float64Array(0);
  toLon = new Float64Array(0);
  toLat = new Float64Array(0);
  /** Unwrapped so that interpolating from `fromHeading` turns the short way round. */
  toHeading = new Float64Array(0);
  start = new Float64Array(0);
  duration = new Float64Array(0);
  /** When the slot last took a changed fix; `NaN` before its first. */
  fixAt = new Float64Array(0);
  /** The latest end of any glide: until then the layer repaints every frame. */
  glideEnd = -Infinity;

  /**
   * Renumbers the slots for a new roster `next` (serial numbers, slot order), keeping each known
   * drone's glide; drones not in `previous` start without one.
   */
  reorder(previous: readonly string[], next: readonly string[]): void {
    const old = new Map(previous.map((sn, slot) => [sn, slot]));
    const from = next.map((sn) => old.get(sn) ?? -1);
    this.count = next.length;
    for (const field of SLOT_ARRAYS) {
      const kept = this[field];
      // A new drone has no glide yet: zeros, and no fix time.
      const fresh = new Float64Array(next.length).fill(field === 'fixAt' ? Number.NaN : 0);
      from.forEach((was, slot) => {
        if (was >= 0) fresh[slot] = kept[was] ?? Number.NaN;
      });
      this[field] = fresh;
    }
  }

  /** Where slot `i` is drawn at `now`, written into `out`. */
  placeAt(i: number, now: number, out: DrawnPlace): DrawnPlace {
    const t = glideProgress(this.start[i] ?? 0, this.duration[i] ?? 0, now);
    const fromLon = this.fromLon[i] ?? 0;
    const fromLat = this.fromLat[i] ?? 0;
    const fromHeading = this.fromHeading[i] ?? 0;
    out.lon = fromLon + ((this.toLon[i] ?? 0) - fromLon) * t;
    out.lat = fromLat + ((this.toLat[i] ?? 0) - fromLat) * t;
    out.heading = fromHeading + ((this.toHeading[i] ?? 0) - fromHeading) * t;
    return out;
  }

  /**
   * Takes slot `i`'s latest fix. An unchanged fix leaves the running glide alone; a changed one
   * starts a glide from where the drone is drawn now, lasting as long as the drone took since its
   * previous fix (clamped), so a steady stream of fixes reads as steady motion. Without `glide`
   * the drone jumps to the fix.
   */
  setFix(i: number, lon: number, lat: number, heading: number, now: number, glide = true): void {
    const fixAt = this.fixAt[i] ?? Number.NaN;
    const target = wrapDegrees(heading);
    if (Number.isNaN(fixAt) || !glide) {
      this.fromLon[i] = this.toLon[i] = lon;
      this.fromLat[i] = this.toLat[i] = lat;
      this.fromHeading[i] = this.toHeading[i] = target;
      this.start[i] = now;
      this.duration[i] = 0;
      this.fixAt[i] = now;
      return;
    }
    const lastHeading = wrapDegrees(this.toHeading[i] ?? 0);
    if (this.toLon[i] === lon && this.toLat[i] === lat && lastHeading === target) return;
    const place = this.placeAt(i, now, scratch);
    const fromHeading = wrapDegrees(place.heading);
    // The signed difference in [-180, 180): the arrow turns the short way round.
    const turn = ((((target - fromHeading) % 360) + 540) % 360) - 180;
    this.fromLon[i] = place.lon;
    this.fromLat[i] = place.lat;
    this.fromHeading[i] = fromHeading;
    this.toLon[i] = lon;
    this.toLat[i] = lat;
    this.toHeading[i] = fromHeading + turn;
    const duration = Math.min(MAX_GLIDE_MS, Math.max(MIN_GLIDE_MS, now - fixAt));
    this.start[i] = now;
    this.duration[i] = duration;
    this.fixAt[i] = now;
    this.glideEnd = Math.max(this.glideEnd, now + duration);
  }
}

const scratch: DrawnPlace = { lon: 0, lat: 0, heading: 0 };

/** The per-slot arrays of {@link DroneTracks}, which a new roster renumbers together. */
const SLOT_ARRAYS = [
  'fromLon',
  'fromLat',
  'fromHeading',
  'toLon',
  'toLat',
  'toHeading',
  'start',
  'duration',
  'fixAt',
] as const;
