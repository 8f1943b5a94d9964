/**
 * The replay's pure server parts: lanes from reported points and presence transitions, the bucket
 * length chosen for a window's width, and the points kept of each bucket.
 */
import { describe, expect, it } from 'vitest';
import { aircraftLane, presenceLane, presenceSpans } from '../../server/replay/lanes.ts';
import { bucketFor } from '../../server/replay/replayWindow.ts';
import { reduceTrack } from '../../server/replay/reduceTrack.ts';

const lane = (l: { start: number[]; end: number[]; state: string[] }) =>
  l.state.map((s, i) => [s, l.start[i], l.end[i]]);

describe('replay lanes', () => {
  it('splits presence into online and offline spans covering the window', () => {
    const p = {
      initial: false,
      changes: [
        { at: 5, online: true },
        { at: 20, online: true },
        { at: 30, online: false },
        { at: 200, online: true },
      ],
    };
    expect(presenceSpans(p, 10, 100)).toEqual([
      { start: 10, end: 30, state: 'online' },
      { start: 30, end: 100, state: 'offline' },
    ]);
    expect(lane(presenceLane('D', { initial: true, changes: [] }, 0, 50))).toEqual([
      ['online', 0, 50],
    ]);
  });

  it('follows the points of an aircraft, and presence where there are none', () => {
    const at = (...ts: number[]) => ts.map((s) => s * 1000);
    const activity = {
      start: at(10, 11, 12, 13, 14, 100),
      end: at(10, 11, 12, 13, 14, 100),
      airborne: [false, true, true, true, false, true],
    };
    const presence = { initial: false, changes: [{ at: 5_000, online: true }] };
    expect(lane(aircraftLane('U', activity, presence, 0, 200_000, 30_000))).toEqual([
      ['offline', 0, 5_000],
      ['online', 5_000, 10_000],
      ['docked', 10_000, 11_000],
      ['flying', 11_000, 14_000],
      ['docked', 14_000, 15_000],
      ['online', 15_000, 100_000],
      ['flying', 100_000, 101_000],
      ['online', 101_000, 200_000],
    ]);
  });

  it('keeps a downsampled bucket of points in one run when they are close', () => {
    const activity = { start: [0, 600_000], end: [599_000, 1_199_000], airborne: [true, true] };
    const off = { initial: false, changes: [] };
    expect(lane(aircraftLane('U', activity, off, 0, 1_200_000, 30_000))).toEqual([
      ['flying', 0, 1_200_000],
    ]);
  });

  it('answers every point while buckets would hold few, else one bucket a pixel', () => {
    expect(bucketFor(0, 3_600_000, 1600)).toBe(0);
    expect(bucketFor(0, 3_600_000, 400)).toBe(9_000);
    expect(bucketFor(0, 30 * 86_400_000, 1600)).toBe(1_620_000);
  });

  it('reduces a track to each bucket’s first, last and extremes in JavaScript alike', () => {
    // 20 s of points from a whole minute, 10 s buckets: a spike, a dip and a burst of speed.
    const t = [...Array(20).keys()].map((i) => i * 1000);
    const track = {
      sn: 'U',
      t,
      lng: t.map((ms) => 113.9 + ms / 1e9),
      lat: t.map(() => 22.5),
      height: t.map((ms) => (ms === 3000 ? 90 : ms === 15000 ? -5 : ms === 16000 ? null : 10)),
      speed: t.map((ms) => (ms === 7000 ? 20 : 5)),
      battery: t.map(() => 80),
      mode: t.map((ms) => (ms < 12000 ? 0 : 5)),
    };
    const from = Date.UTC(2026, 2, 10, 2);
    const { track: kept, activity } = reduceTrack(track, from, 10_000);
    // Bucket one: first 0, lowest (the earliest of the tens) 0, highest 3 s, fastest 7 s, last 9 s.
    // Bucket two: first 10 s, lowest 15 s, highest (the latest of the tens) 19 s, fastest 19 s.
    expect(kept.t).toEqual([0, 3000, 7000, 9000, 10000, 15000, 19000]);
    expect(Math.max(...kept.height.map((h) => h ?? -Infinity))).toBe(90);
    expect(Math.min(...kept.height.map((h) => h ?? Infinity))).toBe(-5);
    expect(activity).toEqual({
      start: [from, from + 10_000],
      end: [from + 9_000, from + 19_000],
      airborne: [false, true],
    });
  });
});
