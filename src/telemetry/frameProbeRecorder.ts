/**
 * The recording half of the publish→screen latency probe, loaded only when a benchmark asks for it
 * (see `frameProbe.ts`): its rings take ~3 MB, which no production tab should carry.
 */
import type { CoreStats, FleetDelta } from '../../protocol/telemetry.ts';
import type { MapFrame } from '../../workers/api.ts';

/** Room for ~10 s of samples from 2 000 drones at 10 Hz; older samples are overwritten. */
const SAMPLE_CAP = 200_000;
/** Pending stamps waiting for a draw; bounded so a page without a map cannot grow it. */
const PENDING_CAP = 200_000;

export interface ProbeReport {
  /** publish→screen latencies (ms) since the last drain, oldest first. */
  latenciesMs: number[];
  /** publish→worker latencies (ms): the broker's share of the above. */
  arrivalMs: number[];
  /** Deltas applied and device updates in them since the last drain. */
  deltas: number;
  deviceUpdates: number;
  /** The worker's counters at the latest delta. */
  stats: CoreStats | null;
}

/** A fixed-size ring of latency samples. */
class SampleRing {
  private readonly values = new Float64Array(SAMPLE_CAP);
  private count = 0;

  push(value: number): void {
    this.values[this.count % SAMPLE_CAP] = value;
    this.count += 1;
  }

  /** The kept samples, oldest first; the ring is empty afterwards. */
  drain(): number[] {
    const kept = Math.min(this.count, SAMPLE_CAP);
    const start = this.count - kept;
    const out = Array.from({ length: kept }, (_, i) => this.values[(start + i) % SAMPLE_CAP] ?? 0);
    this.count = 0;
    return out;
  }
}

const screen = new SampleRing();
const arrival = new SampleRing();
const pending: number[] = [];
let inFlight: number[] = [];
let deltas = 0;
let deviceUpdates = 0;
let lastStats: CoreStats | null = null;

/** Payload timestamps of the previous map table, to tell which rows moved since. */
let lastTs: Float64Array | null = null;

/**
 * Notes the payload timestamps of a delta just applied to the store: from the map table when it came
 * with one (every device that moved, whether or not its detail was due), else from its devices.
 */
export function noteDeltaApplied(delta: FleetDelta & { map?: MapFrame }): void {
  deltas += 1;
  deviceUpdates += delta.devices.length;
  lastStats = delta.stats;
  if (pending.length > PENDING_CAP) pending.length = 0;
  if (delta.map !== undefined) {
    noteTable(delta.map);
    return;
  }
  for (const device of delta.devices) {
    pending.push(device.ts);
    arrival.push(device.receivedAt - device.ts);
  }
}

function noteTable(map: MapFrame): void {
  const previous = lastTs;
  for (let row = 0; row < map.ts.length; row++) {
    const ts = map.ts[row] ?? 0;
    if (ts <= 0 || (previous !== null && previous[row] === ts)) continue;
    pending.push(ts);
    arrival.push((map.receivedAt[row] ?? ts) - ts);
  }
  lastTs = map.ts;
}

/** Notes that everything applied so far has been handed to the map. */
export function noteDataPushed(): void {
  inFlight = inFlight.concat(pending);
  pending.length = 0;
}

/** Notes that the screen now shows the data pushed before: each stamp becomes a latency sample. */
export function noteFrameDrawn(now: number): void {
  for (const ts of inFlight) screen.push(now - ts);
  inFlight = [];
}

/** Returns and clears the samples and counters gathered since the previous call. */
export function drainProbe(): ProbeReport {
  const report = {
    latenciesMs: screen.drain(),
    arrivalMs: arrival.drain(),
    deltas,
    deviceUpdates,
    stats: lastStats,
  };
  deltas = 0;
  deviceUpdates = 0;
  return report;
}
