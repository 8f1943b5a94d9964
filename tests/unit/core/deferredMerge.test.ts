import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { JsonObject, JsonValue } from '../../../protocol/telemetry.ts';
import { thingTopic } from '../../../protocol/mqtt/topics.ts';
import { DETAIL_EVERY_FRAMES } from '../../../workers/core/constants.ts';
import { TelemetryPipeline } from '../../../workers/core/telemetryPipeline.ts';
import { T0 } from './messages.ts';

/**
 * The core keeps a device's newest `osd` body unmerged until its delta is due (and, for a device
 * not due at the next frame, only as text). These properties hold it to the plain model: every body
 * merged on arrival, and a delta carrying each field whose value differs from the one last sent.
 */

const SNS = ['SN0', 'SN1', 'SN2'];
/** The names a "full" body carries; `__proto__` must never become a field. */
const NAMES = ['a', 'b', 'c', 'd', 'n'];

type Entry = [name: string, value: JsonValue];

type Op =
  | { op: 'osd'; sn: number; entries: Entry[] }
  | { op: 'frame' }
  | { op: 'interest'; sns: number[] | null }
  | { op: 'resync' }
  | { op: 'snapshot'; sn: number };

// A small value domain, so that equal values (and equal nested objects) recur often.
const value: fc.Arbitrary<JsonValue> = fc.oneof(
  fc.integer({ min: 0, max: 2 }),
  fc.constantFrom('x', 'y'),
  fc.record({ p: fc.integer({ min: 0, max: 1 }) }),
  fc.array(fc.integer({ min: 0, max: 1 }), { maxLength: 2 }),
);

const fullBody = fc
  .tuple(fc.shuffledSubarray(NAMES, { minLength: NAMES.length }), fc.array(value, { minLength: 5 }))
  .map(([names, values]): Entry[] => names.map((name, i) => [name, values[i] ?? 0]));
const partialBody = fc.uniqueArray(fc.tuple(fc.constantFrom(...NAMES, 'e', '__proto__'), value), {
  selector: ([name]) => name,
  maxLength: 4,
});

const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      op: fc.constant('osd' as const),
      sn: fc.nat(SNS.length - 1),
      entries: fc.oneof(fullBody, partialBody),
    }),
  },
  { weight: 4, arbitrary: fc.constant({ op: 'frame' as const }) },
  {
    weight: 1,
    arbitrary: fc.record({
      op: fc.constant('interest' as const),
      sns: fc.option(fc.uniqueArray(fc.nat(SNS.length - 1), { maxLength: 2 })),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ op: 'resync' as const }) },
  {
    weight: 1,
    arbitrary: fc.record({ op: fc.constant('snapshot' as const), sn: fc.nat(SNS.length - 1) }),
  },
);

/** An `osd` payload written by hand, so a body can hold an own `__proto__` member. */
function osdPayload(entries: Entry[]): Uint8Array {
  const members = entries.map(([name, v]) => `${JSON.stringify(name)}:${JSON.stringify(v)}`);
  const text = `{"tid":"t","bid":"b","timestamp":${T0},"data":{${members.join(',')}}}`;
  return new TextEncoder().encode(text);
}

/** The plain model: eager merge, per-field comparison with what was sent, same due rules. */
class Model {
  private readonly merged = new Map<string, Map<string, JsonValue>>();
  private readonly sent = new Map<string, Map<string, JsonValue>>();
  private readonly rows: string[] = [];
  private readonly dirty = new Set<string>();
  /** Devices whose first delta went out: until then a device is due every frame. */
  private readonly delivered = new Set<string>();
  private interest: Set<string> | null = null;
  private frameCount = 0;
  private moved = false;
  private resyncPending = false;

  osd(sn: string, entries: Entry[]): void {
    if (!this.merged.has(sn)) {
      this.merged.set(sn, new Map());
      this.sent.set(sn, new Map());
      this.rows.push(sn);
    }
    // Through JSON, as the values reach the core: plain objects, compared strictly below.
    for (const [name, v] of entries) {
      if (name !== '__proto__')
        this.merged.get(sn)?.set(name, JSON.parse(JSON.stringify(v)) as JsonValue);
    }
    this.dirty.add(sn);
    this.moved = true;
  }

  setInterest(sns: string[] | null): void {
    this.interest = sns === null ? null : new Set(sns);
  }

  resync(): void {
    for (const sn of this.rows) {
      this.sent.get(sn)?.clear();
      this.dirty.add(sn);
    }
    this.moved = this.rows.length > 0;
    this.resyncPending = true;
  }

  snapshot(sn: string): JsonObject | null {
    const fields = this.merged.get(sn);
    return fields === undefined ? null : Object.fromEntries(fields);
  }

  /** Each due device's `osd` delta (`undefined` when none of its fields changed), or `null`. */
  frame(): Map<string, JsonObject | undefined> | null {
    if (!this.moved && this.dirty.size === 0) return null;
    const frame = this.frameCount++;
    const interest = this.resyncPending ? null : this.interest;
    this.resyncPending = false;
    this.moved = false;
    const out = new Map<string, JsonObject | undefined>();
    for (const sn of [...this.dirty]) {
      const row = this.rows.indexOf(sn);
      const due =
        interest === null ||
        interest.has(sn) ||
        !this.delivered.has(sn) ||
        (frame + row) % DETAIL_EVERY_FRAMES === 0;
      if (!due) continue;
      this.dirty.delete(sn);
      this.delivered.add(sn);
      const sent = this.sent.get(sn) ?? new Map<string, JsonValue>();
      let delta: JsonObject | undefined;
      for (const [name, v] of this.merged.get(sn) ?? []) {
        if (sent.has(name) && isDeepStrictEqual(sent.get(name), v)) continue;
        sent.set(name, v);
        delta ??= {};
        delta[name] = v;
      }
      out.set(sn, delta);
    }
    return out;
  }
}

describe('deferred osd merge', () => {
  it('gives the same deltas and device snapshots as merging every body on arrival', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 80 }), (ops) => {
        let clock = T0;
        const pipeline = new TelemetryPipeline(() => clock);
        const model = new Model();
        for (const step of ops) {
          if (step.op === 'osd') {
            const sn = SNS[step.sn] ?? '';
            pipeline.push(thingTopic(sn, 'osd'), osdPayload(step.entries));
            model.osd(sn, step.entries);
          } else if (step.op === 'interest') {
            const sns = step.sns?.map((i) => SNS[i] ?? '') ?? null;
            pipeline.setInterest(sns);
            model.setInterest(sns);
          } else if (step.op === 'resync') {
            pipeline.resync();
            model.resync();
          } else if (step.op === 'snapshot') {
            const sn = SNS[step.sn] ?? '';
            expect(pipeline.device(sn)?.osd ?? null).toStrictEqual(model.snapshot(sn));
          } else {
            clock += 100;
            const frame = pipeline.frame();
            const expected = model.frame();
            if (frame !== null) pipeline.ack(frame.seq);
            const actual = frame === null ? null : new Map(frame.devices.map((d) => [d.sn, d.osd]));
            expect(actual).toStrictEqual(expected);
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('never turns a `__proto__` member of a deferred body into a field or a prototype', () => {
    let clock = T0;
    const pipeline = new TelemetryPipeline(() => clock);
    pipeline.setInterest(['SN1']);
    pipeline.push(thingTopic('SN0', 'osd'), osdPayload([['a', 1]]));
    clock += 100;
    pipeline.frame();
    pipeline.push(
      thingTopic('SN0', 'osd'),
      osdPayload([
        ['a', 2],
        ['__proto__', { polluted: true }],
      ]),
    );
    const snapshot = pipeline.device('SN0')?.osd;
    expect(snapshot).toStrictEqual({ a: 2 });
    expect(Object.getPrototypeOf(snapshot)).toBe(Object.prototype);
  });

  it('keeps what a not-due device sent even when the caller reuses its buffer or sent a string', () => {
    let clock = T0;
    const pipeline = new TelemetryPipeline(() => clock);
    // SN0 and SN1 get rows 0 and 1. Both are new, so both go out in frame 0; with an empty interest
    // set SN1 (row 1) is due next in frame DETAIL_EVERY_FRAMES - 1, SN0 in the frame after.
    pipeline.setInterest([]);
    pipeline.push(thingTopic('SN0', 'osd'), osdPayload([['a', 0]]));
    pipeline.push(thingTopic('SN1', 'osd'), osdPayload([['a', 0]]));
    clock += 100;
    const first = pipeline.frame(); // frame 0: SN0 due, SN1 not
    if (first !== null) pipeline.ack(first.seq);
    const reused = osdPayload([['a', 7]]);
    pipeline.push(thingTopic('SN1', 'osd'), reused);
    reused.set(osdPayload([['a', 9]]));
    pipeline.push(thingTopic('SN0', 'osd'), `{"timestamp":${T0},"data":{"a":5}}`);
    const seen = new Map<string, JsonObject | undefined>();
    for (let frame = 1; frame < DETAIL_EVERY_FRAMES; frame++) {
      clock += 100;
      const delta = pipeline.frame();
      if (delta !== null) pipeline.ack(delta.seq);
      for (const device of delta?.devices ?? []) seen.set(device.sn, device.osd);
    }
    expect(seen).toStrictEqual(new Map([['SN1', { a: 7 }]]));
    expect(pipeline.device('SN0')?.osd).toStrictEqual({ a: 5 });
  });
});
