import { map } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import { createTelemetryCore } from '../../../workers/core/telemetryCore.ts';
import type { TelemetryEvent } from '../../../protocol/telemetry.ts';
import { summarize } from './deltaSummary.ts';
import { event, osd } from './messages.ts';
import type { Raw } from './messages.ts';

const FRAME_MS = 100;

function newScheduler(): TestScheduler {
  return new TestScheduler((actual, expected) => expect(actual).toEqual(expected));
}

describe('telemetry core under a slow consumer', () => {
  it('sends nothing more until the delta is acknowledged, then the latest values at once', () => {
    const scheduler = newScheduler();
    scheduler.run(({ hot, expectObservable }) => {
      const core = createTelemetryCore({ tableMs: null, frameMs: FRAME_MS, scheduler });
      const input: Record<string, Raw> = {
        a: osd('SN1', { elevation: 1, mode_code: 0 }),
        b: osd('SN1', { elevation: 2 }),
        c: osd('SN2', { elevation: 7 }),
        d: osd('SN1', { elevation: 3, mode_code: 4 }),
      };
      hot('10ms a 99ms b 99ms c 99ms d', input).subscribe(([t, p]) => core.push(t, p));
      // The consumer takes 350 ms to draw delta 1: frames 200, 300 and 400 fold into one delta.
      hot('450ms k').subscribe(() => core.ack(1));

      expectObservable(core.deltas$.pipe(map(summarize)), '^ 520ms !').toBe('100ms x 349ms y', {
        x: { seq: 1, devices: { SN1: { osd: { elevation: 1, mode_code: 0 } } }, events: [] },
        y: {
          seq: 2,
          devices: { SN1: { osd: { elevation: 3, mode_code: 4 } }, SN2: { osd: { elevation: 7 } } },
          events: [],
        },
      });
    });
  });

  it('counts every frame folded into a later delta', () => {
    const scheduler = newScheduler();
    scheduler.run(({ hot, flush }) => {
      const core = createTelemetryCore({ tableMs: null, frameMs: FRAME_MS, scheduler });
      const input: Record<string, Raw> = {
        a: osd('SN1', { elevation: 1 }),
        b: osd('SN1', { elevation: 2 }),
      };
      hot('10ms a 99ms b', input).subscribe(([t, p]) => core.push(t, p));
      const seen: number[] = [];
      const subscription = core.deltas$.subscribe((delta) => seen.push(delta.seq));
      hot('450ms k').subscribe(() => core.ack(1));
      hot('700ms k').subscribe(() => subscription.unsubscribe());
      flush();

      expect(seen).toEqual([1, 2]);
      expect(core.stats()).toMatchObject({ in: 2, merged: 2, deltasOut: 2, coalesced: 3 });
    });
  });

  it('loses no event across coalesced frames, in arrival order', () => {
    const scheduler = newScheduler();
    scheduler.run(({ hot, expectObservable }) => {
      const core = createTelemetryCore({ tableMs: null, frameMs: FRAME_MS, scheduler });
      const hms = { list: [{ level: 2, module: 3, code: '0x16100083' }] };
      const input: Record<string, Raw> = {
        a: event('DOCK1', 'hms', hms),
        b: event('DOCK1', 'flighttask_progress', { result: 0, output: { status: 'in_progress' } }),
        c: event('DOCK2', 'ai_alarm', { category: 'person', confidence: 0.9 }),
        d: event('DOCK1', 'gas_reading', { gas: 'ch4', value: 12 }),
        e: event('DOCK1', 'some_future_method', {}),
      };
      hot('10ms a 99ms b 49ms c 99ms d 9ms e', input).subscribe(([t, p]) => core.push(t, p));
      hot('380ms k').subscribe(() => core.ack(1));

      expectObservable(core.deltas$.pipe(map(summarize)), '^ 500ms !').toBe('100ms x 279ms y', {
        x: { seq: 1, devices: {}, events: ['DOCK1:hms'] },
        y: {
          seq: 2,
          devices: {},
          events: [
            'DOCK1:flighttask_progress',
            'DOCK2:ai_alarm',
            'DOCK1:gas_reading',
            'DOCK1:some_future_method',
          ],
        },
      });
    });
  });

  it('classifies events by method and keeps their body', () => {
    const scheduler = newScheduler();
    scheduler.run(({ hot, flush }) => {
      const core = createTelemetryCore({ tableMs: null, frameMs: FRAME_MS, scheduler });
      const input: Record<string, Raw> = {
        a: event('DOCK1', 'hms', { list: [] }, 1_700_000_000_123),
        b: event('DOCK1', 'gas_reading', { gas: 'co', value: 3 }),
        c: event('DOCK1', 'return_home_info', { flight_id: 'f1' }),
      };
      hot('a b c', input).subscribe(([t, p]) => core.push(t, p));
      const events: TelemetryEvent[] = [];
      const subscription = core.deltas$.subscribe((delta) => events.push(...delta.events));
      // The frame clock never completes on its own; the consumer leaves after one frame.
      hot('150ms k').subscribe(() => subscription.unsubscribe());
      flush();

      expect(events.map((e) => e.kind)).toEqual(['hms', 'gas_reading', 'other']);
      expect(events[0]).toEqual({
        sn: 'DOCK1',
        kind: 'hms',
        method: 'hms',
        ts: 1_700_000_000_123,
        receivedAt: 0,
        data: { list: [] },
      });
    });
  });

  it('ignores a stale or unknown acknowledgement', () => {
    const scheduler = newScheduler();
    scheduler.run(({ hot, expectObservable }) => {
      const core = createTelemetryCore({ tableMs: null, frameMs: FRAME_MS, scheduler });
      const input: Record<string, Raw> = {
        a: osd('SN1', { elevation: 1 }),
        b: osd('SN1', { elevation: 2 }),
      };
      hot('10ms a 99ms b', input).subscribe(([t, p]) => core.push(t, p));
      hot('150ms k', { k: 7 }).subscribe((seq) => core.ack(seq));
      hot('250ms k', { k: 1 }).subscribe((seq) => core.ack(seq));
      expectObservable(core.deltas$.pipe(map((d) => d.seq)), '^ 320ms !').toBe('100ms x 149ms y', {
        x: 1,
        y: 2,
      });
    });
  });
});
