/**
 * A bounded reader of the protobuf wire format: field keys, varints, length-delimited values, all
 * checked against the end of the message that holds them as they are read. Nothing is decoded that
 * the caller does not ask for, so a large field (a tensor's raw data) costs a bounds check to skip,
 * and text is decoded only within a byte budget the caller gives. Framing that does not hold (a
 * length past the end, a varint over ten bytes, a field number of 0, groups) is a `WireFormatError`.
 */

/** Broken protobuf framing: the bytes are not a protobuf message, or are cut off. */
export class WireFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WireFormatError';
  }
}

/** Wire types of the protobuf encoding that proto3 and proto2 (without groups) files use. */
export const WIRE = { varint: 0, fixed64: 1, len: 2, fixed32: 5 } as const;

/** A position in the bytes being read; every read moves `pos` past what it read. */
export interface Cursor {
  readonly bytes: Uint8Array;
  pos: number;
}

/** The most text, in UTF-8 bytes, one read may still decode; decoding spends it. */
export interface TextBudget {
  left: number;
}

const TWO_32 = 2 ** 32;
const MAX_FIELD = 2 ** 29 - 1;
const utf8 = new TextDecoder('utf-8');

function byteAt(c: Cursor, end: number): number {
  if (c.pos >= end) throw new WireFormatError('a value runs past the end of its message');
  const b = c.bytes[c.pos] ?? 0;
  c.pos += 1;
  return b;
}

/**
 * A varint read as a signed 64-bit integer (what `int64` and `int32` fields hold), as a JS number:
 * exact up to 2^53, which every version and dimension in a model is far below.
 */
export function readVarint(c: Cursor, end: number): number {
  let lo = 0;
  let hi = 0;
  for (let i = 0; i < 10; i += 1) {
    const b = byteAt(c, end);
    const bits = b & 0x7f;
    // Bits 0–27 fill the low word in four bytes; the fifth byte straddles the two words.
    if (i < 4) lo |= bits << (7 * i);
    else if (i === 4) {
      lo |= bits << 28;
      hi = bits >>> 4;
    } else hi |= bits << (7 * i - 32);
    if (b < 0x80) {
      lo >>>= 0;
      hi >>>= 0;
      // Negative int64 values are written as their 64-bit two's complement.
      if (hi >= 0x80000000) return -((~hi >>> 0) * TWO_32 + (~lo >>> 0) + 1);
      return hi * TWO_32 + lo;
    }
  }
  throw new WireFormatError('a varint longer than ten bytes');
}

/** A field key: its field number and wire type. Field 0 and groups are not valid framing. */
export function readKey(c: Cursor, end: number): { field: number; wire: number } {
  const key = readVarint(c, end);
  const field = Math.floor(key / 8);
  const wire = key % 8;
  if (field < 1 || field > MAX_FIELD) throw new WireFormatError(`field number ${String(field)}`);
  if (wire !== WIRE.varint && wire !== WIRE.fixed64 && wire !== WIRE.len && wire !== WIRE.fixed32)
    throw new WireFormatError(`wire type ${String(wire)}`);
  return { field, wire };
}

/** Reads a length prefix and answers where that value ends, which must be within `end`. */
export function readLengthEnd(c: Cursor, end: number): number {
  const length = readVarint(c, end);
  if (length < 0 || length > end - c.pos)
    throw new WireFormatError('a length runs past the end of its message');
  return c.pos + length;
}

/** Skips one value of wire type `wire` (read from its key), checking that it fits in `end`. */
export function skipValue(c: Cursor, end: number, wire: number): void {
  if (wire === WIRE.varint) {
    readVarint(c, end);
    return;
  }
  if (wire === WIRE.len) {
    c.pos = readLengthEnd(c, end);
    return;
  }
  const size = wire === WIRE.fixed64 ? 8 : 4;
  if (wire !== WIRE.fixed64 && wire !== WIRE.fixed32)
    throw new WireFormatError(`wire type ${String(wire)}`);
  if (size > end - c.pos) throw new WireFormatError('a value runs past the end of its message');
  c.pos += size;
}

/** Fails unless a field the schema declares arrives with the wire type it is declared with. */
export function expectWire(wire: number, expected: number): void {
  if (wire !== expected)
    throw new WireFormatError(`wire type ${String(wire)} for a declared field`);
}

/**
 * A length-delimited UTF-8 string, decoded only when it fits both `maxBytes` and what is left of
 * `budget`; otherwise `tooLong` says which limit it broke (and is thrown). Invalid UTF-8 decodes to
 * replacement characters, as protobuf libraries do.
 */
export function readText(
  c: Cursor,
  end: number,
  maxBytes: number,
  budget: TextBudget,
  tooLong: (limit: 'one' | 'all') => Error,
): string {
  const stop = readLengthEnd(c, end);
  const size = stop - c.pos;
  if (size > maxBytes) throw tooLong('one');
  if (size > budget.left) throw tooLong('all');
  budget.left -= size;
  const text = size === 0 ? '' : utf8.decode(c.bytes.subarray(c.pos, stop));
  c.pos = stop;
  return text;
}
