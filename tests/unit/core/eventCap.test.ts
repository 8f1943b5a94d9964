import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import { createTelemetryCore } from '../../../workers/core/telemetryCore.ts';
import { EventQueue } from '../../../workers/core/eventQueue.ts';
import type { FleetDelta } from '../../../protocol/telemetry.ts';
import { event } from './messages.ts';
import type { Raw } from './messages.ts';

describe('event queue bound', () => {
  it('keeps the newest events of a storm and counts the ones given up', () => {
    const scheduler = new TestScheduler((actual, expected) => expect(actual).toEqual(expected));
    scheduler.run(({ hot, flush }) => {
      const core = createTelemetryCore({ frameMs: 100, scheduler, eventCap: 3 });
      const input: Record<string, Raw> = {
        a: event('DOCK1', 'hms', { list: [] }),
        b: event('DOCK1', 'e1', {}),
        c: event('DOCK1', 'e2', {}),
        d: event('DOCK1', 'e3', {}),
        e: event('DOCK1', 'e4', {}),
        f: event('DOCK1', 'e5', {}),
      };
      // Delta 1 carries `a`; the consumer acknowledges it only after five more events arrived.
      hot('10ms a 99ms b c d e f', input).subscribe(([t, p]) => core.push(t, p));
      hot('300ms k').subscribe(() => core.ack(1));
      const deltas: FleetDelta[] = [];
      const subscription = core.deltas$.subscribe((delta) => deltas.push(delta));
      hot('450ms k').subscribe(() => subscription.unsubscribe());
      flush();

      expect(deltas.map((delta) => delta.events.map((e) => e.method))).toEqual([
        ['hms'],
        ['e3', 'e4', 'e5'],
      ]);
      expect(deltas[1]?.stats.eventsDropped).toBe(2);
      expect(core.stats()).toMatchObject({ in: 6, dropped: 0, eventsDropped: 2 });
    });
  });

  it('stays bounded however long nobody takes from it', () => {
    const queue = new EventQueue<number>(100);
    for (let i = 0; i < 10_000; i += 1) queue.push(i);
    expect(queue.size).toBe(100);
    expect(queue.dropped).toBe(9_900);
    const kept = queue.take();
    expect(kept[0]).toBe(9_900);
    expect(kept.at(-1)).toBe(9_999);
    expect(queue.size).toBe(0);
  });
});
