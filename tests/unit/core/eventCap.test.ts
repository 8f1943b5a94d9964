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

  /**
   * Pushes `input` one message each 10 ms (in key order) into a core whose event queue holds
   * `eventCap`, and answers the events of every frame of the first 250 ms and what it dropped.
   */
  function eventsOf(input: Record<string, Raw>, eventCap: number) {
    const scheduler = new TestScheduler((actual, expected) => expect(actual).toEqual(expected));
    const deltas: FleetDelta[] = [];
    let dropped = 0;
    scheduler.run(({ hot, flush }) => {
      const core = createTelemetryCore({ frameMs: 100, scheduler, eventCap });
      hot(`10ms ${Object.keys(input).join(' ')}`, input).subscribe(([t, p]) => core.push(t, p));
      const subscription = core.deltas$.subscribe((delta) => deltas.push(delta));
      hot('250ms k').subscribe(() => subscription.unsubscribe());
      flush();
      dropped = core.stats().eventsDropped;
    });
    return { events: deltas.flatMap((delta) => delta.events), dropped };
  }

  it('keeps only the newest flight-area distances of each dock, beside its newest gas reading', () => {
    const near = (distance: number) =>
      event('DOCK1', 'flight_areas_drone_location', {
        drone_locations: [{ area_id: 'nfz-1', area_distance: distance, is_in_area: false }],
      });
    const { events, dropped } = eventsOf(
      {
        a: near(90),
        b: event('DOCK1', 'gas_reading', { gases: { ch4: 2 } }),
        c: near(70),
        d: event('DOCK1', 'hms', { list: [] }),
        e: near(50),
      },
      1,
    );
    expect(events.map((e) => e.kind)).toEqual([
      'gas_reading',
      'hms',
      'flight_areas_drone_location',
    ]);
    expect(events.at(-1)?.data).toEqual({
      drone_locations: [{ area_id: 'nfz-1', area_distance: 50, is_in_area: false }],
    });
    expect(dropped).toBe(0);
  });

  it('keeps only the newest gas reading of each device, outside the capped queue', () => {
    const gas = (sn: string, ch4: number) => event(sn, 'gas_reading', { gases: { ch4 } });
    const { events, dropped } = eventsOf(
      {
        a: gas('UAV1', 1),
        b: gas('UAV1', 2),
        c: gas('UAV2', 5),
        d: gas('UAV1', 3),
        e: event('DOCK1', 'ai_alarm', { alarm_id: 'x' }),
        f: event('DOCK1', 'hms', { list: [] }),
      },
      2,
    );
    // Both alarms fit the queue of two: the four readings took no place in it.
    expect(events.filter((e) => e.kind !== 'gas_reading').map((e) => e.method)).toEqual([
      'ai_alarm',
      'hms',
    ]);
    // In arrival order: UAV1's newest reading came after UAV2's.
    expect(events.filter((e) => e.kind === 'gas_reading').map((e) => [e.sn, e.data])).toEqual([
      ['UAV2', { gases: { ch4: 5 } }],
      ['UAV1', { gases: { ch4: 3 } }],
    ]);
    expect(dropped).toBe(0);
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
