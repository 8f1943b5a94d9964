/**
 * The telemetry worker's boundary, declared once: every call the main thread may make, with its
 * full signature, and what comes back across. The worker's comlink API is checked against it
 * (`satisfies TelemetryWorkerApi` in `telemetry.worker.ts`), and the main thread wraps the worker as
 * `Remote<TelemetryWorkerApi>` (`src/telemetry/createTelemetryWorker.ts`). The console imports
 * nothing else of `workers/`, so the worker's internals can change behind this file:
 *
 * ```ts
 * const remote = Comlink.wrap<TelemetryWorkerApi>(worker);
 * await remote.onConnection(Comlink.proxy((state) => { … }));
 * await remote.onDelta(Comlink.proxy((delta) => { apply(delta); nextFrame(() => void remote.ack(delta.seq)); }));
 * await remote.connect({ url, clientId, username, password: accessToken });
 * await remote.setWatched(serialNumbers);
 * await remote.setKinds(['hms', 'ai_alarm']); // the event kinds read; others never cross
 * ```
 *
 * Back-pressure: after each delta the worker sends nothing until `ack(delta.seq)`; changes meanwhile
 * fold into the next delta. A consumer that never acks receives exactly one delta.
 */
import type { DrcOutgoing, DrcUpListener } from '../protocol/cockpitLink.ts';
import type { RunUpdate } from '../protocol/tasks.ts';
import type {
  ConnectionState,
  ConnectOptions,
  CoreStats,
  FleetDelta,
  JsonObject,
  TelemetryEventKind,
} from '../protocol/telemetry.ts';

/**
 * The few fields the console reads of every device, one row per device, as typed arrays: what the
 * map draws, what the fleet's counters and colours judge (clock, mode, dock state) and the readings
 * of each aircraft's once-a-second history. They cross to the main thread by transfer (no copy, no
 * clone), so a 2 000-drone frame costs the worker a few array writes per device instead of a
 * structured clone of every changed field; the rest of a device's fields follow every few seconds
 * unless the UI shows it. Unknown values are `NaN` (numbers) or `-1` (codes).
 */
export interface MapFrame {
  /** Increases whenever a row is added; rows of one version always name the same devices. */
  version: number;
  /** Serial number of each row; only sent when `version` changed (or after a resync), else `null`. */
  sns: string[] | null;
  lon: Float64Array;
  lat: Float64Array;
  /** `attitude_head`, degrees. */
  heading: Float32Array;
  /** `height`, metres (ellipsoid). */
  height: Float32Array;
  /** `battery.capacity_percent`. */
  battery: Float32Array;
  /** `mode_code`. */
  mode: Int16Array;
  /** `elevation`, metres above the take-off point. */
  elevation: Float32Array;
  /** `horizontal_speed`, m/s. */
  speed: Float32Array;
  /** A dock's `drone_in_dock` (0 or 1). */
  droneInDock: Int8Array;
  /** Payload `timestamp` of the device's newest message (ms since epoch, device clock). */
  ts: Float64Array;
  /** When the worker last received a message of the device (ms since epoch, worker clock). */
  receivedAt: Float64Array;
}

/**
 * What the worker hands the main thread each frame: the detail delta and the map's table. A
 * table-only frame (`tableOnly`) goes out between detail frames so positions reach the map sooner:
 * its `devices` and `events` are empty and only `map` and `stats` are news.
 */
export interface TelemetryFrame extends FleetDelta {
  map: MapFrame;
  tableOnly: boolean;
}

/** Receives each delta; it must call `ack(delta.seq)` once the delta is applied (ideally drawn). */
export type DeltaListener = (delta: TelemetryFrame) => unknown;
export type ConnectionListener = (state: ConnectionState) => unknown;
export type MqttQos = 0 | 1 | 2;
/** Told each update; a comlink proxy in the worker, so it may answer a promise. */
export type RunUpdateListener = (update: RunUpdate) => unknown;
/**
 * Told whether the broker lets this tab hear the run topic: `false` when it refused it (the role
 * lost the task page), `true` each time the link asks again (every connect).
 */
export type RunGrantListener = (granted: boolean) => unknown;

/** A `drc/down` message as sent: its sequence number and the timestamp it carried. */
export interface DrcSent {
  seq: number;
  timestamp: number;
}

/**
 * The worker's API. Listeners are passed as `Comlink.proxy(fn)`; a new one replaces (and releases)
 * the previous one of its kind.
 */
export interface TelemetryWorkerApi {
  connect: (options: ConnectOptions) => void;
  disconnect: () => void;
  /** The devices whose topics are subscribed. */
  setWatched: (sns: string[]) => void;
  /** The frame consumer; its first delta carries the whole known fleet. */
  onDelta: (listener: DeltaListener | null) => void;
  ack: (seq: number) => void;
  /** Makes the next delta carry every known device in full (the consumer forgot some). */
  resync: () => void;
  /** The devices the UI shows in detail (`null`: every device); see `src/fleet/interest.ts`. */
  setInterest: (sns: string[] | null) => void;
  /** The event kinds some reader declared (`null`: every kind); others never cross. */
  setKinds: (kinds: TelemetryEventKind[] | null) => void;
  /** Called at once with the current state, then on every change. */
  onConnection: (listener: ConnectionListener | null) => void;
  /** Publishes a command to a device (`services` or `drc/down` only). */
  publish: (topic: string, payload: JsonObject, qos: MqttQos) => Promise<void>;
  /** Opens the cockpit's session with a dock: its `drc/up` goes to `listener` until `drcClose`. */
  drcOpen: (gatewaySn: string, listener: DrcUpListener | null) => void;
  drcSend: (out: DrcOutgoing) => Promise<DrcSent>;
  drcClose: () => void;
  /** Follows the runs of `workspaceId` until `runsClose`; `grant` hears whether the broker allows it. */
  runsOpen: (workspaceId: number, listener: RunUpdateListener, grant?: RunGrantListener) => void;
  runsClose: () => void;
  stats: () => CoreStats;
  /** Topics the broker refused since the last connect (the user may not see those devices). */
  refusedTopics: () => string[];
}
