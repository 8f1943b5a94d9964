import type {
  DeviceDelta,
  DeviceTelemetry,
  JsonObject,
  JsonValue,
} from '../../protocol/telemetry.ts';
import { jsonEqual } from './jsonEqual.ts';

/**
 * The worker's live state of one device plus what changed since the last delta. Fields sit in a
 * `Map` because their keys are dynamic and updated in place at message rate, which is the case Maps
 * are built for; plain objects with churned keys fall back to slow dictionary mode. Values are never
 * mutated, only replaced, so a delta may hand out the same references.
 */
export class DeviceRecord {
  readonly osd = new Map<string, JsonValue>();
  readonly state = new Map<string, JsonValue>();
  task: JsonObject | null = null;
  gateway: string | null = null;
  ts = 0;
  receivedAt = 0;
  readonly dirtyOsd = new Set<string>();
  readonly dirtyState = new Set<string>();
  taskDirty = false;
  gatewayDirty = false;

  constructor(readonly sn: string) {}

  /** Records the envelope's clock and gateway of a message merged into this device. */
  touch(ts: number, receivedAt: number, gateway: string | null): void {
    if (ts > this.ts) this.ts = ts;
    this.receivedAt = receivedAt;
    if (gateway !== null && gateway !== this.gateway) {
      this.gateway = gateway;
      this.gatewayDirty = true;
    }
  }

  /** Replaces the latest `taskInfo` body; unchanged bodies do not make the task dirty. */
  setTask(task: JsonObject): void {
    if (jsonEqual(this.task ?? undefined, task)) return;
    this.task = task;
    this.taskDirty = true;
  }

  /** Marks every known field changed, so the next delta carries the whole device (resync). */
  markAllDirty(): void {
    for (const key of this.osd.keys()) this.dirtyOsd.add(key);
    for (const key of this.state.keys()) this.dirtyState.add(key);
    this.taskDirty = this.task !== null;
    this.gatewayDirty = this.gateway !== null;
  }

  /** Builds this device's delta from the dirty marks and clears them. */
  takeDelta(): DeviceDelta {
    const delta: DeviceDelta = { sn: this.sn, ts: this.ts, receivedAt: this.receivedAt };
    if (this.gatewayDirty) delta.gateway = this.gateway;
    if (this.dirtyOsd.size > 0) delta.osd = pick(this.osd, this.dirtyOsd);
    if (this.dirtyState.size > 0) delta.state = pick(this.state, this.dirtyState);
    if (this.taskDirty && this.task !== null) delta.task = this.task;
    this.gatewayDirty = false;
    this.taskDirty = false;
    return delta;
  }

  /** A plain copy of the whole merged state, as the main thread would hold it. */
  snapshot(): DeviceTelemetry {
    return {
      sn: this.sn,
      gateway: this.gateway,
      ts: this.ts,
      receivedAt: this.receivedAt,
      osd: Object.fromEntries(this.osd),
      state: Object.fromEntries(this.state),
      task: this.task,
    };
  }
}

/** Merges a partial message into `fields`, marking the top-level keys whose value changed. */
export function mergeFields(
  fields: Map<string, JsonValue>,
  dirty: Set<string>,
  data: JsonObject,
): void {
  for (const key in data) {
    const value = data[key];
    // `__proto__` would become a prototype, not a field, once copied into a plain delta object.
    if (key === '__proto__' || value === undefined) continue;
    const previous = fields.get(key);
    // Most fields are numbers: an identity check settles them before the structural comparison.
    if (previous === value || (typeof value === 'object' && jsonEqual(previous, value))) continue;
    fields.set(key, value);
    dirty.add(key);
  }
}

function pick(fields: Map<string, JsonValue>, keys: Set<string>): JsonObject {
  const out: JsonObject = {};
  for (const key of keys) {
    const value = fields.get(key);
    if (value !== undefined) out[key] = value;
  }
  keys.clear();
  return out;
}
