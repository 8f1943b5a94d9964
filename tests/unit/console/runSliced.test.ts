import { describe, expect, it } from 'vitest';
import { runSliced } from '../../../src/lib/runSliced.ts';
import { useVirtualClock } from './virtualTime.ts';

const time = useVirtualClock();

/** Work of `count` steps, each taking `stepMs` of (virtual) main-thread time. */
function* work(done: number[], count: number, stepMs: number): Generator<void> {
  for (let i = 0; i < count; i += 1) {
    time().advance(stepMs);
    done.push(i);
    yield;
  }
}

/** Lets every settled promise's reaction run. */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('runSliced', () => {
  it('gives the page a turn after every slice of work and then finishes it', async () => {
    const done: number[] = [];
    let finished = false;
    void runSliced(work(done, 6, 15), 40).then(() => {
      finished = true;
    });
    await settle();
    // 3 steps of 15 ms pass the 40 ms slice: the rest waits for a later task.
    expect(done).toEqual([0, 1, 2]);
    expect(time().pendingCount).toBe(1);
    time().advance(0);
    await settle();
    expect(done).toEqual([0, 1, 2, 3, 4, 5]);
    time().advance(0);
    await settle();
    expect(finished).toBe(true);
    expect(time().pendingCount).toBe(0);
  });

  it('runs work shorter than a slice at once, with no timer', async () => {
    const done: number[] = [];
    await runSliced(work(done, 3, 10), 40);
    expect(done).toEqual([0, 1, 2]);
    expect(time().pendingCount).toBe(0);
  });
});
