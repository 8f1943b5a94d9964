/**
 * The telemetry bridge: starts the worker, connects it with the signed-in user's token, keeps its
 * watched serial numbers in step with the current project, and applies each delta to the fleet store
 * in one batch. The delta is acknowledged on the next animation frame, so the worker never runs ahead
 * of what the screen can show: while the tab is busy or hidden, changes coalesce in the worker.
 */
import { proxy as comlinkProxy } from 'comlink';
import type { ConnectionState } from '../../protocol/telemetry.ts';
import { clock } from '../lib/clock.ts';
import type { Cancel } from '../lib/clock.ts';
import {
  aircraftHistories,
  fillHistory,
  heldHistory,
  onInterestChange,
  refreshFleetCounts,
  resetFleetPositions,
  setLinkState,
} from '../fleet/fleet.ts';
import type { BridgeInputs } from './bridgeInputs.ts';
import { createBridgeRenewal } from './bridgeRenewal.ts';
import type { TelemetryWorkerHandle } from './createTelemetryWorker.ts';
import { createTelemetryWorker } from './createTelemetryWorker.ts';
import { deltaApplier } from './deltaApplier.ts';
import { onHistoryShown, shownHistories } from './shownHistories.ts';
import { attachRunLink, detachRunLink } from './runFeed.ts';
import { attachCockpitLink, detachCockpitLink } from './cockpitLink.ts';
import { holdKinds, onKindsChange } from './telemetryKinds.ts';
import { createTrackBackfill } from './trackBackfill.ts';
import type { TrackBackfill } from './trackBackfill.ts';
import { createWorkerSync } from './workerSync.ts';

export type { BridgeInputs } from './bridgeInputs.ts';
export { brokerUrl } from './brokerUrl.ts';

/** Online/offline is a matter of silence too, so the counters are recounted this often (ms). */
const COUNTS_REFRESH_MS = 1_000;
/**
 * After the broker refuses the token (it expired, or the server restarted with new keys) the bridge
 * refreshes the token, asks for the config again, then reconnects.
 */
const REFUSED_RETRY_MS = 5_000;

/** The backfill of the fleet store's histories, reading through `readTrack`. */
function fleetBackfill(readTrack: NonNullable<BridgeInputs['readTrack']>): TrackBackfill {
  return createTrackBackfill({
    readTrack,
    histories: aircraftHistories,
    historyOf: heldHistory,
    fill: fillHistory,
    shown: shownHistories,
    onShown: onHistoryShown,
  });
}

/** Starts the bridge; the returned function stops it and the worker. */
export function startTelemetryBridge(
  inputs: BridgeInputs,
  create: () => TelemetryWorkerHandle = createTelemetryWorker,
): () => void {
  const { remote, dispose } = create();
  attachCockpitLink(remote);
  attachRunLink(remote);
  const backfill = inputs.readTrack === undefined ? null : fleetBackfill(inputs.readTrack);
  let stopped = false;
  const isStopped = (): boolean => stopped;
  const renewal = createBridgeRenewal(inputs, isStopped);
  const worker = createWorkerSync(remote, inputs, renewal, isStopped);

  let cancelRetry: Cancel | undefined;
  const onState = (state: ConnectionState): void => {
    setLinkState(state);
    inputs.setOnline(state === 'online');
    if (!stopped) backfill?.linkState(state);
    if (state !== 'refused' || stopped) return;
    cancelRetry?.();
    cancelRetry = clock.setTimeout(() => {
      // A token past its renewal point (the renewal timer was late: a sleeping laptop) is renewed
      // first. A fresh one is kept: the refusal was of a topic, and the config call below would
      // still refresh a token the server no longer takes.
      const due = renewal.isDue();
      void (due ? inputs.refresh() : Promise.resolve(false)).finally(() => {
        if (stopped) return;
        worker.forgetConfig();
        worker.forgetToken();
        run();
      });
    }, REFUSED_RETRY_MS);
  };

  // Changes are applied one after another: a connect still in flight must finish before the next.
  let chain = Promise.resolve();
  const run = (): void => {
    // A change queued behind a stop would call the worker's released proxy.
    chain = chain
      .then(() => (stopped ? undefined : worker.sync()))
      .catch((error: unknown) => {
        // A failed config call leaves the console offline; the next change of token or devices retries.
        worker.forgetToken();
        setLinkState('offline');
        console.warn('[telemetry] could not connect:', error);
      });
  };

  void remote.onConnection(comlinkProxy(onState));
  void remote.onDelta(comlinkProxy(deltaApplier(remote, isStopped)));
  const unwatch = inputs.watch(run);
  const offInterest = onInterestChange(run);
  // The fleet store files every frame's HMS sets and AI detections (`applyFleetDelta`): the alarm
  // feed, its toasts and counters read them whichever page is open, for as long as the bridge runs.
  const releaseAlarmKinds = holdKinds(['hms', 'ai_alarm']);
  const offKinds = onKindsChange(run);
  const stopRecount = clock.setInterval(() => refreshFleetCounts(), COUNTS_REFRESH_MS);
  run();

  return () => {
    stopped = true;
    detachCockpitLink(remote);
    detachRunLink(remote);
    unwatch();
    offInterest();
    offKinds();
    releaseAlarmKinds();
    resetFleetPositions();
    stopRecount();
    cancelRetry?.();
    renewal.cancel();
    backfill?.dispose();
    inputs.setOnline(false);
    setLinkState('idle');
    void remote.disconnect().finally(dispose);
  };
}
