/**
 * Where the replay draws an aircraft between stored points: blended between neighbours, held for a
 * point's second after the last one, gone across a gap; and the path flown up to the cursor.
 */
import { describe, expect, it } from 'vitest';
import type { ReplayTrack } from '../../../protocol/replay.ts';
import {
  bearing,
  indexAtOrBefore,
  joinGapMs,
  pathUntil,
  sampleAt,
} from '../../../src/pages/replay/interpolate.ts';

/** Points at 0, 1, 2 s heading east, then a 60 s gap, then one at 62 s. */
const TRACK: ReplayTrack = {
  sn: 'UAV',
  t: [0, 1_000, 2_000, 62_000],
  lng: [113.9, 113.9001, 113.9002, 113.95],
  lat: [22.5, 22.5, 22.5, 22.5],
  height: [100, 110, null, 50],
  speed: [10, 12, 12, 0],
  battery: [90, 89, 88, 70],
  mode: [5, 5, 5, 0],
};
const GAP = 30_000;

describe('replay interpolation', () => {
  it('finds the last point at or before an instant', () => {
    expect(indexAtOrBefore(TRACK.t, -1)).toBe(-1);
    expect(indexAtOrBefore(TRACK.t, 0)).toBe(0);
    expect(indexAtOrBefore(TRACK.t, 1_999)).toBe(1);
    expect(indexAtOrBefore(TRACK.t, 99_000)).toBe(3);
    expect(indexAtOrBefore([], 5)).toBe(-1);
  });

  it('is exact on a stored point and blends linearly between two', () => {
    expect(sampleAt(TRACK, 1_000, GAP)).toMatchObject({ lng: 113.9001, height: 110, index: 1 });
    const half = sampleAt(TRACK, 500, GAP);
    expect(half?.lng).toBeCloseTo(113.90005, 9);
    expect(half?.height).toBe(105);
    expect(half?.speed).toBe(11);
    // Battery and mode are not blended: the last reported value holds.
    expect(half?.battery).toBe(90);
    expect(half?.mode).toBe(5);
    expect(half?.heading).toBeCloseTo(90, 3);
  });

  it('takes the known value when one side of a pair has none', () => {
    expect(sampleAt(TRACK, 1_500, GAP)?.height).toBe(110);
  });

  it('draws nothing before the first point or across a gap, after a second held', () => {
    expect(sampleAt(TRACK, -500, GAP)).toBeNull();
    expect(sampleAt(TRACK, 2_800, GAP)).toMatchObject({ lng: 113.9002, index: 2 });
    expect(sampleAt(TRACK, 10_000, GAP)).toBeNull();
    expect(sampleAt(TRACK, 62_500, GAP)).toMatchObject({ lng: 113.95, mode: 0 });
    expect(sampleAt(TRACK, 70_000, GAP)).toBeNull();
  });

  it('joins points of a downsampled track two buckets apart', () => {
    expect(joinGapMs(0, GAP)).toBe(GAP);
    expect(joinGapMs(432_000, GAP)).toBe(864_000);
    expect(sampleAt(TRACK, 32_000, joinGapMs(60_000, GAP))?.lng).toBeCloseTo(113.9251, 6);
  });

  it('gives the path flown up to the cursor, broken at gaps', () => {
    expect(pathUntil(TRACK, 0, 1_500, GAP)).toEqual([
      [
        [113.9, 22.5],
        [113.9001, 22.5],
        [113.90015, 22.5],
      ],
    ]);
    const all = pathUntil(TRACK, 0, 62_000, GAP);
    expect(all).toHaveLength(1);
    expect(all[0]).toHaveLength(3);
    expect(pathUntil(TRACK, 0, 62_000, 120_000)[0]).toHaveLength(4);
  });

  it('measures bearings clockwise from north', () => {
    expect(bearing(0, 0, 0, 1)).toBeCloseTo(0, 6);
    expect(bearing(0, 0, 1, 0)).toBeCloseTo(90, 6);
    expect(bearing(0, 0, -1, 0)).toBeCloseTo(270, 6);
    expect(bearing(1, 1, 1, 1)).toBeNull();
  });
});
