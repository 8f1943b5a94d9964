/**
 * Tolerant decoding of device messages: anything that is not a JSON object with an object `data` is
 * refused (null), and field readers return undefined for wrong types instead of trusting the sender.
 */

export type Fields = Record<string, unknown>;

export interface Decoded {
  tid: string;
  bid: string;
  /** Payload timestamp in ms, when it is a plausible number. */
  timestamp: number | undefined;
  gateway: string | undefined;
  method: string | undefined;
  needReply: boolean;
  data: Fields;
}

const isFields = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A finite number, or undefined. */
export const num = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;

/** A safe integer, or undefined (integer columns refuse anything else). */
export const int = (value: unknown): number | undefined =>
  Number.isSafeInteger(value) && Math.abs(value as number) < 2 ** 31
    ? (value as number)
    : undefined;

/** A string, or undefined. */
export const str = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : undefined;

/** A nested object, or undefined. */
export const obj = (value: unknown): Fields | undefined => (isFields(value) ? value : undefined);

/** Parses one MQTT payload; null when it is not a protocol envelope. */
export function decodeEnvelope(payload: Uint8Array): Decoded | null {
  let parsed: unknown;
  try {
    // A view, not `Buffer.from(payload)`: that would copy every message before parsing it.
    const bytes = Buffer.isBuffer(payload)
      ? payload
      : Buffer.from(payload.buffer, payload.byteOffset, payload.byteLength);
    parsed = JSON.parse(bytes.toString('utf8'));
  } catch {
    return null;
  }
  if (!isFields(parsed)) return null;
  // Requests and services without parameters carry `data: null` (`flight_areas_get`,
  // `flight_areas_update`): read as no fields, not as a broken message left unanswered.
  const data = parsed.data === null ? {} : parsed.data;
  if (!isFields(data)) return null;
  return {
    tid: str(parsed.tid) ?? '',
    bid: str(parsed.bid) ?? '',
    timestamp: num(parsed.timestamp),
    gateway: str(parsed.gateway),
    method: str(parsed.method),
    needReply: parsed.need_reply === 1,
    data,
  };
}
