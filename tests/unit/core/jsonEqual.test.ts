import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { JsonValue } from '../../../protocol/telemetry.ts';
import { jsonEqual } from '../../../workers/core/jsonEqual.ts';

/** JSON text from a small domain, written by hand so an object can hold an own `__proto__`. */
const text: fc.Arbitrary<string> = fc.letrec<{ value: string }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom('0', '1', '"x"', 'null', 'true'),
    fc.array(tie('value'), { maxLength: 3 }).map((items) => `[${items.join(',')}]`),
    fc
      .uniqueArray(fc.tuple(fc.constantFrom('a', 'b', 'y', '__proto__'), tie('value')), {
        selector: ([name]) => name,
        maxLength: 3,
      })
      .map((members) => `{${members.map(([name, v]) => `"${name}":${v}`).join(',')}}`),
  ),
})).value;

/** Order of keys does not matter to `jsonEqual`; sorting them makes the plain model agree. */
function sorted(value: JsonValue): JsonValue {
  if (Array.isArray(value)) return value.map(sorted);
  if (typeof value !== 'object' || value === null) return value;
  const out: { [key: string]: JsonValue } = {};
  for (const key of Object.keys(value).sort()) {
    Object.defineProperty(out, key, { value: sorted(value[key] as JsonValue), enumerable: true });
  }
  return out;
}

describe('jsonEqual', () => {
  it('tells a parsed __proto__ member from a missing one', () => {
    const withProto = JSON.parse('{"__proto__":{}}') as JsonValue;
    const without = JSON.parse('{"y":{}}') as JsonValue;
    expect(jsonEqual(withProto, without)).toBe(false);
    expect(jsonEqual(without, withProto)).toBe(false);
    expect(jsonEqual(withProto, JSON.parse('{"__proto__":{}}') as JsonValue)).toBe(true);
  });

  it('agrees with deep equality of the parsed values, whatever the key order', () => {
    fc.assert(
      fc.property(text, text, (x, y) => {
        const a = JSON.parse(x) as JsonValue;
        const b = JSON.parse(y) as JsonValue;
        expect(jsonEqual(a, b)).toBe(isDeepStrictEqual(sorted(a), sorted(b)));
        expect(jsonEqual(a, JSON.parse(x) as JsonValue)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });
});
