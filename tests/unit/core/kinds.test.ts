import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import { createTelemetryCore } from '../../../workers/core/telemetryCore.ts';
import type { TelemetryCore } from '../../../workers/core/telemetryCore.ts';
import { TELEMETRY_EVENT_KINDS } from '../../../protocol/telemetry.ts';
import type { FleetDelta } from '../../../protocol/telemetry.ts';
import { envelope, event, osd, T0 } from './messages.ts';
import type { Raw } from './messages.ts';

function newScheduler(): TestScheduler {
  return new TestScheduler((actual, expected) => expect(actual).toEqual(expected));
}

/** One of each event kind, then a property message. */
const MIXED: Record<string, Raw> = {
  a: event('DOCK1', 'hms', { list: [] }),
  b: event('DOCK1', 'flighttask_progress', { output: { status: 'in_progress' } }),
  c: event('DOCK1', 'ai_alarm', { alarm_id: 'x' }),
  d: event('UAV1', 'gas_reading', { gases: { ch4: 4 } }),
  e: envelope('DOCK1', 'drc/up', { method: 'heart_beat', seq: 1, data: { timestamp: T0 } }),
  f: event('DOCK1', 'some_future_method', {}),
  g: osd('UAV1', { elevation: 12 }),
  h: event('DOCK1', 'flight_areas_drone_location', {
    drone_locations: [{ area_id: 'nfz-1', area_distance: 80, is_in_area: false }],
  }),
};

/** Feeds `MIXED` at 10 ms and collects every delta of the first 250 ms, acknowledging each. */
function run(core: TelemetryCore, scheduler: TestScheduler, before?: () => void): FleetDelta[] {
  const deltas: FleetDelta[] = [];
  scheduler.run(({ hot, flush }) => {
    before?.();
    hot('10ms (abcdefgh)', MIXED).subscribe(([t, p]) => core.push(t, p));
    const subscription = core.deltas$.subscribe((delta) => {
      deltas.push(delta);
      core.ack(delta.seq);
    });
    hot('250ms k').subscribe(() => subscription.unsubscribe());
    flush();
  });
  return deltas;
}

const kindsOf = (deltas: FleetDelta[]) => deltas.flatMap((d) => d.events.map((e) => e.kind));

describe('event kinds the readers declared', () => {
  it('carries the declared kinds only, and counts the others it dropped', () => {
    const scheduler = newScheduler();
    const core = createTelemetryCore({ frameMs: 100, scheduler });
    core.setKinds(['hms', 'ai_alarm']);
    const deltas = run(core, scheduler);

    expect(kindsOf(deltas)).toEqual(['hms', 'ai_alarm']);
    // Property messages are not events: the device's position still arrives.
    expect(deltas.flatMap((d) => d.devices.map((dev) => dev.osd))).toEqual([{ elevation: 12 }]);
    expect(core.stats()).toMatchObject({ in: 8, dropped: 0, merged: 1, eventsUnread: 5 });
    expect(deltas.at(-1)?.stats.eventsUnread).toBe(5);
  });

  it('lets every kind through until told, and none once told an empty list', () => {
    const scheduler = newScheduler();
    const open = createTelemetryCore({ frameMs: 100, scheduler });
    // Readings are kept apart from the queue (one per device), so compare as sets.
    expect(kindsOf(run(open, scheduler)).sort()).toEqual([...TELEMETRY_EVENT_KINDS].sort());
    expect(open.stats().eventsUnread).toBe(0);

    const later = newScheduler();
    const closed = createTelemetryCore({ frameMs: 100, scheduler: later });
    closed.setKinds([]);
    expect(kindsOf(run(closed, later))).toEqual([]);
    expect(closed.stats().eventsUnread).toBe(7);
  });

  it('follows a new declaration from the next message on', () => {
    const scheduler = newScheduler();
    const core = createTelemetryCore({ frameMs: 100, scheduler });
    core.setKinds(['hms']);
    const deltas: FleetDelta[] = [];
    scheduler.run(({ hot, flush }) => {
      const input: Record<string, Raw> = {
        a: event('UAV1', 'gas_reading', { gases: { ch4: 1 } }),
        b: event('UAV1', 'gas_reading', { gases: { ch4: 2 } }),
        c: event('UAV1', 'gas_reading', { gases: { ch4: 3 } }),
      };
      hot('10ms a 99ms b 99ms c', input).subscribe(([t, p]) => core.push(t, p));
      // The gas page opens at 50 ms and closes at 150 ms: only the reading in between crosses.
      hot('50ms k').subscribe(() => core.setKinds(['gas_reading', 'hms']));
      hot('150ms k').subscribe(() => core.setKinds(['hms']));
      const subscription = core.deltas$.subscribe((delta) => {
        deltas.push(delta);
        core.ack(delta.seq);
      });
      hot('350ms k').subscribe(() => subscription.unsubscribe());
      flush();
    });
    expect(deltas.flatMap((d) => d.events.map((e) => e.data))).toEqual([{ gases: { ch4: 2 } }]);
    expect(core.stats().eventsUnread).toBe(2);
  });
});
