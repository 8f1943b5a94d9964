import { map, tap } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import { createTelemetryCore } from '../../../workers/core/telemetryCore.ts';
import type { TelemetryCore } from '../../../workers/core/telemetryCore.ts';
import { summarize } from './deltaSummary.ts';
import { osd, state } from './messages.ts';
import type { Raw } from './messages.ts';

const FRAME_MS = 100;

function newScheduler(): TestScheduler {
  return new TestScheduler((actual, expected) => expect(actual).toEqual(expected));
}

/** A consumer that applies and acknowledges every delta at once. */
function fastConsumer(core: TelemetryCore) {
  return core.deltas$.pipe(
    tap((delta) => core.ack(delta.seq)),
    map(summarize),
  );
}

describe('telemetry core frames', () => {
  it('emits one delta per frame holding only the fields that changed', () => {
    const scheduler = newScheduler();
    scheduler.run(({ hot, expectObservable }) => {
      const core = createTelemetryCore({ tableMs: null, frameMs: FRAME_MS, scheduler });
      const input: Record<string, Raw> = {
        a: osd('SN1', { latitude: 22.5, longitude: 113.9, elevation: 0 }),
        b: osd('SN1', { latitude: 22.6, longitude: 113.9 }),
        c: osd('SN1', { latitude: 22.7, longitude: 113.9, elevation: 12 }),
        d: osd('SN2', { elevation: 3 }),
      };
      hot('10ms a 9ms b 139ms c 9ms d', input).subscribe(([topic, payload]) =>
        core.push(topic, payload),
      );

      expectObservable(fastConsumer(core), '^ 450ms !').toBe('100ms x 99ms y', {
        x: {
          seq: 1,
          devices: { SN1: { osd: { latitude: 22.6, longitude: 113.9, elevation: 0 } } },
          events: [],
        },
        y: {
          seq: 2,
          devices: {
            SN1: { osd: { latitude: 22.7, elevation: 12 } },
            SN2: { osd: { elevation: 3 } },
          },
          events: [],
        },
      });
    });
  });

  it('emits nothing on frames where nothing changed, including repeated identical values', () => {
    const scheduler = newScheduler();
    scheduler.run(({ hot, expectObservable }) => {
      const core = createTelemetryCore({ tableMs: null, frameMs: FRAME_MS, scheduler });
      const battery = { capacity_percent: 80, batteries: [{ index: 0, voltage: 15_200 }] };
      const input: Record<string, Raw> = {
        a: osd('SN1', { battery, mode_code: 0 }),
        b: osd('SN1', { battery: structuredClone(battery), mode_code: 0 }, 1_700_000_000_500),
      };
      hot('50ms a 199ms b', input).subscribe(([topic, payload]) => core.push(topic, payload));

      // The second message only refreshes the device's clock: the delta names the device (its data
      // age changes) but carries no field, because the nested battery is equal by structure.
      expectObservable(fastConsumer(core), '^ 450ms !').toBe('100ms x 199ms y', {
        x: { seq: 1, devices: { SN1: { osd: { battery, mode_code: 0 } } }, events: [] },
        y: { seq: 2, devices: { SN1: {} }, events: [] },
      });
    });
  });

  it('merges partial osd and state messages, keeping fields a later message does not mention', () => {
    const scheduler = newScheduler();
    scheduler.run(({ hot, flush }) => {
      const core = createTelemetryCore({ tableMs: null, frameMs: FRAME_MS, scheduler });
      const input: Record<string, Raw> = {
        a: osd('DOCK1', { cover_state: 0, drone_in_dock: 1 }),
        b: osd('DOCK1', { humidity: 61, network_state: { type: 2, quality: 5, rate: 40 } }),
        c: state('DOCK1', { firmware_version: '10.1' }),
        d: osd('DOCK1', { cover_state: 1 }, 1_700_000_001_000),
      };
      hot('a 10ms b 10ms c 10ms d', input).subscribe(([topic, payload]) =>
        core.push(topic, payload),
      );
      flush();

      expect(core.device('DOCK1')).toEqual({
        sn: 'DOCK1',
        gateway: 'DOCK1G',
        ts: 1_700_000_001_000,
        receivedAt: 33,
        osd: {
          cover_state: 1,
          drone_in_dock: 1,
          humidity: 61,
          network_state: { type: 2, quality: 5, rate: 40 },
        },
        state: { firmware_version: '10.1' },
        task: null,
      });
      expect(core.device('NOBODY')).toBeNull();
    });
  });

  it('uses the configured frame period', () => {
    const scheduler = newScheduler();
    scheduler.run(({ hot, expectObservable }) => {
      const core = createTelemetryCore({ tableMs: null, frameMs: 40, scheduler });
      const input: Record<string, Raw> = {
        a: osd('SN1', { elevation: 1 }),
        b: osd('SN1', { elevation: 2 }),
      };
      hot('5ms a 49ms b', input).subscribe(([topic, payload]) => core.push(topic, payload));
      expectObservable(fastConsumer(core), '^ 130ms !').toBe('40ms x 39ms y', {
        x: { seq: 1, devices: { SN1: { osd: { elevation: 1 } } }, events: [] },
        y: { seq: 2, devices: { SN1: { osd: { elevation: 2 } } }, events: [] },
      });
    });
  });
});
