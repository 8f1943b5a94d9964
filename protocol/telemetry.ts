/**
 * The contract between the telemetry worker (`workers/`) and the console's main thread
 * (`src/telemetry`). Everything here is structured-clone friendly: plain objects, arrays, numbers,
 * strings. No `any` crosses the boundary.
 */

export type JsonPrimitive = string | number | boolean | null;
export type JsonValue = JsonPrimitive | JsonValue[] | { [key: string]: JsonValue };
export type JsonObject = { [key: string]: JsonValue };

/** Which device a serial number is, from its model triple's domain (0 aircraft, 2 RC, 3 dock). */
export type DeviceKind = 'aircraft' | 'dock' | 'rc' | 'unknown';

/** The merged live state of one device, as the main thread holds it. */
export interface DeviceTelemetry {
  sn: string;
  /** Gateway serial number from the envelope's `gateway` field, when known. */
  gateway: string | null;
  /** Payload `timestamp` (ms since epoch) of the newest message merged in. */
  ts: number;
  /** When the worker received that message (ms since epoch, worker clock). */
  receivedAt: number;
  /** Merged `osd` fields: partial messages are merged, never replaced. */
  osd: JsonObject;
  /** Merged `state` fields. */
  state: JsonObject;
  /** Latest `taskInfo` body published by the server for this device. */
  task: JsonObject | null;
}

/** Only what changed for one device since the previous delta. */
export interface DeviceDelta {
  sn: string;
  gateway?: string | null;
  ts: number;
  receivedAt: number;
  /** Changed top-level osd fields with their new values. */
  osd?: JsonObject;
  state?: JsonObject;
  task?: JsonObject;
}

/** Every kind of event the worker tells apart (see `workers/core/eventKind.ts`). */
export const TELEMETRY_EVENT_KINDS = [
  'hms',
  'flighttask_progress',
  'ai_alarm',
  'gas_reading',
  'flight_areas_drone_location',
  'drc',
  'other',
] as const;
export type TelemetryEventKind = (typeof TELEMETRY_EVENT_KINDS)[number];

/**
 * One device event (alarm, task progress, DRC reply…), batched per frame. Only the kinds some reader
 * declared cross; those are never dropped silently (see `CoreStats`).
 */
export interface TelemetryEvent {
  sn: string;
  kind: TelemetryEventKind;
  method: string;
  ts: number;
  receivedAt: number;
  data: JsonValue;
}

/** Counters of every pipeline stage: the console shows them and the benchmark reads them. */
export interface CoreStats {
  /** Messages received from the broker, but the cockpit session's `drc/up` (it bypasses the core). */
  in: number;
  /** Malformed JSON, unknown topics, wrong types: counted and dropped. */
  dropped: number;
  /** Messages merged into a device state. */
  merged: number;
  /** Deltas emitted to the main thread. */
  deltasOut: number;
  /** Deltas folded into a later one because the consumer had not taken the previous one yet. */
  coalesced: number;
  /** Age in ms of the oldest message in the last emitted delta (receive → emit). */
  lagMs: number;
  /** Events given up because the queue waiting for the consumer was full (oldest first). */
  eventsDropped: number;
  /**
   * Events of a kind no reader declared (see the worker's `setKinds`): dropped in the worker before
   * they are queued, so they never cross to the main thread.
   */
  eventsUnread: number;
}

/** One frame's worth of change. */
export interface FleetDelta {
  /** Increases by one per delta. */
  seq: number;
  /** Worker clock at emit (ms since epoch). */
  emittedAt: number;
  devices: DeviceDelta[];
  events: TelemetryEvent[];
  stats: CoreStats;
}

/**
 * The worker's MQTT link: `idle` before `connect` and after `disconnect`; `connecting` on the first
 * attempt; `online` once the broker accepted it; `offline` while waiting (with back-off) before the
 * next attempt; `reconnecting` while that attempt runs; `refused` when the broker rejected the
 * credentials (no retry until `connect` is called again) or a subscription (the link stays up for
 * the other devices; the worker's `refusedTopics()` names them).
 */
export type ConnectionState =
  'idle' | 'connecting' | 'online' | 'reconnecting' | 'offline' | 'refused';

export interface ConnectOptions {
  /** WebSocket address of the broker, e.g. `ws://host:8080/mqtt`. */
  url: string;
  /**
   * The stored 6-digit client id. The worker builds the MQTT client id from it as
   * `<username>:skydeck-web-<digits>-<per-tab nonce>` (the broker binds ids to accounts), so two tabs of
   * one browser do not take over each other.
   */
  clientId: string;
  username: string;
  /** The console user's access token. */
  password: string;
}
