/**
 * A short, fixed-size history of one aircraft for its trail and charts. A ring of typed arrays: a
 * fleet of 2 000 aircraft keeps five minutes of one point per second each in fixed memory.
 */
import type { DeviceTelemetry } from '../../../protocol/telemetry.ts';
import { aircraftOsd, positionOf } from './fields.ts';

/** One point per second is enough for a trail and a chart, and bounds the work per device. */
export const HISTORY_STEP_MS = 1_000;
/** Five minutes of history at one point per second. */
export const HISTORY_POINTS = 300;
/** The time a full history covers, ms. */
export const HISTORY_SPAN_MS = HISTORY_POINTS * HISTORY_STEP_MS;
/**
 * A backfilled point closer than this to a point already held is the same second's sample (live
 * points fall anywhere within a second, stored ones on the second), so it is not added twice.
 */
const SAME_SAMPLE_MS = HISTORY_STEP_MS / 2;

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

  /** Whether a point of time `t` would be recorded: a second has passed since the last one. */
  due(t: number): boolean {
    return t - this.lastT >= HISTORY_STEP_MS;
  }

  /** Records `point` when a second has passed since the last one. */
  record(point: HistoryPoint): void {
    if (!this.due(point.t)) return;
    this.lastT = point.t;
    this.append(point);
  }

  /** Time of the newest point, `null` while there is none. */
  newest(): number | null {
    return this.size === 0 ? null : this.lastT;
  }

  /**
   * The widest gap of more than `minGapMs` between points from `t` on: the point before it and the
   * point after it (`end`), or the newest point and `end: null` when the points since `t` have none.
   * `start` is `t` itself while there is no point from `t` on.
   */
  widestGapAfter(t: number, minGapMs: number): { start: number; end: number | null } {
    const since = this.points(t);
    let widest: { start: number; end: number | null } = { start: since.at(-1)?.t ?? t, end: null };
    let width = minGapMs;
    for (let i = 1; i < since.length; i += 1) {
      const before = since[i - 1]?.t ?? t;
      const after = since[i]?.t ?? t;
      if (after - before > width) {
        widest = { start: before, end: after };
        width = after - before;
      }
    }
    return widest;
  }

  /**
   * Merges points read elsewhere (the server's stored track after a lost link) into the history in
   * time order. A point of a second already held is skipped, and the newest {@link HISTORY_POINTS}
   * are kept as always. Answers how many of `points` the history now holds.
   */
  backfill(points: readonly HistoryPoint[]): number {
    const incoming = points
      .filter((p) => Number.isFinite(p.t) && Number.isFinite(p.lon) && Number.isFinite(p.lat))
      .sort((a, b) => a.t - b.t);
    if (incoming.length === 0) return 0;
    const held = this.points();
    const merged: { point: HistoryPoint; added: boolean }[] = [];
    let h = 0;
    for (const point of incoming) {
      while (h < held.length && (held[h]?.t ?? Infinity) <= point.t)
        merged.push({ point: held[h++] as HistoryPoint, added: false });
      const before = merged.at(-1)?.point.t ?? -Infinity;
      const after = held[h]?.t ?? Infinity;
      if (point.t - before >= SAME_SAMPLE_MS && after - point.t >= SAME_SAMPLE_MS)
        merged.push({ point, added: true });
    }
    for (; h < held.length; h += 1) merged.push({ point: held[h] as HistoryPoint, added: false });
    const kept = merged.slice(-HISTORY_POINTS);
    const added = kept.filter((entry) => entry.added).length;
    if (added === 0) return 0;
    this.next = 0;
    this.size = 0;
    for (const { point } of kept) this.append(point);
    this.lastT = kept.at(-1)?.point.t ?? -Infinity;
    return added;
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

  private append(point: HistoryPoint): void {
    const at = this.next * CHANNELS;
    const { data } = this;
    data[at] = point.t;
    data[at + 1] = point.lon;
    data[at + 2] = point.lat;
    data[at + 3] = point.altitude ?? Number.NaN;
    data[at + 4] = point.speed ?? Number.NaN;
    data[at + 5] = point.battery ?? Number.NaN;
    this.next = (this.next + 1) % HISTORY_POINTS;
    this.size = Math.min(this.size + 1, HISTORY_POINTS);
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

/** The history point in a device's merged telemetry, or `null` while it has no position. */
export function historyPoint(live: DeviceTelemetry): HistoryPoint | null {
  const position = positionOf(live);
  const lon = position.num('longitude');
  const lat = position.num('latitude');
  if (lon === null || lat === null) return null;
  const osd = aircraftOsd(live);
  return {
    t: live.ts,
    lon,
    lat,
    altitude: osd.num('elevation'),
    speed: osd.num('horizontal_speed'),
    battery: osd.num('battery.capacity_percent'),
  };
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
