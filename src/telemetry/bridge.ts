/**
 * The telemetry bridge: starts the worker, connects it with the signed-in user's token, keeps its
 * watched serial numbers in step with the current project, and applies each delta to the fleet store
 * in one batch. The delta is acknowledged on the next animation frame, so the worker never runs ahead
 * of what the screen can show: while the tab is busy or hidden, changes coalesce in the worker.
 */
import { proxy as comlinkProxy } from 'comlink';
import type { ConnectionState, FleetDelta } from '../../protocol/telemetry.ts';
import type { MqttConfig } from '../../protocol/http.ts';
import { applyFleetDelta, refreshFleetCounts, setLinkState } from '../state/fleet.ts';
import type { TelemetryWorkerHandle } from './createTelemetryWorker.ts';
import { createTelemetryWorker } from './createTelemetryWorker.ts';
import { noteDeltaApplied } from './frameProbe.ts';

/** Online/offline is a matter of silence too, so the counters are recounted this often (ms). */
const COUNTS_REFRESH_MS = 1_000;
/**
 * After the broker refuses the token (it expired, or the server restarted with new keys) the bridge
 * asks for the config again, an authenticated call that refreshes the token first, then reconnects.
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
  setOnline(online: boolean): void;
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
  let stopped = false;
  let connectedToken: string | null = null;
  let config: MqttConfig | null = null;
  let watched = '';

  let retry: number | undefined;
  const onState = (state: ConnectionState): void => {
    setLinkState(state);
    inputs.setOnline(state === 'online');
    if (state !== 'refused' || stopped) return;
    window.clearTimeout(retry);
    retry = window.setTimeout(() => {
      config = null;
      connectedToken = null;
      run();
    }, REFUSED_RETRY_MS);
  };
  const onDelta = (delta: FleetDelta): void => {
    applyFleetDelta(delta);
    noteDeltaApplied(delta);
    requestAnimationFrame(() => void remote.ack(delta.seq));
  };

  async function sync(): Promise<void> {
    const serials = [...inputs.serials()].sort();
    const key = serials.join(',');
    if (key !== watched) {
      watched = key;
      await remote.setWatched(serials);
    }
    const token = inputs.token();
    if (token === connectedToken) return;
    connectedToken = token;
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

  // Changes are applied one after another: a connect still in flight must finish before the next.
  let chain = Promise.resolve();
  const run = (): void => {
    chain = chain.then(sync).catch((error: unknown) => {
      // A failed config call leaves the console offline; the next change of token or devices retries.
      connectedToken = null;
      setLinkState('offline');
      console.warn('[telemetry] could not connect:', error);
    });
  };

  void remote.onConnection(comlinkProxy(onState));
  void remote.onDelta(comlinkProxy(onDelta));
  const unwatch = inputs.watch(run);
  const timer = window.setInterval(() => refreshFleetCounts(), COUNTS_REFRESH_MS);
  run();

  return () => {
    stopped = true;
    unwatch();
    window.clearInterval(timer);
    window.clearTimeout(retry);
    inputs.setOnline(false);
    setLinkState('idle');
    void remote.disconnect().finally(dispose);
  };
}
