/**
 * Publish→screen latency probe, the part every tab carries. The bridge notes each applied delta and
 * the map notes when it has drawn the frame holding it; while no benchmark asked for the probe these
 * calls do nothing. A benchmark (bench/e2e, and the end-to-end tests that read the worker's counters)
 * sets `window.__skydeckProbeWanted = true` before the page loads; then {@link installProbe} loads
 * the recorder (`frameProbeRecorder.ts`, ~3 MB of rings) and exposes it as `window.__skydeckProbe`.
 */
import type { FleetDelta } from '../../protocol/telemetry.ts';
import type { MapFrame } from '../../workers/api.ts';
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
export function noteDeltaApplied(delta: FleetDelta & { map?: MapFrame }): void {
  recorder?.noteDeltaApplied(delta);
}

/** Main-thread steps of the telemetry path whose time a benchmark attributes to telemetry. */
export type TelemetryStep = 'apply' | 'map';

/**
 * Marks the start of a telemetry step (User Timing), only while a benchmark asked for the probe; the
 * benchmark sums the `skydeck:<step>` measures with a PerformanceObserver.
 */
export function stepStart(step: TelemetryStep): void {
  if (recorder !== null) performance.mark(`skydeck:${step}:start`);
}

/** Measures the step begun by {@link stepStart}; the timeline buffer is cleared at once. */
export function noteStep(step: TelemetryStep): void {
  if (recorder === null) return;
  const name = `skydeck:${step}`;
  performance.measure(name, `${name}:start`);
  performance.clearMarks(`${name}:start`);
  performance.clearMeasures(name);
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
