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

describe('broker emitter under a backlog of quick deliveries', () => {
  it('drains 50 000 queued messages whose listeners finish at once without running out of stack', () => {
    const emitter = createBrokerEmitter(2);
    const held: (() => void)[] = [];
    let seen = 0;
    emitter.on('thing/+/osd', (_message, done) => {
      seen++;
      // The first deliveries wait (a console's socket waiting for 'drain'); once it drains, every
      // later one finishes on the spot, as a write to a socket with room does.
      if (held.length < 2 && seen <= 2) held.push(done);
      else done();
    });
    let acked = 0;
    for (let n = 0; n < 50_000; n++) emitter.emit({ topic: 'thing/a/osd', n }, () => acked++);
    expect(seen).toBe(2);
    // mqemitter takes the next queued message from inside the previous one's completion: with
    // listeners that complete at once, that nests one call per message.
    for (const done of held) done();
    expect(seen).toBe(50_000);
    expect(acked).toBe(50_000);
  });
});
