/**
 * The telemetry Web Worker: the tab's single MQTT connection and the streaming core, exposed with
 * comlink. Its API is declared, signature by signature, in `api.ts`; the main thread starts it in
 * `src/telemetry/createTelemetryWorker.ts` and reaches it only through that declaration.
 */
import * as Comlink from 'comlink';
import type { ConnectOptions, JsonObject, TelemetryEventKind } from '../protocol/telemetry.ts';
import type { DrcOutgoing, DrcUpListener } from '../protocol/cockpitLink.ts';
import { mapFrameBuffers } from './core/mapFrame.ts';
import type {
  ConnectionListener,
  DeltaListener,
  MqttQos,
  RunGrantListener,
  RunUpdateListener,
  TelemetryWorkerApi,
} from './api.ts';
import { createTelemetryService } from './telemetryService.ts';

const service = createTelemetryService({ splitPublishes: true });
let deltaListener: DeltaListener | null = null;
let connectionListener: ConnectionListener | null = null;
let drcListener: DrcUpListener | null = null;
let runListener: RunUpdateListener | null = null;
let runGrant: RunGrantListener | null = null;

const api = {
  connect: (options: ConnectOptions) => service.connect(options),
  disconnect: () => service.disconnect(),
  setWatched: (sns: string[]) => service.setWatched(sns),
  /** Pass `Comlink.proxy(fn)`; a new listener replaces (and releases) the previous one. */
  onDelta: (listener: DeltaListener | null) => {
    release(deltaListener);
    deltaListener = listener;
    // The map table's arrays are transferred, not cloned: the worker never touches them again.
    service.onDelta(
      listener === null
        ? null
        : (delta) => listener(Comlink.transfer(delta, mapFrameBuffers(delta.map))),
    );
  },
  ack: (seq: number) => service.ack(seq),
  resync: () => service.resync(),
  setInterest: (sns: string[] | null) => service.setInterest(sns),
  setKinds: (kinds: TelemetryEventKind[] | null) => service.setKinds(kinds),
  /** Pass `Comlink.proxy(fn)`; it is called at once with the current state, then on every change. */
  onConnection: (listener: ConnectionListener | null) => {
    release(connectionListener);
    connectionListener = listener;
    service.onConnection(listener);
  },
  publish: (topic: string, payload: JsonObject, qos: MqttQos) =>
    service.publish(topic, payload, qos),
  /** Pass `Comlink.proxy(fn)` for the session's `drc/up`; it replaces (and releases) the previous one. */
  drcOpen: (gatewaySn: string, listener: DrcUpListener | null) => {
    release(drcListener);
    drcListener = listener;
    service.drcOpen(gatewaySn, listener);
  },
  drcSend: (out: DrcOutgoing) => service.drcSend(out),
  drcClose: () => {
    release(drcListener);
    drcListener = null;
    service.drcClose();
  },
  /**
   * Pass `Comlink.proxy(fn)` for the run updates and for whether the broker grants them; they
   * replace (and release) the previous ones.
   */
  runsOpen: (workspaceId: number, listener: RunUpdateListener, grant?: RunGrantListener) => {
    release(runListener);
    release(runGrant);
    runListener = listener;
    runGrant = grant ?? null;
    service.runsOpen(workspaceId, listener, grant);
  },
  runsClose: () => {
    release(runListener);
    release(runGrant);
    runListener = null;
    runGrant = null;
    service.runsClose();
  },
  stats: () => service.stats(),
  refusedTopics: () => service.refusedTopics(),
} satisfies TelemetryWorkerApi;

/** Frees the MessagePort behind a replaced comlink callback; plain functions have nothing to free. */
function release(listener: object | null): void {
  if (listener === null) return;
  const free: unknown = Reflect.get(listener, Comlink.releaseProxy);
  if (typeof free === 'function') free.call(listener);
}

Comlink.expose(api);
