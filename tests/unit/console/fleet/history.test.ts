import { describe, expect, it } from 'vitest';
import type { DeviceTelemetry } from '../../../../protocol/telemetry.ts';
import {
  DeviceHistory,
  HISTORY_POINTS,
  downSample,
  historyPoint,
} from '../../../../src/fleet/derive/history.ts';
import type { HistoryPoint } from '../../../../src/fleet/derive/history.ts';

const T0 = Date.UTC(2026, 0, 1);

function live(second: number, osd: DeviceTelemetry['osd']): DeviceTelemetry {
  const ts = T0 + second * 1_000;
  return { sn: 'UAV1', gateway: null, ts, receivedAt: ts, osd, state: {}, task: null };
}

/** Records the point of `telemetry`, as the store does for a device without a map-table row. */
function recordLive(history: DeviceHistory, telemetry: DeviceTelemetry): void {
  const point = historyPoint(telemetry);
  if (point !== null) history.record(point);
}

describe('device history', () => {
  it('keeps the newest five minutes, oldest first, once the ring has wrapped', () => {
    const history = new DeviceHistory();
    for (let s = 0; s < HISTORY_POINTS + 20; s += 1) {
      recordLive(history, live(s, { longitude: 114, latitude: 22, elevation: s }));
    }
    const points = history.points();
    expect(points).toHaveLength(HISTORY_POINTS);
    expect(points[0]?.altitude).toBe(20);
    expect(points.at(-1)?.altitude).toBe(HISTORY_POINTS + 19);
    expect(history.points(T0 + (HISTORY_POINTS + 17) * 1_000).map((p) => p.altitude)).toEqual([
      HISTORY_POINTS + 17,
      HISTORY_POINTS + 18,
      HISTORY_POINTS + 19,
    ]);
  });

  it('skips readings without a position and shows missing readings as null', () => {
    const history = new DeviceHistory();
    recordLive(history, live(0, { elevation: 5 }));
    recordLive(
      history,
      live(1, { longitude: 114, latitude: 22, battery: { capacity_percent: 80 } }),
    );
    expect(history.points()).toEqual([
      { t: T0 + 1_000, lon: 114, lat: 22, altitude: null, speed: null, battery: 80 },
    ]);
  });

  it('down-samples to evenly spaced points, first and newest kept', () => {
    expect(downSample([1, 2, 3, 4, 5, 6, 7], 3)).toEqual([1, 4, 7]);
    expect(downSample([1, 2], 5)).toEqual([1, 2]);
    expect(downSample([1, 2, 3], 1)).toEqual([3]);
  });
});

describe('device history backfill', () => {
  const at = (second: number, extra: Partial<HistoryPoint> = {}): HistoryPoint => ({
    t: T0 + second * 1_000,
    lon: 114 + second / 1e4,
    lat: 22,
    altitude: second,
    speed: 5,
    battery: 80,
    ...extra,
  });
  /** Live samples fall anywhere within their second; stored ones on the second. */
  const record = (history: DeviceHistory, second: number): void =>
    recordLive(history, live(second + 0.3, { longitude: 114, latitude: 22, elevation: -1 }));

  it('inserts the points of a hole in time order, between the points already held', () => {
    const history = new DeviceHistory();
    for (const s of [0, 1, 2, 20, 21]) record(history, s);
    const added = history.backfill([
      at(10),
      at(3),
      at(19),
      ...[4, 5, 6, 7, 8, 9].map((s) => at(s)),
    ]);
    expect(added).toBe(9);
    const times = history.points().map((p) => (p.t - T0) / 1_000);
    expect(times).toEqual([0.3, 1.3, 2.3, 3, 4, 5, 6, 7, 8, 9, 10, 19, 20.3, 21.3]);
    expect(history.points()[3]).toEqual(at(3));
    expect(history.newest()).toBe(T0 + 21_300);
  });

  it('skips points of a second already held, and points read twice', () => {
    const history = new DeviceHistory();
    for (const s of [0, 1, 2, 6]) record(history, s);
    expect(history.backfill([at(1), at(2), at(3), at(4), at(5), at(6)])).toBe(3);
    expect(history.backfill([at(3), at(4), at(5)])).toBe(0);
    expect(history.backfill([at(3.2), at(3.2)])).toBe(0);
    const times = history.points().map((p) => (p.t - T0) / 1_000);
    expect(times).toEqual([0.3, 1.3, 2.3, 3, 4, 5, 6.3]);
  });

  it('appends points newer than the newest, and live recording goes on after them', () => {
    const history = new DeviceHistory();
    record(history, 0);
    expect(history.backfill([at(1), at(2)])).toBe(2);
    expect(history.newest()).toBe(T0 + 2_000);
    record(history, 2); // the same second as the newest stored point
    record(history, 3);
    const times = history.points().map((p) => (p.t - T0) / 1_000);
    expect(times).toEqual([0.3, 1, 2, 3.3]);
  });

  it('keeps the newest points up to its size, dropping the oldest', () => {
    const history = new DeviceHistory();
    record(history, 0);
    record(history, HISTORY_POINTS + 10);
    const hole = Array.from({ length: HISTORY_POINTS + 9 }, (_, i) => at(i + 1));
    expect(history.backfill(hole)).toBe(HISTORY_POINTS - 1);
    const points = history.points();
    expect(points).toHaveLength(HISTORY_POINTS);
    expect(points[0]?.t).toBe(T0 + 11_000);
    expect(points.at(-1)?.t).toBe(T0 + (HISTORY_POINTS + 10.3) * 1_000);
    // The ring still records and wraps after a rewrite.
    record(history, HISTORY_POINTS + 11);
    expect(history.points()).toHaveLength(HISTORY_POINTS);
    expect(history.points()[0]?.t).toBe(T0 + 12_000);
  });

  it('ignores points older than everything when full, and points without a position', () => {
    const history = new DeviceHistory();
    for (let s = 10; s < HISTORY_POINTS + 10; s += 1) record(history, s);
    expect(history.backfill([at(1), at(2)])).toBe(0);
    expect(history.backfill([at(HISTORY_POINTS + 20, { lon: Number.NaN })])).toBe(0);
    expect(history.points()[0]?.t).toBe(T0 + 10_300);
  });

  it('answers the widest gap after an instant, wherever the samples after it stop', () => {
    const history = new DeviceHistory();
    expect(history.newest()).toBeNull();
    expect(history.widestGapAfter(T0, 1_500)).toEqual({ start: T0, end: null });
    for (const s of [0, 1, 3, 4, 30, 31]) record(history, s);
    expect(history.widestGapAfter(T0 + 1_300, 1_500)).toEqual({
      start: T0 + 4_300,
      end: T0 + 30_300,
    });
    expect(history.widestGapAfter(T0 + 30_300, 1_500)).toEqual({ start: T0 + 31_300, end: null });
    expect(history.widestGapAfter(T0 + 1_300, 30_000)).toEqual({ start: T0 + 31_300, end: null });
  });
});
