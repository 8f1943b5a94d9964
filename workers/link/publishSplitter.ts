/**
 * Takes the QoS 0 PUBLISH packets out of the bytes a broker sends over the WebSocket, for the
 * worker's own reader, and passes every other packet on whole to the MQTT client.
 *
 * Why: at fleet scale nearly every packet is a QoS 0 PUBLISH of telemetry, and the MQTT client's
 * path for one (a Node `Buffer` polyfill per frame and per slice, a stream, a packet parser that
 * copies, a topic decoded in JavaScript, an event) cost the worker about as much as reading the
 * message itself. Here a QoS 0 PUBLISH costs a look at its fixed header, its topic decoded once and
 * a view of its payload; the client still sees CONNACK, SUBACK, PINGRESP and any PUBLISH that needs
 * an acknowledgement, always as whole packets, so its own parser never loses step. MQTT 3.1.1 only
 * (protocol level 4, what the link speaks): a PUBLISH there has no properties.
 */

/**
 * Receives one QoS 0 PUBLISH: its topic and a view of its payload in the frame's bytes (a frame's
 * buffer is never reused, but keeping the view keeps the whole frame).
 */
export type PublishListener = (topic: string, payload: Uint8Array) => void;

const PUBLISH = 3;
/** A remaining length takes at most four bytes (MQTT 3.1.1 §2.2.3). */
const MAX_LENGTH_BYTES = 4;

const decoder = new TextDecoder('utf-8');

export class PublishSplitter {
  /** The start of a packet that the last frame cut short, waiting for the rest. */
  private pending: Uint8Array | null = null;

  constructor(private readonly onPublish: PublishListener) {}

  /**
   * Reads one frame of the stream. QoS 0 PUBLISH packets go to the listener, in order; the other
   * whole packets come back, joined, for the MQTT client (`null`: none). A packet cut short stays
   * here until the frames that complete it arrive.
   */
  take(frame: Uint8Array): Uint8Array | null {
    const bytes = this.pending === null ? frame : join(this.pending, frame);
    this.pending = null;
    // Made only when a packet is passed on: nearly every frame holds telemetry alone.
    let passed: Uint8Array[] | null = null;
    let offset = 0;
    while (offset < bytes.length) {
      const header = readFixedHeader(bytes, offset);
      if (header === null || offset + header.size > bytes.length) {
        this.pending = bytes.slice(offset);
        break;
      }
      const end = offset + header.size;
      const first = bytes[offset] ?? 0;
      if (!header.malformed && first >> 4 === PUBLISH && ((first >> 1) & 3) === 0) {
        this.publish(bytes.subarray(offset + header.headerBytes, end));
      } else {
        (passed ??= []).push(bytes.subarray(offset, end));
      }
      offset = end;
    }
    if (passed === null) return null;
    return passed.length === 1 ? (passed[0] ?? null) : join(...passed);
  }

  /** Forgets a packet cut short (the connection it came on closed). */
  reset(): void {
    this.pending = null;
  }

  /** A QoS 0 PUBLISH's variable header and payload: topic length, topic, payload. */
  private publish(body: Uint8Array): void {
    if (body.length < 2) return;
    const topicLength = ((body[0] ?? 0) << 8) | (body[1] ?? 0);
    if (2 + topicLength > body.length) return;
    const topic = decoder.decode(body.subarray(2, 2 + topicLength));
    this.onPublish(topic, body.subarray(2 + topicLength));
  }
}

/** A packet's fixed header: its size in bytes and the whole packet's; `null` when cut short. */
function readFixedHeader(
  bytes: Uint8Array,
  offset: number,
): { headerBytes: number; size: number; malformed: boolean } | null {
  let remaining = 0;
  let multiplier = 1;
  for (let i = 1; i <= MAX_LENGTH_BYTES; i++) {
    const byte = bytes[offset + i];
    if (byte === undefined) return null;
    remaining += (byte & 0x7f) * multiplier;
    if ((byte & 0x80) === 0) {
      return { headerBytes: 1 + i, size: 1 + i + remaining, malformed: false };
    }
    multiplier *= 128;
  }
  // A fifth length byte is malformed: hand the rest to the client, whose parser reports it.
  return { headerBytes: 1, size: bytes.length - offset, malformed: true };
}

function join(...parts: Uint8Array[]): Uint8Array {
  let length = 0;
  for (const part of parts) length += part.length;
  const out = new Uint8Array(length);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
