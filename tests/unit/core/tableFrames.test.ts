import { map } from 'rxjs';
import type { Observable } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import type { TelemetryFrame } from '../../../workers/api.ts';
import { createTelemetryCore } from '../../../workers/core/telemetryCore.ts';
import type { TelemetryCore } from '../../../workers/core/telemetryCore.ts';
import { event, osd } from './messages.ts';
import type { Raw } from './messages.ts';

/** What these tests compare of a frame: its kind, the devices whose detail it carries, longitudes. */
const brief = (frame: TelemetryFrame) => ({
  seq: frame.seq,
  tableOnly: frame.tableOnly,
  devices: frame.devices.map((device) => device.sn),
  events: frame.events.length,
  lon: Array.from(frame.map.lon),
});

/** A consumer that acknowledges each frame as it comes, until `stop` emits. */
function ackEach(
  deltas$: Observable<{ seq: number }>,
  core: TelemetryCore,
  stop: Observable<unknown>,
): void {
  const subscription = deltas$.subscribe((frame) => core.ack(frame.seq));
  stop.subscribe(() => subscription.unsubscribe());
}

function newScheduler(): TestScheduler {
  return new TestScheduler((actual, expected) => expect(actual).toEqual(expected));
}

describe('table-only frames between detail frames', () => {
  it('sends moved positions on the table clock and the details on the detail clock', () => {
    const scheduler = newScheduler();
    scheduler.run(({ hot, expectObservable }) => {
      const core = createTelemetryCore({ frameMs: 100, tableMs: 25, scheduler });
      const input: Record<string, Raw> = {
        a: osd('SN1', { longitude: 1, latitude: 2 }),
        b: osd('SN1', { longitude: 3, latitude: 2 }),
      };
      hot('10ms a 119ms b', input).subscribe(([t, p]) => core.push(t, p));
      const deltas$ = core.deltas$.pipe(map(brief));
      ackEach(deltas$, core, hot('300ms k'));

      expectObservable(deltas$, '^ 260ms !').toBe('25ms w 74ms x 49ms y 49ms z', {
        w: { seq: 1, tableOnly: true, devices: [], events: 0, lon: [1] },
        x: { seq: 2, tableOnly: false, devices: ['SN1'], events: 0, lon: [1] },
        y: { seq: 3, tableOnly: true, devices: [], events: 0, lon: [3] },
        z: { seq: 4, tableOnly: false, devices: ['SN1'], events: 0, lon: [3] },
      });
    });
  });

  it('sends no table-only frame when only events arrived', () => {
    const scheduler = newScheduler();
    scheduler.run(({ hot, expectObservable }) => {
      const core = createTelemetryCore({ frameMs: 100, tableMs: 25, scheduler });
      const input: Record<string, Raw> = { a: event('DOCK1', 'hms', { list: [] }) };
      hot('10ms a', input).subscribe(([t, p]) => core.push(t, p));
      const deltas$ = core.deltas$.pipe(map(brief));
      ackEach(deltas$, core, hot('300ms k'));

      expectObservable(deltas$, '^ 260ms !').toBe('100ms x', {
        x: { seq: 1, tableOnly: false, devices: [], events: 1, lon: [] },
      });
    });
  });

  it('holds both clocks while a frame is unacknowledged, then sends the details first', () => {
    const scheduler = newScheduler();
    scheduler.run(({ hot, expectObservable }) => {
      const core = createTelemetryCore({ frameMs: 100, tableMs: 25, scheduler });
      const input: Record<string, Raw> = {
        a: osd('SN1', { longitude: 1 }),
        b: osd('SN1', { longitude: 2 }),
      };
      hot('10ms a 39ms b', input).subscribe(([t, p]) => core.push(t, p));
      // The consumer draws the first table for 145 ms: the table ticks at 50–150 ms and the detail
      // tick at 100 ms are missed; the ack sends one detail frame with the latest position at once.
      hot('170ms k').subscribe(() => core.ack(1));
      hot('171ms k').subscribe(() => core.ack(2));

      expectObservable(core.deltas$.pipe(map(brief)), '^ 260ms !').toBe('25ms w 144ms x', {
        w: { seq: 1, tableOnly: true, devices: [], events: 0, lon: [1] },
        x: { seq: 2, tableOnly: false, devices: ['SN1'], events: 0, lon: [2] },
      });
    });
  });

  it('flushes a missed table-only frame at the ack when only positions moved since', () => {
    const scheduler = newScheduler();
    scheduler.run(({ hot, expectObservable }) => {
      const core = createTelemetryCore({ frameMs: 100, tableMs: 25, scheduler });
      const input: Record<string, Raw> = {
        a: osd('SN1', { longitude: 1 }),
        b: osd('SN1', { longitude: 2 }),
      };
      hot('10ms a 109ms b', input).subscribe(([t, p]) => core.push(t, p));
      hot('30ms k').subscribe(() => core.ack(1));
      // The detail frame at 100 ms is drawn slowly; the position of 120 ms waits for its ack.
      hot('140ms k').subscribe(() => core.ack(2));

      expectObservable(core.deltas$.pipe(map(brief)), '^ 160ms !').toBe('25ms w 74ms x 39ms y', {
        w: { seq: 1, tableOnly: true, devices: [], events: 0, lon: [1] },
        x: { seq: 2, tableOnly: false, devices: ['SN1'], events: 0, lon: [1] },
        y: { seq: 3, tableOnly: true, devices: [], events: 0, lon: [2] },
      });
    });
  });
});
