import type { FleetDelta } from '../../protocol/telemetry.ts';
import type { TelemetryFrame } from '../../workers/api.ts';
import { clock } from '../lib/clock.ts';
import { applyFleetDelta } from '../fleet/fleet.ts';
import type { TelemetryWorkerHandle } from './createTelemetryWorker.ts';
import { noteDeltaApplied, noteStep, stepStart } from './frameProbe.ts';

/** One worker frame as the bridge receives it: the fleet's delta, with the table's rows when sent. */
export type BridgeDelta = FleetDelta & Partial<Pick<TelemetryFrame, 'map' | 'tableOnly'>>;

/**
 * The bridge's handler of the worker's frames: applies each to the fleet store in one batch and
 * acknowledges it on the next animation frame, so the worker never runs ahead of the screen.
 */
export function deltaApplier(
  remote: Pick<TelemetryWorkerHandle['remote'], 'ack'>,
  isStopped: () => boolean,
): (delta: BridgeDelta) => void {
  return (delta) => {
    stepStart('apply');
    applyFleetDelta(delta);
    noteDeltaApplied(delta);
    noteStep('apply');
    // The frame may come after the bridge stopped and released the worker's proxy, which throws
    // on any call: a page left just after a delta must not raise a page error.
    clock.requestFrame(() => {
      if (!isStopped()) void remote.ack(delta.seq);
    });
  };
}
