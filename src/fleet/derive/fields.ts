/**
 * Typed reads of the loosely typed telemetry objects (`osd`, `state`, event bodies). A reader is
 * bound to the protocol type the object follows (`protocol/mqtt/osd.ts`), so a field path is checked
 * by the compiler: `aircraftOsd(live).num('battery.capacity_percent')` compiles, a typo does not.
 * Devices send what they send: every read answers `null` for a missing field or a value of the
 * wrong type instead of throwing.
 */
import type { AircraftOsd, AircraftState, DockOsd, DockState } from '../../../protocol/mqtt/osd.ts';
import type { DeviceTelemetry, JsonObject, JsonValue } from '../../../protocol/telemetry.ts';

/** Dotted paths of `T` whose value is a `V` (arrays are not walked into). */
export type PathTo<T, V, Prefix extends string = ''> = {
  [K in keyof T & string]-?: NonNullable<T[K]> extends V
    ? `${Prefix}${K}`
    : NonNullable<T[K]> extends readonly unknown[]
      ? never
      : NonNullable<T[K]> extends object
        ? PathTo<NonNullable<T[K]>, V, `${Prefix}${K}.`>
        : never;
}[keyof T & string];

/** Reads of one telemetry object that follows protocol type `T`. */
export interface FieldReader<T> {
  /** A finite number at `path`, or `null`. */
  num(path: PathTo<T, number>): number | null;
  /** A string at `path`, or `null`. */
  str(path: PathTo<T, string>): string | null;
  /** Whether the object carries `path` at all (any type). */
  has(path: PathTo<T, unknown>): boolean;
}

function fieldAt(obj: JsonObject, path: string): JsonValue | undefined {
  let current: JsonValue | undefined = obj;
  for (const key of path.split('.')) {
    if (current === null || typeof current !== 'object' || Array.isArray(current)) return undefined;
    current = current[key];
  }
  return current;
}

/** A reader of `obj` as protocol type `T`. */
export function readAs<T>(obj: JsonObject): FieldReader<T> {
  return {
    num(path) {
      const value = fieldAt(obj, path);
      return typeof value === 'number' && Number.isFinite(value) ? value : null;
    },
    str(path) {
      const value = fieldAt(obj, path);
      return typeof value === 'string' ? value : null;
    },
    has: (path) => fieldAt(obj, path) !== undefined,
  };
}

const EMPTY: JsonObject = {};

/** The merged `osd` of an aircraft. */
export const aircraftOsd = (live: DeviceTelemetry | null): FieldReader<AircraftOsd> =>
  readAs<AircraftOsd>(live?.osd ?? EMPTY);
/** The merged `state` of an aircraft. */
export const aircraftState = (live: DeviceTelemetry | null): FieldReader<AircraftState> =>
  readAs<AircraftState>(live?.state ?? EMPTY);
/** The merged `osd` of a dock. */
export const dockOsd = (live: DeviceTelemetry | null): FieldReader<DockOsd> =>
  readAs<DockOsd>(live?.osd ?? EMPTY);
/** The merged `state` of a dock. */
export const dockState = (live: DeviceTelemetry | null): FieldReader<DockState> =>
  readAs<DockState>(live?.state ?? EMPTY);

/** Fields any positioned device (aircraft, dock, RC) sends. */
export interface Positioned {
  latitude?: number;
  longitude?: number;
  height?: number;
  mode_code?: number;
}

/** The position fields of any device, whatever its kind. */
export const positionOf = (live: DeviceTelemetry | null): FieldReader<Positioned> =>
  readAs<Positioned>(live?.osd ?? EMPTY);

/** An array at the top-level key `key` of `obj`, or an empty one. */
export function arrayAt(obj: JsonObject, key: string): readonly JsonValue[] {
  const value = obj[key];
  return Array.isArray(value) ? value : [];
}

/** A plain object, when `value` is one. */
export function asObject(value: JsonValue | undefined): JsonObject | null {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? value : null;
}
