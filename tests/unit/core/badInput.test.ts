import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import { createTelemetryCore } from '../../../workers/core/telemetryCore.ts';
import type { TelemetryCore } from '../../../workers/core/telemetryCore.ts';
import { envelope, osd, raw, T0 } from './messages.ts';
import type { Raw } from './messages.ts';

function pushAll(core: TelemetryCore, messages: Raw[]): void {
  for (const [topic, payload] of messages) core.push(topic, payload);
}

const bad: Record<string, Raw> = {
  'malformed JSON': raw('thing/product/SN1/osd', '{"timestamp": 1, "data": {'),
  'invalid UTF-8': raw('thing/product/SN1/osd', new Uint8Array([0x7b, 0xff, 0xfe, 0x7d])),
  'empty payload': raw('thing/product/SN1/osd', ''),
  'topic outside the protocol': raw('devices/SN1/osd', JSON.stringify({ timestamp: T0, data: {} })),
  'kind the console does not watch': raw('thing/product/SN1/services_reply', '{}'),
  'status topic': raw('sys/product/SN1/status', JSON.stringify({ timestamp: T0, data: {} })),
  'wildcard instead of a serial number': raw('thing/product/+/osd', '{}'),
  'array body': raw('thing/product/SN1/osd', '[1,2]'),
  'non-object data': envelope('SN1', 'osd', { timestamp: T0, data: 'x' }),
  'array data': envelope('SN1', 'osd', { timestamp: T0, data: [1] }),
  'null data': envelope('SN1', 'state', { timestamp: T0, data: null }),
  'missing timestamp': envelope('SN1', 'osd', { data: { elevation: 1 } }),
  'timestamp as text': envelope('SN1', 'osd', { timestamp: '1700000000000', data: {} }),
  'negative timestamp': envelope('SN1', 'osd', { timestamp: -5, data: {} }),
  'event without method': envelope('SN1', 'events', { timestamp: T0, data: {} }),
};

describe('telemetry core with bad input', () => {
  it.each(Object.entries(bad))('counts and drops %s', (_name, [topic, payload]) => {
    const core = createTelemetryCore({ scheduler: new TestScheduler(() => undefined) });
    core.push(topic, payload);
    expect(core.stats()).toMatchObject({ in: 1, dropped: 1, merged: 0 });
    expect(core.device('SN1')).toBeNull();
  });

  it('keeps serving good messages around bad ones', () => {
    const core = createTelemetryCore({ scheduler: new TestScheduler(() => undefined) });
    pushAll(core, [
      osd('SN1', { elevation: 1 }),
      ...Object.values(bad),
      osd('SN1', { latitude: 22.5 }),
    ]);
    expect(core.stats()).toMatchObject({
      in: Object.keys(bad).length + 2,
      dropped: Object.keys(bad).length,
      merged: 2,
    });
    expect(core.device('SN1')?.osd).toEqual({ elevation: 1, latitude: 22.5 });
  });

  it('accepts drc/up without a timestamp, which the protocol makes optional there', () => {
    const scheduler = new TestScheduler((a, e) => expect(a).toEqual(e));
    scheduler.run(({ hot, flush }) => {
      const core = createTelemetryCore({ scheduler });
      const input: Record<string, Raw> = {
        a: envelope('DOCK1', 'drc/up', { method: 'heart_beat', seq: 3, data: { timestamp: T0 } }),
      };
      hot('20ms a', input).subscribe(([t, p]) => core.push(t, p));
      const kinds: string[] = [];
      const subscription = core.deltas$.subscribe((d) =>
        kinds.push(...d.events.map((e) => `${e.kind}@${e.ts}`)),
      );
      hot('150ms k').subscribe(() => subscription.unsubscribe());
      flush();
      // Without a payload clock the receive time stands in.
      expect(kinds).toEqual(['drc@20']);
    });
  });
});
