import { describe, expect, it } from 'vitest';
import { lastKnown } from '../../server/ops/lastKnown.ts';

/** A read the test answers by hand, counting how many were started. */
function handRead() {
  const pending: { resolve: (n: number) => void; reject: (e: Error) => void }[] = [];
  return {
    pending,
    read: () => new Promise<number>((resolve, reject) => pending.push({ resolve, reject })),
  };
}

/** A patience the test ends by hand, for every reader waiting. */
function handPatience() {
  const waiting: (() => void)[] = [];
  return {
    patience: () => new Promise<void>((resolve) => waiting.push(resolve)),
    giveUp: () => waiting.splice(0).forEach((resolve) => resolve()),
  };
}

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('lastKnown', () => {
  it('answers a fresh value when the read is in time, the last one when it is not', async () => {
    const source = handRead();
    const wait = handPatience();
    let now = 1000;
    const figure = lastKnown(source.read, wait.patience, () => now);

    const first = figure.get();
    source.pending[0]?.resolve(7);
    expect(await first).toBe(7);
    expect(figure.readAt).toBe(1000);

    // The source is stuck: two readers give up waiting and get the last value; one read only.
    now = 5000;
    const stuck = [figure.get(), figure.get()];
    await tick();
    expect(source.pending).toHaveLength(2);
    wait.giveUp();
    expect(await Promise.all(stuck)).toEqual([7, 7]);
    expect(figure.readAt).toBe(1000);

    // The stuck read ends later: the next reader starts a new one and the value moves on.
    source.pending[1]?.resolve(9);
    await tick();
    const next = figure.get();
    source.pending[2]?.resolve(11);
    expect(await next).toBe(11);
    expect(figure.readAt).toBe(5000);
  });

  it('keeps the last value, and its time, when a read fails; null before any', async () => {
    const source = handRead();
    const wait = handPatience();
    const figure = lastKnown(source.read, wait.patience, () => 42);
    const none = figure.get();
    source.pending[0]?.reject(new Error('connection refused'));
    expect(await none).toBeNull();
    expect(figure.readAt).toBeNull();
    const first = figure.get();
    source.pending[1]?.resolve(3);
    expect(await first).toBe(3);
    const failed = figure.get();
    source.pending[2]?.reject(new Error('timeout'));
    expect(await failed).toBe(3);
    expect(figure.readAt).toBe(42);
  });
});
