/** The report's per-device summary: time flying from the lanes, distance along the joined track, height, alarms. */
import { describe, expect, it } from 'vitest';
import type { ReplayEvent, ReplayWindow } from '../../../protocol/replay.ts';
import { deviceSummaries, metresBetween } from '../../../src/pages/replay/deviceSummary.ts';

const FROM = Date.UTC(2026, 2, 10, 2);
const event = (kind: ReplayEvent['kind'], sn: string, t: number): ReplayEvent => ({
  id: `${kind}-${String(t)}`,
  kind,
  t,
  sn,
  dock_sn: 'D1',
  level: 1,
  label: '',
  detail: '',
  user: null,
  lat: null,
  lng: null,
  until: null,
  ref: 1,
});

/** One aircraft 100 s due north at 0.0001° a second (about 11 m), then a gap, then 10 s more. */
function window(): ReplayWindow {
  const seconds = [...Array(101).keys(), ...[...Array(11).keys()].map((s) => 500 + s)];
  return {
    from: FROM,
    to: FROM + 600_000,
    bucket_ms: 0,
    kept_from: null,
    devices: [
      {
        sn: 'D1',
        name: '机场',
        domain: 3,
        gateway_sn: null,
        model_name: '',
        latitude: 22.5,
        longitude: 113.9,
      },
      {
        sn: 'U1',
        name: '',
        domain: 0,
        gateway_sn: 'D1',
        model_name: '',
        latitude: null,
        longitude: null,
      },
    ],
    tracks: [
      {
        sn: 'U1',
        t: seconds.map((s) => s * 1000),
        lng: seconds.map(() => 113.9),
        lat: seconds.map((s) => 22.5 + s * 0.0001),
        height: seconds.map((s) => (s === 40 ? 123.4 : s === 41 ? null : 50)),
        speed: seconds.map(() => 11),
        battery: seconds.map(() => 80),
        mode: seconds.map(() => 5),
      },
    ],
    lanes: [
      { sn: 'D1', start: [FROM], end: [FROM + 600_000], state: ['online'] },
      {
        sn: 'U1',
        start: [FROM, FROM + 101_000, FROM + 500_000, FROM + 511_000],
        end: [FROM + 101_000, FROM + 500_000, FROM + 511_000, FROM + 600_000],
        state: ['flying', 'offline', 'flying', 'docked'],
      },
    ],
    drc: [],
    events: [
      event('ai_alarm', 'U1', FROM + 10_000),
      event('hms', 'U1', FROM + 20_000),
      event('task_start', 'U1', FROM),
      event('gas', 'D1', FROM + 30_000),
    ],
    truncated: false,
  };
}

describe('replay device summary', () => {
  it('sums flying time, distance within runs, the greatest height and the alarms', () => {
    const [dock, uav] = deviceSummaries(window());
    expect(uav).toMatchObject({
      sn: 'U1',
      name: 'U1',
      flightMs: 112_000,
      maxHeight: 123.4,
      alarms: 2,
    });
    // 100 + 10 steps of 0.0001° of latitude; the gap between the runs is not flown.
    const step = metresBetween(113.9, 22.5, 113.9, 22.5001);
    expect(step).toBeCloseTo(11.12, 1);
    expect(uav?.distanceM).toBeCloseTo(110 * step, 0);
    expect(dock).toMatchObject({
      sn: 'D1',
      flightMs: null,
      distanceM: null,
      maxHeight: null,
      alarms: 1,
    });
  });
});
