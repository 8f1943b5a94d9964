import { beforeAll, describe, expect, it } from 'vitest';
import type { WaylineRoute } from '../../protocol/waylines.ts';
import { OFF_THREAD_BYTES, readKmzOffThread } from '../../server/waylines/readOffThread.ts';
import { readKmzRoute } from '../../server/waylines/readRoute.ts';
import { WaylineFileError } from '../../server/waylines/WaylineFileError.ts';
import { writeKmz } from '../../server/waylines/writeKmz.ts';
import { fixtureKmz } from '../fixtures/wpml/kmz.ts';

/** The actions fixture grown to `count` waypoints along a line: a file well over the threshold. */
function largeKmz(count: number): Uint8Array {
  const { route } = readKmzRoute(fixtureKmz('waypoint-actions-1.0.6'));
  const base = route.paths[0]?.points ?? [];
  const points = Array.from({ length: count }, (_, i) => {
    const p = base[i % base.length];
    if (!p) throw new Error('fixture has no waypoints');
    return { ...p, index: i, lat: p.lat + Math.floor(i / base.length) * 0.0004 };
  });
  const grown: WaylineRoute = {
    ...route,
    paths: route.paths.map((path) => ({ ...path, points })),
  };
  return writeKmz(grown);
}

async function refusalOf(read: () => unknown) {
  try {
    await read();
  } catch (error) {
    if (error instanceof WaylineFileError) return { problem: error.problem, params: error.params };
    throw error;
  }
  throw new Error('the file was accepted');
}

describe('reading large KMZs off the event loop', () => {
  let bytes: Uint8Array;
  beforeAll(() => {
    bytes = largeKmz(1500);
  });

  it('gives the same facts and route as the inline reader', async () => {
    expect(bytes.length).toBeGreaterThan(OFF_THREAD_BYTES);
    const inline = readKmzRoute(bytes);
    const facts = await readKmzOffThread(bytes, 'facts');
    expect(facts).toEqual({ facts: inline.facts, warnings: inline.warnings });
    expect(await readKmzOffThread(bytes, 'route')).toEqual(inline);
  });

  it('keeps timers running while it reads', async () => {
    let ticks = 0;
    let running = true;
    const tick = () => {
      ticks++;
      if (running) setImmediate(tick);
    };
    setImmediate(tick);
    const before = ticks;
    await readKmzOffThread(bytes, 'facts');
    running = false;
    // An inline read would hold the loop from the call to its answer: no tick in between.
    expect(ticks).toBeGreaterThan(before + 1);
  });

  it('refuses a bad large file with exactly the inline refusal', async () => {
    const good = bytes;
    // Corrupt one byte in the middle of the deflated execution file.
    const bad = good.slice();
    const at = Math.floor(bad.length / 2);
    bad[at] = (bad[at] ?? 0) ^ 0xff;
    const inline = await refusalOf(() => readKmzRoute(bad));
    expect(await refusalOf(() => readKmzOffThread(bad, 'facts'))).toEqual(inline);
    const bomb = await refusalOf(() => readKmzOffThread(good, 'facts', 1024 * 1024));
    expect(bomb).toEqual({ problem: 'wayline.too_large', params: { max: 1 } });
  });
});
