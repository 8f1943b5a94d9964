import { describe, expect, it } from 'vitest';
import type { DeviceTelemetry } from '../../../protocol/telemetry.ts';
import { DeviceHistory, HISTORY_POINTS, downSample } from '../../../src/telemetry/history.ts';

const T0 = Date.UTC(2026, 0, 1);

function live(second: number, osd: DeviceTelemetry['osd']): DeviceTelemetry {
  const ts = T0 + second * 1_000;
  return { sn: 'UAV1', gateway: null, ts, receivedAt: ts, osd, state: {}, task: null };
}

describe('device history', () => {
  it('keeps the newest five minutes, oldest first, once the ring has wrapped', () => {
    const history = new DeviceHistory();
    for (let s = 0; s < HISTORY_POINTS + 20; s += 1) {
      history.record(live(s, { longitude: 114, latitude: 22, elevation: s }));
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
    history.record(live(0, { elevation: 5 }));
    history.record(live(1, { longitude: 114, latitude: 22, battery: { capacity_percent: 80 } }));
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
