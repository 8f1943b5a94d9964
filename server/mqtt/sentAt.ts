/**
 * The payload timestamp of a device message read from its first bytes, without parsing the body: the
 * track sampler judges by it which aircraft `osd` bodies are worth reading. Judging by the time a
 * message arrived lost whole seconds of track while a backlog drained, when many seconds of payload
 * time arrive within one second of ours.
 */

/** How far into a message the envelope's `timestamp` is looked for. */
const HEAD_BYTES = 256;
const TIMESTAMP = /"timestamp"\s*:\s*(\d{1,16})\b/;

/**
 * The envelope's `timestamp` (ms) when it stands in the head of `payload` before the body (`"data"`),
 * as devices write it; undefined otherwise (a key after the body could be confused with one inside it).
 */
export function sentAtOf(payload: Uint8Array): number | undefined {
  const head = Buffer.from(
    payload.buffer,
    payload.byteOffset,
    Math.min(payload.byteLength, HEAD_BYTES),
  ).toString('latin1');
  const match = TIMESTAMP.exec(head);
  if (match?.[1] === undefined) return undefined;
  const body = head.indexOf('"data"');
  if (body !== -1 && body < match.index) return undefined;
  return Number(match[1]);
}
