/**
 * Typed reads of the loosely typed telemetry objects (`osd`, `state`). Devices send what they send:
 * every reader answers `null` for a missing field or a value of the wrong type instead of throwing.
 */
import type { JsonObject, JsonValue } from '../../protocol/telemetry.ts';

/** The value at a dotted path (`battery.capacity_percent`), or `undefined`. */
export function fieldAt(obj: JsonObject, path: string): JsonValue | undefined {
  let current: JsonValue | undefined = obj;
  for (const key of path.split('.')) {
    if (current === null || typeof current !== 'object' || Array.isArray(current)) return undefined;
    current = current[key];
  }
  return current;
}

/** A finite number at `path`, or `null`. */
export function numberAt(obj: JsonObject, path: string): number | null {
  const value = fieldAt(obj, path);
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** A string at `path`, or `null`. */
export function stringAt(obj: JsonObject, path: string): string | null {
  const value = fieldAt(obj, path);
  return typeof value === 'string' ? value : null;
}

/** An array at `path`, or an empty one. */
export function arrayAt(obj: JsonObject, path: string): readonly JsonValue[] {
  const value = fieldAt(obj, path);
  return Array.isArray(value) ? value : [];
}

/** A plain object, when `value` is one. */
export function asObject(value: JsonValue | undefined): JsonObject | null {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? value : null;
}
