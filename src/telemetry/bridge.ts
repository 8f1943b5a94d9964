/**
 * The telemetry bridge: starts the worker, connects it with the signed-in user's token, keeps its
 * watched serial numbers in step with the current project, and applies each delta to the fleet store
 * in one batch. The delta is acknowledged on the next animation frame, so the worker never runs ahead
 * of what the screen can show: while the tab is busy or hidden, changes coalesce in the worker.
 */
import { proxy as comlinkProxy } from 'comlink';
import type { TrackPointDto } from '../../protocol/alarms.ts';
import type { ConnectionState, FleetDelta } from '../../protocol/telemetry.ts';
import type { TelemetryFrame } from '../../workers/api.ts';
import type { MqttConfig } from '../../protocol/http.ts';
import { clock } from '../lib/clock.ts';
import type { Cancel } from '../lib/clock.ts';
import {
  aircraftHistories,
  applyFleetDelta,
  fillHistory,
  heldHistory,
  interestSerials,
  LARGE_FLEET,
  onInterestChange,
  refreshFleetCounts,
  resetFleetPositions,
  setLinkState,
  setWatchedSerials,
} from '../fleet/fleet.ts';
import type { TelemetryWorkerHandle } from './createTelemetryWorker.ts';
import { createTelemetryWorker } from './createTelemetryWorker.ts';
import { renewalDelayMs } from '../lib/tokenRenewal.ts';
import { noteDeltaApplied, noteStep, stepStart } from './frameProbe.ts';
import { onHistoryShown, shownHistories } from './shownHistories.ts';
import { attachRunLink, detachRunLink } from './runFeed.ts';
import { attachCockpitLink, detachCockpitLink } from './cockpitLink.ts';
import { declaredKinds, holdKinds, onKindsChange } from './telemetryKinds.ts';
import { createTrackBackfill } from './trackBackfill.ts';
import type { TrackBackfill } from './trackBackfill.ts';

/** Online/offline is a matter of silence too, so the counters are recounted this often (ms). */
const COUNTS_REFRESH_MS = 1_000;
/**
 * After the broker refuses the token (it expired, or the server restarted with new keys) the bridge
 * refreshes the token, asks for the config again, then reconnects.
 */
const REFUSED_RETRY_MS = 5_000;

/** What the bridge reads from and writes to the rest of the console. */
export interface BridgeInputs {
  /** The access token, `null` when signed out. */
  token(): string | null;
  /** The stored 6-digit client id. */
  clientId(): string;
  /** Serial numbers of the current project's devices. */
  serials(): readonly string[];
  /** Calls `listener` whenever the token or the serial numbers may have changed. */
  watch(listener: () => void): () => void;
  loadConfig(): Promise<MqttConfig>;
  /**
   * Gets a fresh access token through the HTTP client's shared refresh; resolves `true` when the
   * store holds a new one (which {@link BridgeInputs.watch} then reports).
   */
  refresh(): Promise<boolean>;
  setOnline(online: boolean): void;
  /**
   * Reads a device's stored track between two instants (ms since epoch); with it, histories are
   * backfilled after the link was lost (see `trackBackfill.ts`).
   */
  readTrack?: (sn: string, from: number, to: number) => Promise<readonly TrackPointDto[]>;
}

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

/** Resolves the broker address against the page (a relative `/mqtt` becomes `ws(s)://host/mqtt`). */
export function brokerUrl(wsUrl: string, page: string): string {
  const url = new URL(wsUrl, page);
  if (url.protocol === 'http:') url.protocol = 'ws:';
  if (url.protocol === 'https:') url.protocol = 'wss:';
  return url.href;
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
  let connectedToken: string | null = null;
  let config: MqttConfig | null = null;
  let watched = '';
  /** The interest last sent to the worker, as a key; `null` sent means every device in full. */
  let interest: string | null = null;
  /** The event kinds last sent to the worker, as a key; `null` before the first. */
  let kinds: string | null = null;

  let cancelRetry: Cancel | undefined;
  let cancelRenewal: Cancel | undefined;
  /** When the connected token is due for renewal (clock ms); `null` when unknown. */
  let renewAt: number | null = null;
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
      const due = renewAt === null || clock.now() >= renewAt;
      void (due ? inputs.refresh() : Promise.resolve(false)).finally(() => {
        if (stopped) return;
        config = null;
        connectedToken = null;
        run();
      });
    }, REFUSED_RETRY_MS);
  };
  /**
   * The broker ends a connection when its token expires, so a fresh token is fetched before that;
   * the store's change then reconnects the worker with it (see `sync`). A control room may leave the
   * workbench open for hours without any other call that would refresh the token.
   */
  const scheduleRenewal = (token: string | null): void => {
    cancelRenewal?.();
    cancelRenewal = undefined;
    const delay = token === null ? null : renewalDelayMs(token);
    renewAt = delay === null ? null : clock.now() + delay;
    if (delay === null) return;
    cancelRenewal = clock.setTimeout(() => {
      cancelRenewal = undefined;
      if (!stopped && inputs.token() === token) void inputs.refresh();
    }, delay);
  };
  const onDelta = (delta: FleetDelta & Partial<Pick<TelemetryFrame, 'map'>>): void => {
    stepStart('apply');
    applyFleetDelta(delta);
    noteDeltaApplied(delta);
    noteStep('apply');
    // The frame may come after the bridge stopped and released the worker's proxy, which throws
    // on any call: a page left just after a delta must not raise a page error.
    clock.requestFrame(() => {
      if (!stopped) void remote.ack(delta.seq);
    });
  };

  async function sync(): Promise<void> {
    const serials = [...inputs.serials()].sort();
    const key = serials.join(',');
    // The store forgets unwatched devices at once (a project switch must not linger on screen) …
    const changed = setWatchedSerials(serials);
    if (key !== watched) {
      watched = key;
      await remote.setWatched(serials);
    }
    // … and the worker resends the watched ones in full, so nothing waits for its next change.
    if (changed) await remote.resync();
    await syncInterest(serials.length);
    await syncKinds();
    const token = inputs.token();
    if (token === connectedToken) return;
    connectedToken = token;
    scheduleRenewal(token);
    if (token === null) {
      await remote.disconnect();
      return;
    }
    config ??= await inputs.loadConfig();
    if (stopped) return;
    const url = brokerUrl(config.ws_url, window.location.href);
    // The worker adds a per-tab suffix to the stored id, so two tabs do not knock each other off.
    await remote.connect({
      url,
      clientId: inputs.clientId(),
      username: config.username,
      password: token,
    });
  }

  /** Narrows full-rate detail to what the UI shows, once the fleet is large enough to matter. */
  async function syncInterest(fleetSize: number): Promise<void> {
    const sns = fleetSize >= LARGE_FLEET ? interestSerials() : null;
    const key = sns === null ? null : sns.join(',');
    if (key === interest) return;
    interest = key;
    await remote.setInterest(sns);
  }

  /** Tells the worker the event kinds the readers declared; it drops the others on arrival. */
  async function syncKinds(): Promise<void> {
    const declared = declaredKinds();
    const key = declared.join(',');
    if (key === kinds) return;
    kinds = key;
    await remote.setKinds(declared);
  }

  // Changes are applied one after another: a connect still in flight must finish before the next.
  let chain = Promise.resolve();
  const run = (): void => {
    // A change queued behind a stop would call the worker's released proxy.
    chain = chain
      .then(() => (stopped ? undefined : sync()))
      .catch((error: unknown) => {
        // A failed config call leaves the console offline; the next change of token or devices retries.
        connectedToken = null;
        setLinkState('offline');
        console.warn('[telemetry] could not connect:', error);
      });
  };

  void remote.onConnection(comlinkProxy(onState));
  void remote.onDelta(comlinkProxy(onDelta));
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
    cancelRenewal?.();
    backfill?.dispose();
    inputs.setOnline(false);
    setLinkState('idle');
    void remote.disconnect().finally(dispose);
  };
}
