/** The faint whole-window tracks, thinned for drawing: straight runs shrink, turns and gaps stay. */
import { describe, expect, it } from 'vitest';
import type { ReplayTrack } from '../../../protocol/replay.ts';
import { simplifiedLines } from '../../../src/pages/replay/simplifyTrack.ts';

/** Points a second apart: `path(s)` gives [lng, lat] at second `s`, for each second of `seconds`. */
function track(seconds: number[], path: (s: number) => [number, number]): ReplayTrack {
  return {
    sn: 'U1',
    t: seconds.map((s) => s * 1000),
    lng: seconds.map((s) => path(s)[0]),
    lat: seconds.map((s) => path(s)[1]),
    height: seconds.map(() => 50),
    speed: seconds.map(() => 8),
    battery: seconds.map(() => 80),
    mode: seconds.map(() => 5),
  };
}

const range = (a: number, b: number) => Array.from({ length: b - a }, (_, i) => a + i);

describe('replay track simplification', () => {
  it('keeps the ends and the corner of an L, drops the points along its legs', () => {
    // 100 s east, then 100 s north, about 9 m a second.
    const l = track(range(0, 201), (s) =>
      s <= 100 ? [113.9 + s * 1e-4, 22.5] : [113.91, 22.5 + (s - 100) * 1e-4],
    );
    // The stored points themselves: the start, the corner (second 100) and the end.
    const at = (s: number) => [l.lng[s], l.lat[s]];
    expect(simplifiedLines(l, 30_000, 1)).toEqual([[at(0), at(100), at(200)]]);
  });

  it('stays within the tolerance of every stored point of a curve, with far fewer vertices', () => {
    const circle = track(range(0, 3600), (s) => [
      113.9 + 0.01 * Math.cos(s / 300),
      22.5 + 0.01 * Math.sin(s / 300),
    ]);
    const [line] = simplifiedLines(circle, 30_000, 1);
    if (line === undefined) throw new Error('no line');
    expect(line.length).toBeLessThan(300);
    expect(line[0]).toEqual([circle.lng[0], circle.lat[0]]);
    expect(line.at(-1)).toEqual([circle.lng.at(-1), circle.lat.at(-1)]);
    // Every stored point lies within the tolerance of the drawn line (planar metres, as thinned).
    const k = 111_320;
    const kx = k * Math.cos((22.5 * Math.PI) / 180);
    const toLine = (x: number, y: number) =>
      Math.min(
        ...line.slice(1).map(([lng, lat], j) => {
          const [lng0, lat0] = line[j] ?? [0, 0];
          const [ax, ay, bx, by] = [lng0 * kx, lat0 * k, lng * kx, lat * k];
          const f = Math.max(
            0,
            Math.min(
              1,
              ((x - ax) * (bx - ax) + (y - ay) * (by - ay)) / ((bx - ax) ** 2 + (by - ay) ** 2),
            ),
          );
          return Math.hypot(x - (ax + f * (bx - ax)), y - (ay + f * (by - ay)));
        }),
      );
    for (let i = 0; i < 3600; i += 7)
      expect(toLine((circle.lng[i] ?? 0) * kx, (circle.lat[i] ?? 0) * k)).toBeLessThan(1.05);
  });

  it('breaks the line at gaps and draws nothing for a lone point', () => {
    const gappy = track([...range(0, 10), ...range(100, 110), 500], (s) => [
      113.9 + s * 1e-5,
      22.5,
    ]);
    const lines = simplifiedLines(gappy, 30_000, 1);
    expect(lines).toHaveLength(2);
    expect(lines.map((l) => l.length)).toEqual([2, 2]);
  });
});
