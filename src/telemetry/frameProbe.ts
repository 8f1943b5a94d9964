/**
 * Publish→screen latency probe, the part every tab carries. The bridge notes each applied delta and
 * the map notes when it has drawn the frame holding it; while no benchmark asked for the probe these
 * calls do nothing. A benchmark (bench/e2e, and the end-to-end tests that read the worker's counters)
 * sets `window.__skydeckProbeWanted = true` before the page loads; then {@link installProbe} loads
 * the recorder (`frameProbeRecorder.ts`, ~3 MB of rings) and exposes it as `window.__skydeckProbe`.
 */
import type { FleetDelta } from '../../protocol/telemetry.ts';
import { clock } from '../lib/clock.ts';
import type * as Recorder from './frameProbeRecorder.ts';
import type { ProbeReport } from './frameProbeRecorder.ts';

export type { ProbeReport } from './frameProbeRecorder.ts';

declare global {
  /** Set by a benchmark before any page script runs; not an API for the app. */
  var __skydeckProbeWanted: boolean | undefined;
  /** Read by the end-to-end benchmark; not an API for the app. */
  var __skydeckProbe: { drain: () => ProbeReport } | undefined;
}

/** The recorder, once asked for and loaded. */
let recorder: typeof Recorder | null = null;

/** Notes the payload timestamps of a delta just applied to the store. */
export function noteDeltaApplied(delta: FleetDelta): void {
  recorder?.noteDeltaApplied(delta);
}

/** Notes that everything applied so far has been handed to the map. */
export function noteDataPushed(): void {
  recorder?.noteDataPushed();
}

/** Notes that the screen now shows the data pushed before: each stamp becomes a latency sample. */
export function noteFrameDrawn(now = clock.now()): void {
  recorder?.noteFrameDrawn(now);
}

/** Loads the recorder and exposes it on `window`, only when a benchmark asked for it. */
export async function installProbe(): Promise<void> {
  if (globalThis.__skydeckProbeWanted !== true || recorder !== null) return;
  try {
    const loaded = await import('./frameProbeRecorder.ts');
    recorder = loaded;
    globalThis.__skydeckProbe = { drain: loaded.drainProbe };
  } catch (error: unknown) {
    // A benchmark without its probe reports empty samples; the console itself is unaffected.
    console.warn('[telemetry] could not load the frame probe:', error);
  }
}
