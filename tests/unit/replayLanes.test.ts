/**
 * The replay's pure server parts: lanes from reported points and presence transitions, the bucket
 * length chosen for a window's width, and the points kept of each bucket.
 */
import { describe, expect, it } from 'vitest';
import { aircraftLane, presenceLane, presenceSpans } from '../../server/replay/lanes.ts';
import { bucketFor } from '../../server/replay/replayWindow.ts';
import {
  listLength,
  parseList,
  sortedByTime,
  writeList,
  writeTrack,
} from '../../server/replay/columnText.ts';
import { pointRuns, reduceTrack } from '../../server/replay/reduceTrack.ts';

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
    const column = (f: (ms: number) => number | null) =>
      Float64Array.from(t, (ms) => f(ms) ?? Number.NaN);
    const track = {
      sn: 'U',
      t: column((ms) => ms),
      lng: column((ms) => 113.9 + ms / 1e9),
      lat: column(() => 22.5),
      height: column((ms) => (ms === 3000 ? 90 : ms === 15000 ? -5 : ms === 16000 ? null : 10)),
      speed: column((ms) => (ms === 7000 ? 20 : 5)),
      battery: column(() => 80),
      mode: column((ms) => (ms < 12000 ? 0 : 5)),
    };
    const from = Date.UTC(2026, 2, 10, 2);
    const { track: kept, activity } = reduceTrack(track, from, 10_000);
    // Bucket one: first 0, lowest (the earliest of the tens) 0, highest 3 s, fastest 7 s, last 9 s.
    // Bucket two: first 10 s, lowest 15 s, highest (the latest of the tens) 19 s, fastest 19 s.
    expect([...kept.t]).toEqual([0, 3000, 7000, 9000, 10000, 15000, 19000]);
    expect(Math.max(...kept.height)).toBe(90);
    expect(Math.min(...kept.height)).toBe(-5);
    expect(activity).toEqual({
      start: [from, from + 10_000],
      end: [from + 9_000, from + 19_000],
      airborne: [false, true],
    });
  });

  it('joins the points of a track kept whole into runs the lanes read alike', () => {
    const t = Float64Array.from([0, 1, 2, 3, 40, 41, 42, 43], (s) => s * 1000);
    const mode = Float64Array.from([0, 0, 5, 5, 5, Number.NaN, 0, 0]);
    const runs = pointRuns(t, mode, 1_000_000, 30_000);
    expect(runs).toEqual({
      start: [1_000_000, 1_002_000, 1_040_000, 1_041_000],
      end: [1_001_000, 1_003_000, 1_040_000, 1_043_000],
      airborne: [false, true, true, false],
    });
    // The lanes of the runs are the lanes of the points one by one.
    const each = {
      start: [...t].map((v) => v + 1_000_000),
      end: [...t].map((v) => v + 1_000_000),
      airborne: [...mode].map((m) => m === 5),
    };
    const off = { initial: false, changes: [] };
    expect(aircraftLane('U', runs, off, 1_000_000, 1_100_000, 30_000)).toEqual(
      aircraftLane('U', each, off, 1_000_000, 1_100_000, 30_000),
    );
  });

  it('reads and writes the database’s number lists, null included', () => {
    const text = '0,1000,-2.5,null,22.5123457,1e-7,12345678901234567';
    const values = parseList(text, listLength(text));
    // More digits than the exact fast path takes go through `Number`, rounded as it rounds.
    expect([...values]).toEqual([
      0,
      1000,
      -2.5,
      NaN,
      22.5123457,
      1e-7,
      Number('12345678901234567'),
    ]);
    expect(values[4]).toBe(Number('22.5123457'));
    // Written as whole numbers: the answer's columns are scaled to them (1e-7 degrees, decimetres).
    expect(writeList(values, (v) => Math.round(v * 10))).toBe(
      '0,10000,-25,null,225,0,123456789012345680',
    );
    expect(writeList(new Float64Array(0), Math.round)).toBe('');
    expect(listLength('')).toBe(0);
  });

  it('puts a track read out of order in time order, every column alike', () => {
    const column = (values: number[]) => Float64Array.from(values);
    const track = {
      sn: 'U',
      t: column([2000, 0, 1000]),
      lng: column([113.92, 113.9, 113.91]),
      lat: column([22.5, 22.5, 22.5]),
      height: column([30, 10, NaN]),
      speed: column([3, 1, 2]),
      battery: column([80, 82, 81]),
      mode: column([5, 0, 5]),
    };
    const sorted = sortedByTime(track);
    expect([...sorted.t]).toEqual([0, 1000, 2000]);
    expect([...sorted.height]).toEqual([10, NaN, 30]);
    expect([...sorted.battery]).toEqual([82, 81, 80]);
    expect(
      writeTrack(sorted, {
        t: Math.round,
        lng: (v) => Math.round(v * 1e7),
        lat: Math.round,
        height: Math.round,
        speed: Math.round,
        battery: Math.round,
        mode: Math.round,
      }).lng,
    ).toBe('1139000000,1139100000,1139200000');
    // A track already in order is answered as it is.
    expect(sortedByTime(sorted)).toBe(sorted);
  });
});
