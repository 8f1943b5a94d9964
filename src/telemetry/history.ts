/**
 * A short, fixed-size history of one aircraft for its trail and charts. A ring of typed arrays: a
 * fleet of 2 000 aircraft records one point per second each without allocating per point.
 */
import type { DeviceTelemetry } from '../../protocol/telemetry.ts';
import { aircraftOsd, positionOf } from './fields.ts';

/** One point per second is enough for a trail and a chart, and bounds the work per device. */
export const HISTORY_STEP_MS = 1_000;
/** Five minutes of history at one point per second. */
export const HISTORY_POINTS = 300;

export interface HistoryPoint {
  t: number;
  lon: number;
  lat: number;
  altitude: number | null;
  speed: number | null;
  battery: number | null;
}

const CHANNELS = 6;

/** The recent positions and readings of one device, oldest first when read. */
export class DeviceHistory {
  private readonly data = new Float64Array(HISTORY_POINTS * CHANNELS);
  private next = 0;
  private size = 0;
  private lastT = -Infinity;

  /** Records a point when the device has a position and a second has passed since the last one. */
  record(live: DeviceTelemetry): void {
    const position = positionOf(live);
    const lon = position.num('longitude');
    const lat = position.num('latitude');
    if (lon === null || lat === null || live.ts - this.lastT < HISTORY_STEP_MS) return;
    this.lastT = live.ts;
    const at = this.next * CHANNELS;
    this.data.set([live.ts, lon, lat, ...this.readings(live)], at);
    this.next = (this.next + 1) % HISTORY_POINTS;
    this.size = Math.min(this.size + 1, HISTORY_POINTS);
  }

  /** Points newer than `since` (ms since epoch), oldest first. */
  points(since = -Infinity): HistoryPoint[] {
    const out: HistoryPoint[] = [];
    const first = (this.next - this.size + HISTORY_POINTS) % HISTORY_POINTS;
    for (let i = 0; i < this.size; i += 1) {
      const at = ((first + i) % HISTORY_POINTS) * CHANNELS;
      const t = this.data[at] ?? 0;
      if (t >= since) out.push(this.pointAt(at, t));
    }
    return out;
  }

  private readings(live: DeviceTelemetry): number[] {
    const osd = aircraftOsd(live);
    return [
      osd.num('elevation') ?? Number.NaN,
      osd.num('horizontal_speed') ?? Number.NaN,
      osd.num('battery.capacity_percent') ?? Number.NaN,
    ];
  }

  private pointAt(at: number, t: number): HistoryPoint {
    const value = (offset: number): number | null => {
      const v = this.data[at + offset] ?? Number.NaN;
      return Number.isNaN(v) ? null : v;
    };
    return {
      t,
      lon: value(1) ?? 0,
      lat: value(2) ?? 0,
      altitude: value(3),
      speed: value(4),
      battery: value(5),
    };
  }
}

/**
 * Keeps at most `limit` points by taking evenly spaced ones, first and newest included (charts need
 * the shape and the latest value, not every sample).
 */
export function downSample<T>(points: readonly T[], limit: number): T[] {
  if (points.length <= limit) return [...points];
  if (limit < 2) return limit === 1 ? points.slice(-1) : [];
  const step = (points.length - 1) / (limit - 1);
  return Array.from({ length: limit }, (_, i) => points[Math.round(i * step)] as T);
}
