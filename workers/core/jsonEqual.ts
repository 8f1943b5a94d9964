import type { JsonValue } from '../../protocol/telemetry.ts';

/**
 * Structural equality of two JSON values. Every message arrives freshly parsed, so nested objects
 * (`battery`, `position_state`…) are new references each time; comparing by structure is what keeps
 * an unchanged battery block out of the next delta.
 */
export function jsonEqual(a: JsonValue | undefined, b: JsonValue | undefined): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) return Array.isArray(b) && arraysEqual(a, b);
  if (Array.isArray(b)) return false;
  return objectsEqual(a, b);
}

function arraysEqual(a: JsonValue[], b: JsonValue[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    if (!jsonEqual(a[i], b[i])) return false;
  }
  return true;
}

function objectsEqual(a: { [key: string]: JsonValue }, b: { [key: string]: JsonValue }): boolean {
  // `Object.keys` on parsed JSON hits V8's enum cache; `for…in` with own-property checks measured
  // several times slower here. JSON never holds `undefined`, so a missing key in `b` reads as
  // `undefined` and fails the comparison without a separate `hasOwn`.
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  for (const key of keys) {
    // A parsed `__proto__` member is an own field, but reading it from an object without one gives
    // `Object.prototype`, which would compare equal to an empty object.
    if (key === '__proto__' && !Object.hasOwn(b, key)) return false;
    if (!jsonEqual(a[key], b[key])) return false;
  }
  return true;
}
