import type {
  DeviceDelta,
  DeviceTelemetry,
  JsonObject,
  JsonValue,
} from '../../protocol/telemetry.ts';
import type { RawPayload } from './decode.ts';
import { jsonEqual } from './jsonEqual.ts';
import { PayloadCopy } from './payloadCopy.ts';

/**
 * The worker's live state of one device and what its consumer already holds.
 *
 * `osd`, the bulk of the traffic (a full body ten times a second), is not merged on arrival: the
 * record keeps the newest body and compares it with what the consumer holds only when the device's
 * delta is built. A full body replaces the previous one outright, so the ten bodies a device outside
 * the UI's interest sends between two of its deltas cost one comparison, not ten; partial bodies
 * merge into the pending one in arrival order, so the result equals merging every body on arrival.
 * Keeping parsed bodies alive across a frame was the core's largest cost (the collector copying
 * every tree), so a device whose delta is not due at the next frame keeps a copy of the payload
 * bytes instead (see `PayloadCopy`), parsed again only if no newer body replaced it first.
 *
 * `state` (partial, on change) merges on arrival into a field map and is compared at the delta. A
 * nested object is compared structurally only when a message replaced it. Fields sit in `Map`s
 * because their keys are dynamic. Values are never mutated, only replaced, so a delta may hand out
 * the same references.
 */
export class DeviceRecord {
  /** `osd` fields as the consumer holds them: updated as deltas go out (see `resendOsd`). */
  private readonly osd = new Map<string, JsonValue>();
  /** The consumer holds nothing (resync): the next delta carries every `osd` field. */
  private resendOsd = false;
  /** The newest `osd` changes not compared yet: a parsed body, or `payload` holding one. */
  private pendingOsd: JsonObject | PayloadCopy | null = null;
  /** Created when the device first has a body kept for later, reused for every later one. */
  private payload: PayloadCopy | null = null;
  /** Every `osd` field name this device ever sent (never `__proto__`). */
  private readonly osdKeys = new Set<string>();
  /**
   * The names, in order, of a body that carried every name in `osdKeys`: a device sends the same
   * fields in the same order message after message, so comparing names in order settles most bodies
   * without a set lookup per field. `null` once a partial body brought a new name.
   */
  private fullKeys: readonly string[] | null = null;
  private readonly state = new Map<string, JsonValue>();
  /** Values as last handed to the consumer; a key missing here is sent with the next delta. */
  private readonly sentState = new Map<string, JsonValue>();
  /** The UI shows this device in detail (its delta is due every frame). */
  interesting = false;
  /** The store has this record in its list of records with changes not handed out. */
  listed = false;
  /** A delta of this device went out: until then its first is due at once, interest or not. */
  delivered = false;
  task: JsonObject | null = null;
  gateway: string | null = null;
  ts = 0;
  receivedAt = 0;
  taskDirty = false;
  gatewayDirty = false;
  // What the map draws, read straight from each osd message (see `MapFrame`).
  lon = NaN;
  lat = NaN;
  heading = NaN;
  height = NaN;
  battery = NaN;
  mode = -1;
  elevation = NaN;
  speed = NaN;
  droneInDock = -1;

  /** `row` is the device's row in the map table, fixed for the worker's lifetime. */
  constructor(
    readonly sn: string,
    readonly row: number,
  ) {}

  /** Records the envelope's clock and gateway of a message merged into this device. */
  touch(ts: number, receivedAt: number, gateway: string | null): void {
    if (ts > this.ts) this.ts = ts;
    this.receivedAt = receivedAt;
    if (gateway !== null && gateway !== this.gateway) {
      this.gateway = gateway;
      this.gatewayDirty = true;
    }
  }

  /**
   * Merges a (possibly partial) `osd` body and picks out the fields the map draws. `payload` is the
   * message's raw payload; `due` says whether this device's delta is due at the next frame (a hint
   * for what to keep: a wrong hint only costs time, never changes a delta).
   */
  mergeOsd(data: JsonObject, payload: RawPayload, due: boolean): void {
    const pending = this.pendingOsd;
    if (this.isFullBody(data) || pending === null) {
      if (due) {
        this.pendingOsd = data;
      } else {
        this.payload ??= new PayloadCopy();
        this.payload.keep(payload);
        this.pendingOsd = this.payload;
      }
    } else {
      // Rare: a partial body over a pending one. Its fields win, the others stay pending.
      this.pendingOsd = overlay(parsed(pending), data);
    }
    const { longitude, latitude, attitude_head, height, mode_code, battery } = data;
    const { elevation, horizontal_speed, drone_in_dock } = data;
    if (typeof longitude === 'number') this.lon = longitude;
    if (typeof latitude === 'number') this.lat = latitude;
    if (typeof attitude_head === 'number') this.heading = attitude_head;
    if (typeof height === 'number') this.height = height;
    if (typeof mode_code === 'number') this.mode = mode_code;
    if (typeof elevation === 'number') this.elevation = elevation;
    if (typeof horizontal_speed === 'number') this.speed = horizontal_speed;
    if (typeof drone_in_dock === 'number') this.droneInDock = drone_in_dock;
    if (typeof battery === 'object' && battery !== null && !Array.isArray(battery)) {
      const percent = battery.capacity_percent;
      if (typeof percent === 'number') this.battery = percent;
    }
  }

  /** True when `data` carries every `osd` field name this device ever sent (recording new names). */
  private isFullBody(data: JsonObject): boolean {
    const full = this.fullKeys;
    if (full !== null) {
      let i = 0;
      let same = true;
      for (const key in data) {
        if (key !== full[i++]) {
          same = false;
          break;
        }
      }
      if (same && i === full.length) return true;
    }
    const keys = Object.keys(data);
    let count = 0;
    let grew = false;
    for (const key of keys) {
      if (key === '__proto__') continue;
      count++;
      if (!this.osdKeys.has(key)) {
        this.osdKeys.add(key);
        grew = true;
      }
    }
    // Every name of `data` is in `osdKeys` now, so equal sizes mean equal sets.
    if (count === this.osdKeys.size) {
      this.fullKeys = sharedNames(keys);
      return true;
    }
    if (grew) this.fullKeys = null;
    return false;
  }

  /**
   * The pending `osd` fields that differ from what the consumer holds (all of them after a resync),
   * recorded as held; `null` when none do. An object equal by structure to the one held keeps the
   * held reference, so the newer copy is garbage at once.
   */
  private takeOsd(): JsonObject | null {
    const pending = this.pendingOsd;
    this.pendingOsd = null;
    const held = this.osd;
    if (this.resendOsd) {
      this.resendOsd = false;
      if (pending !== null) overwrite(held, parsed(pending));
      return held.size === 0 ? null : Object.fromEntries(held);
    }
    if (pending === null) return null;
    const body = parsed(pending);
    let out: JsonObject | null = null;
    for (const key in body) {
      // `__proto__` would become a prototype, not a field, once copied into a plain delta object.
      if (key === '__proto__') continue;
      const value = body[key];
      if (value === undefined) continue;
      const previous = held.get(key);
      if (previous === value) continue;
      if (typeof value === 'object' && value !== null && jsonEqual(previous, value)) continue;
      held.set(key, value);
      out ??= {};
      out[key] = value;
    }
    return out;
  }

  /** Merges a (possibly partial) `state` body. */
  mergeState(data: JsonObject): void {
    overwrite(this.state, data);
  }

  /** Replaces the latest `taskInfo` body; unchanged bodies do not make the task dirty. */
  setTask(task: JsonObject): void {
    if (jsonEqual(this.task ?? undefined, task)) return;
    this.task = task;
    this.taskDirty = true;
  }

  /** Forgets what the consumer holds, so the next delta carries the whole device (resync). */
  markAllDirty(): void {
    this.resendOsd = true;
    this.sentState.clear();
    this.taskDirty = this.task !== null;
    this.gatewayDirty = this.gateway !== null;
  }

  /** Builds this device's delta: every field that differs from what was handed out last. */
  takeDelta(): DeviceDelta {
    const delta: DeviceDelta = { sn: this.sn, ts: this.ts, receivedAt: this.receivedAt };
    if (this.gatewayDirty) delta.gateway = this.gateway;
    const osd = this.takeOsd();
    if (osd !== null) delta.osd = osd;
    const state = changed(this.state, this.sentState);
    if (state !== null) delta.state = state;
    if (this.taskDirty && this.task !== null) delta.task = this.task;
    this.gatewayDirty = false;
    this.taskDirty = false;
    this.delivered = true;
    return delta;
  }

  /** A plain copy of the whole merged state, as the main thread would hold it. */
  snapshot(): DeviceTelemetry {
    const pending = this.pendingOsd === null ? null : parsed(this.pendingOsd);
    // Parsed once here, not again when the delta is built.
    this.pendingOsd = pending;
    const osd: JsonObject = Object.fromEntries(this.osd);
    return {
      sn: this.sn,
      gateway: this.gateway,
      ts: this.ts,
      receivedAt: this.receivedAt,
      osd: pending === null ? osd : overlay(osd, pending),
      state: Object.fromEntries(this.state),
      task: this.task,
    };
  }
}

/** Bound of `SHARED_NAMES`: a client can invent any names, the fleet's models are few. */
const SHARED_NAMES_MAX = 32;
/**
 * Name lists of full bodies, shared by every record whose device sends the same names in the same
 * order (one list per aircraft model): the check on every message then reads one list that stays in
 * the CPU cache instead of one list per device.
 */
const SHARED_NAMES: (readonly string[])[] = [];

/** The shared list equal to `names`, or `names` itself (shared from now on while there is room). */
function sharedNames(names: readonly string[]): readonly string[] {
  for (const list of SHARED_NAMES) {
    if (list.length === names.length && list.every((name, i) => name === names[i])) return list;
  }
  if (SHARED_NAMES.length < SHARED_NAMES_MAX) SHARED_NAMES.push(names);
  return names;
}

/** A pending body as an object: parsed again when it was kept as a payload. */
function parsed(pending: JsonObject | PayloadCopy): JsonObject {
  return pending instanceof PayloadCopy ? pending.data() : pending;
}

/** A new object with the fields of `base`, then those of `top` over them (never `__proto__`). */
function overlay(base: JsonObject, top: JsonObject): JsonObject {
  const out: JsonObject = {};
  for (const body of [base, top]) {
    for (const key in body) {
      const value = body[key];
      if (key !== '__proto__' && value !== undefined) out[key] = value;
    }
  }
  return out;
}

/** Writes a message's fields over the merged ones, without comparing (that waits for the delta). */
function overwrite(fields: Map<string, JsonValue>, data: JsonObject): void {
  for (const key in data) {
    // `__proto__` would become a prototype, not a field, once copied into a plain delta object.
    if (key === '__proto__') continue;
    const value = data[key];
    if (value !== undefined) fields.set(key, value);
  }
}

/**
 * The fields of `fields` that differ from `sent`, recording them as sent; `null` when none do.
 * Primitives compare by value; an object that no message replaced is the very reference sent, so
 * only replaced objects pay for the structural comparison.
 */
function changed(fields: Map<string, JsonValue>, sent: Map<string, JsonValue>): JsonObject | null {
  let out: JsonObject | null = null;
  for (const [key, value] of fields) {
    const previous = sent.get(key);
    if (previous === value) continue;
    if (typeof value === 'object' && value !== null && jsonEqual(previous, value)) {
      // Equal by structure: remember the new reference so the next frame settles it by identity.
      sent.set(key, value);
      continue;
    }
    sent.set(key, value);
    out ??= {};
    out[key] = value;
  }
  return out;
}
