/** A stand-in for the telemetry worker: records what the bridge asks and lets a test speak for it. */
import type { Remote } from 'comlink';
import type { ConnectionState, CoreStats, FleetDelta } from '../../../protocol/telemetry.ts';
import type { DeviceDelta } from '../../../protocol/telemetry.ts';
import type { TelemetryWorkerHandle } from '../../../src/telemetry/createTelemetryWorker.ts';
import type { TelemetryWorkerApi } from '../../../workers/api.ts';

export const NO_STATS: CoreStats = {
  in: 0,
  dropped: 0,
  merged: 0,
  deltasOut: 0,
  coalesced: 0,
  lagMs: 0,
  eventsDropped: 0,
  eventsUnread: 0,
};

/** The fake worker's side: what it was told and how to answer. */
export interface FakeWorker {
  handle: TelemetryWorkerHandle;
  acks: number[];
  /** Whether the bridge disposed of the worker (a real proxy then refuses every call). */
  released: boolean;
  connects: number;
  /** The password (access token) of the latest connect. */
  connectedWith: string | null;
  sendDelta(delta: FleetDelta): void;
  sendState(state: ConnectionState): void;
}

/** Creates a fake worker; its callbacks are those the bridge registered. */
export function fakeWorker(): FakeWorker {
  let onDelta: ((delta: FleetDelta) => void) | null = null;
  let onState: ((state: ConnectionState) => void) | null = null;
  const fake: FakeWorker = {
    acks: [],
    released: false,
    connects: 0,
    connectedWith: null,
    sendDelta: (delta) => onDelta?.(delta),
    sendState: (state) => onState?.(state),
    handle: { remote: null as never, dispose: () => undefined },
  };
  const remote = {
    onDelta: (listener: (delta: FleetDelta) => void) => {
      onDelta = listener;
      return Promise.resolve();
    },
    onConnection: (listener: (state: ConnectionState) => void) => {
      onState = listener;
      return Promise.resolve();
    },
    ack: (seq: number) => {
      // A released comlink proxy throws on every call, synchronously.
      if (fake.released) throw new Error('Proxy has been released and is not useable');
      fake.acks.push(seq);
      return Promise.resolve();
    },
    setWatched: () => Promise.resolve(),
    setKinds: () => Promise.resolve(),
    resync: () => Promise.resolve(),
    connect: (options: { password: string }) => {
      fake.connects += 1;
      fake.connectedWith = options.password;
      return Promise.resolve();
    },
    disconnect: () => Promise.resolve(),
  };
  fake.handle = {
    remote: remote as unknown as Remote<TelemetryWorkerApi>,
    dispose: () => {
      fake.released = true;
    },
  };
  return fake;
}

/** A delta with `devices`, numbered `seq`. */
export function delta(seq: number, devices: DeviceDelta[]): FleetDelta {
  return { seq, emittedAt: 0, devices, events: [], stats: NO_STATS };
}
