import type { JsonObject, JsonValue } from '../../../protocol/telemetry.ts';
import { thingTopic } from '../../../protocol/mqtt/topics.ts';
import type { WatchedKind } from '../../../protocol/mqtt/topics.ts';

/** One raw MQTT message as the broker delivers it: topic and payload bytes. */
export type Raw = [topic: string, payload: Uint8Array];

const encoder = new TextEncoder();
/** Payload clock of the synthetic devices: any fixed epoch-ms value works. */
export const T0 = 1_700_000_000_000;

/** Encodes a protocol envelope for `thing/product/{sn}/{kind}`. */
export function envelope(sn: string, kind: WatchedKind, body: JsonObject): Raw {
  return [thingTopic(sn, kind), encoder.encode(JSON.stringify(body))];
}

/** An `osd` message with `data`. */
export function osd(sn: string, data: JsonObject, ts = T0): Raw {
  return envelope(sn, 'osd', { tid: 't', bid: 'b', timestamp: ts, gateway: `${sn}G`, data });
}

/** A `state` message with `data`. */
export function state(sn: string, data: JsonObject, ts = T0): Raw {
  return envelope(sn, 'state', { tid: 't', bid: 'b', timestamp: ts, data });
}

/** An `events` message with `method` and `data`. */
export function event(sn: string, method: string, data: JsonValue, ts = T0): Raw {
  return envelope(sn, 'events', { tid: 't', bid: 'b', timestamp: ts, method, data });
}

/** Raw bytes on a topic, for malformed input. */
export function raw(topic: string, text: string | Uint8Array): Raw {
  return [topic, typeof text === 'string' ? encoder.encode(text) : text];
}
