import { map } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import { createTelemetryCore } from '../../../workers/core/telemetryCore.ts';
import { summarize } from './deltaSummary.ts';
import { envelope, osd, raw, state } from './messages.ts';
import type { Raw } from './messages.ts';

function newScheduler(): TestScheduler {
  return new TestScheduler((actual, expected) => expect(actual).toEqual(expected));
}

describe('telemetry core counters and resync', () => {
  it('counts messages in, dropped, merged, deltas out and the lag of the last delta', () => {
    const scheduler = newScheduler();
    scheduler.run(({ hot, flush }) => {
      const core = createTelemetryCore({ tableMs: null, frameMs: 100, scheduler });
      const input: Record<string, Raw> = {
        a: osd('SN1', { elevation: 1 }),
        b: raw('thing/product/SN1/osd', 'not json'),
        c: state('SN1', { firmware_version: '1' }),
        d: envelope('SN1', 'taskInfo', { timestamp: 1, data: { flight_id: 'f1', percent: 10 } }),
      };
      hot('30ms a 9ms b 9ms c 109ms d', input).subscribe(([t, p]) => core.push(t, p));
      const lags: number[] = [];
      const subscription = core.deltas$.subscribe((delta) => {
        lags.push(delta.stats.lagMs);
        core.ack(delta.seq);
      });
      hot('250ms k').subscribe(() => subscription.unsubscribe());
      flush();

      // Delta 1 at 100 ms carries the osd received at 30 ms; delta 2 at 200 ms the task from 160 ms.
      expect(lags).toEqual([70, 40]);
      expect(core.stats()).toEqual({
        in: 4,
        dropped: 1,
        merged: 3,
        deltasOut: 2,
        coalesced: 0,
        lagMs: 40,
        eventsDropped: 0,
        eventsUnread: 0,
      });
      expect(core.device('SN1')?.task).toEqual({ flight_id: 'f1', percent: 10 });
    });
  });

  it('resends the whole fleet after a resync, for a consumer that starts from empty', () => {
    const scheduler = newScheduler();
    scheduler.run(({ hot, expectObservable }) => {
      const core = createTelemetryCore({ tableMs: null, frameMs: 100, scheduler });
      const input: Record<string, Raw> = {
        a: osd('SN1', { elevation: 1, latitude: 22.5 }),
        b: osd('SN1', { elevation: 2 }),
        c: state('SN1', { firmware_version: '1' }),
      };
      hot('10ms a b c', input).subscribe(([t, p]) => core.push(t, p));
      // The first consumer never acknowledges; a new one arrives and asks for everything.
      hot('150ms k').subscribe(() => core.resync());

      expectObservable(core.deltas$.pipe(map(summarize)), '^ 250ms !').toBe('100ms x 99ms y', {
        x: {
          seq: 1,
          devices: {
            SN1: { osd: { elevation: 2, latitude: 22.5 }, state: { firmware_version: '1' } },
          },
          events: [],
        },
        y: {
          seq: 2,
          devices: {
            SN1: { osd: { elevation: 2, latitude: 22.5 }, state: { firmware_version: '1' } },
          },
          events: [],
        },
      });
    });
  });
});
