/**
 * Pre-encoded MQTT PUBLISH packets for the replay load generator. A message is serialised once; only
 * its `timestamp` changes from one send to the next, and that is written in place: the envelope is
 * encoded with a 13-digit placeholder whose byte offset inside the packet is remembered, so a send
 * costs a few byte stores instead of a JSON.stringify and a packet build.
 */

/** Millisecond timestamps have 13 digits from 2001 until 2286; the placeholder keeps that width. */
export const TIMESTAMP_DIGITS = 13;
const PLACEHOLDER = 1_000_000_000_000;
const TIMESTAMP_KEY = '"timestamp":';

/** One ready-to-write QoS 0 PUBLISH packet and where its timestamp digits sit. */
export interface Frame {
  readonly topic: string;
  readonly packet: Buffer;
  /** Byte offset of the first timestamp digit inside `packet`. */
  readonly timestampAt: number;
}

/** The MQTT "remaining length" varint (MQTT 3.1.1 §2.2.3). */
export function remainingLength(n: number): number[] {
  const bytes: number[] = [];
  let rest = n;
  do {
    let byte = rest % 128;
    rest = Math.floor(rest / 128);
    if (rest > 0) byte |= 0x80;
    bytes.push(byte);
  } while (rest > 0);
  return bytes;
}

/** Encodes a QoS 0 PUBLISH of `payload` to `topic` (MQTT 3.1.1 §3.3). */
export function publishPacket(topic: string, payload: Buffer): Buffer {
  const topicBytes = Buffer.from(topic, 'utf8');
  const body = 2 + topicBytes.length + payload.length;
  const header = [0x30, ...remainingLength(body)];
  const packet = Buffer.allocUnsafe(header.length + body);
  packet.set(header, 0);
  packet.writeUInt16BE(topicBytes.length, header.length);
  topicBytes.copy(packet, header.length + 2);
  payload.copy(packet, header.length + 2 + topicBytes.length);
  return packet;
}

/**
 * Encodes `envelope` (which must have a numeric top-level `timestamp`) as a frame for `topic`. The
 * timestamp is re-serialised as the placeholder so every later patch has the same width.
 */
export function encodeFrame(topic: string, envelope: { timestamp: number }): Frame {
  const json = JSON.stringify({ ...envelope, timestamp: PLACEHOLDER });
  const key = json.indexOf(`${TIMESTAMP_KEY}${PLACEHOLDER}`);
  if (key < 0) throw new Error(`frame for ${topic}: no top-level timestamp`);
  const payload = Buffer.from(json, 'utf8');
  const packet = publishPacket(topic, payload);
  // Byte, not character, offsets: a non-ASCII name before the timestamp would shift them.
  const inPayload = Buffer.byteLength(json.slice(0, key + TIMESTAMP_KEY.length), 'utf8');
  return { topic, packet, timestampAt: packet.length - payload.length + inPayload };
}

/** Writes `ms` as 13 ASCII digits at `at` in `buffer`. */
export function writeTimestamp(buffer: Buffer, at: number, ms: number): void {
  let rest = Math.floor(ms);
  for (let i = TIMESTAMP_DIGITS - 1; i >= 0; i--) {
    buffer[at + i] = 48 + (rest % 10);
    rest = Math.floor(rest / 10);
  }
}

/** Reads the 13 ASCII digits at `at` back (the subscriber side of a latency probe). */
export function readTimestamp(buffer: Uint8Array, at: number): number {
  let ms = 0;
  for (let i = 0; i < TIMESTAMP_DIGITS; i++) ms = ms * 10 + ((buffer[at + i] ?? 48) - 48);
  return ms;
}

/** Where the timestamp digits start in a payload (not a packet), or -1; for receivers. */
export function timestampOffset(payload: Uint8Array): number {
  const at = Buffer.from(payload.buffer, payload.byteOffset, payload.byteLength).indexOf(
    TIMESTAMP_KEY,
  );
  return at < 0 ? -1 : at + TIMESTAMP_KEY.length;
}
