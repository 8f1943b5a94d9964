/**
 * The embedded broker's emitter: a backlog far beyond its concurrency drains completely and in
 * order, through the constant-time queues that replace mqemitter's arrays.
 */
import { describe, expect, it } from 'vitest';
import { createBrokerEmitter } from '../../server/mqtt/brokerEmitter.ts';
import { Fifo } from '../../server/mqtt/fifo.ts';

describe('Fifo', () => {
  it('gives items back in the order they came, across many compactions', () => {
    const q = new Fifo<number>();
    const out: number[] = [];
    for (let i = 0; i < 10_000; i++) {
      q.push(i);
      if (i % 3 === 0) out.push(q.shift() ?? -1);
    }
    while (q.length > 0) out.push(q.shift() ?? -1);
    expect(out).toEqual(Array.from({ length: 10_000 }, (_, i) => i));
    expect(q.shift()).toBeUndefined();
    expect(q.length).toBe(0);
  });
});

describe('broker emitter', () => {
  it('delivers a backlog of 50 000 messages to a slow listener, in order, each acknowledged', async () => {
    const emitter = createBrokerEmitter(10);
    const seen: number[] = [];
    emitter.on('thing/+/osd', (message, done) => {
      seen.push(message.n as number);
      // The listener finishes later, as a socket write does, so the emitter has to queue.
      setImmediate(done);
    });
    await new Promise((r) => setImmediate(r));
    const acked: number[] = [];
    const all = new Promise<void>((resolve) => {
      for (let n = 0; n < 50_000; n++)
        emitter.emit({ topic: 'thing/a/osd', n }, () => {
          acked.push(n);
          if (acked.length === 50_000) resolve();
        });
    });
    await all;
    expect(seen).toEqual(Array.from({ length: 50_000 }, (_, i) => i));
    expect(acked).toHaveLength(50_000);
  });
});
