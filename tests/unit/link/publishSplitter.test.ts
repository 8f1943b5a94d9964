import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { publishPacket, remainingLength } from '../../../server/sim/replay/frames.ts';
import { PublishSplitter } from '../../../workers/link/publishSplitter.ts';

const encoder = new TextEncoder();

/** An MQTT 3.1.1 packet: fixed header byte, remaining length, body. */
function packet(first: number, body: Uint8Array): Uint8Array {
  return Uint8Array.from([first, ...remainingLength(body.length), ...body]);
}

/** A PUBLISH: QoS 0 as the simulator's replay encodes it, QoS 1 with a packet identifier. */
function publish(topic: string, payload: Uint8Array, qos: 0 | 1 = 0): Uint8Array {
  if (qos === 0) return new Uint8Array(publishPacket(topic, Buffer.from(payload)));
  const name = encoder.encode(topic);
  const body = Uint8Array.from([
    name.length >> 8,
    name.length & 0xff,
    ...name,
    0x12,
    0x34,
    ...payload,
  ]);
  return packet(0x32, body);
}

const SUBACK = packet(0x90, Uint8Array.from([0, 1, 0x80]));
const PINGRESP = packet(0xd0, new Uint8Array(0));

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** A splitter that records what it hands each way. */
function recorder() {
  const published: { topic: string; payload: string }[] = [];
  const passed: Uint8Array[] = [];
  const splitter = new PublishSplitter((topic, payload) =>
    published.push({ topic, payload: new TextDecoder().decode(payload) }),
  );
  const take = (frame: Uint8Array) => {
    const rest = splitter.take(frame);
    if (rest !== null) passed.push(rest.slice());
  };
  return { published, passed, take, splitter };
}

describe('splitting QoS 0 PUBLISH packets off the WebSocket', () => {
  it('hands QoS 0 publishes to the reader and everything else, whole and in order, to the client', () => {
    const r = recorder();
    const qos1 = publish('thing/product/A/services_reply', encoder.encode('{"x":1}'), 1);
    r.take(
      concat([
        SUBACK,
        publish('thing/product/A/osd', encoder.encode('{"a":1}')),
        qos1,
        publish('thing/product/B/osd', encoder.encode('{"b":2}')),
        PINGRESP,
      ]),
    );
    expect(r.published).toEqual([
      { topic: 'thing/product/A/osd', payload: '{"a":1}' },
      { topic: 'thing/product/B/osd', payload: '{"b":2}' },
    ]);
    expect(r.passed).toEqual([concat([SUBACK, qos1, PINGRESP])]);
  });

  it('waits for the rest of a packet cut across frames, and forgets it on reset', () => {
    const r = recorder();
    const big = publish('thing/product/A/osd', encoder.encode('x'.repeat(20_000)));
    r.take(big.subarray(0, 2));
    r.take(big.subarray(2, 300));
    expect(r.published).toEqual([]);
    r.take(big.subarray(300));
    expect(r.published).toHaveLength(1);
    expect(r.published[0]?.payload).toHaveLength(20_000);

    r.take(SUBACK.subarray(0, 3));
    r.splitter.reset();
    r.take(PINGRESP);
    expect(r.passed).toEqual([PINGRESP]);
  });

  it('passes a packet with a malformed length on to the client, whose parser reports it', () => {
    const r = recorder();
    const bad = Uint8Array.from([0x30, 0xff, 0xff, 0xff, 0xff, 0x01, 0, 0]);
    r.take(bad);
    expect(r.published).toEqual([]);
    expect(r.passed).toEqual([bad]);
  });

  it('gives the same packets whatever the frames, for any stream', () => {
    const packetArb = fc.oneof(
      fc
        .tuple(fc.stringMatching(/^[a-z/]{1,40}$/), fc.string({ maxLength: 300 }))
        .map(([topic, text]) => ({ kind: 'qos0' as const, topic, text })),
      fc
        .tuple(fc.stringMatching(/^[a-z/]{1,40}$/), fc.integer({ min: 0, max: 20_000 }))
        .map(([topic, size]) => ({ kind: 'qos0' as const, topic, text: 'y'.repeat(size) })),
      fc.constant({ kind: 'qos1' as const, topic: 'thing/product/X/events', text: '{}' }),
      fc.constant({ kind: 'suback' as const, topic: '', text: '' }),
      fc.constant({ kind: 'pingresp' as const, topic: '', text: '' }),
    );
    fc.assert(
      fc.property(
        fc.array(packetArb, { maxLength: 20 }),
        fc.array(fc.nat(), { maxLength: 12 }),
        (packets, cutsSeed) => {
          const bytes = packets.map((p) =>
            p.kind === 'suback'
              ? SUBACK
              : p.kind === 'pingresp'
                ? PINGRESP
                : publish(p.topic, encoder.encode(p.text), p.kind === 'qos1' ? 1 : 0),
          );
          const stream = concat(bytes);
          const cuts = [
            ...new Set(cutsSeed.map((c) => (stream.length === 0 ? 0 : c % stream.length))),
          ].sort((a, b) => a - b);
          const r = recorder();
          let from = 0;
          for (const cut of [...cuts, stream.length]) {
            if (cut > from) r.take(stream.subarray(from, cut));
            from = Math.max(from, cut);
          }
          const qos0 = packets.flatMap((p) =>
            p.kind === 'qos0' ? [{ topic: p.topic, payload: p.text }] : [],
          );
          expect(r.published).toEqual(qos0);
          expect(concat(r.passed)).toEqual(
            concat(bytes.filter((_, i) => packets[i]?.kind !== 'qos0')),
          );
        },
      ),
      { numRuns: 200 },
    );
  });
});
