import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Remote } from 'comlink';
import { installClock } from '../../../../src/lib/clock.ts';
import { VirtualClock } from '../../../../src/lib/virtualClock.ts';
import { resetFleet } from '../../../../src/fleet/fleet.ts';
import { startTelemetryBridge } from '../../../../src/telemetry/bridge.ts';
import { devicePosition } from '../../../../src/fleet/table/fleetPositions.ts';
import { holdInterest, LARGE_FLEET, setInterest } from '../../../../src/fleet/interest.ts';
import type { MapFrame } from '../../../../workers/api.ts';
import type { TelemetryWorkerApi } from '../../../../workers/api.ts';
import { NO_STATS } from '../fakeWorker.ts';

const fleetOf = (n: number): string[] =>
  Array.from({ length: n }, (_, i) => `UAV${String(i).padStart(4, '0')}`);

/** A stand-in worker that records the interest it is told and lets the test send frames. */
function stubWorker() {
  const told: (string[] | null)[] = [];
  let onDelta: ((delta: unknown) => void) | null = null;
  const remote = {
    onDelta: (listener: (delta: unknown) => void) => {
      onDelta = listener;
      return Promise.resolve();
    },
    onConnection: () => Promise.resolve(),
    ack: () => Promise.resolve(),
    setWatched: () => Promise.resolve(),
    setKinds: () => Promise.resolve(),
    resync: () => Promise.resolve(),
    setInterest: (sns: string[] | null) => {
      told.push(sns);
      return Promise.resolve();
    },
    connect: () => Promise.resolve(),
    disconnect: () => Promise.resolve(),
  };
  return {
    told,
    send: (delta: unknown) => onDelta?.(delta),
    handle: { remote: remote as unknown as Remote<TelemetryWorkerApi>, dispose: () => undefined },
  };
}

function table(sns: string[] | null, lon: number[]): MapFrame {
  const n = lon.length;
  const filled = (v: number) => new Float64Array(n).fill(v);
  return {
    version: 1,
    sns,
    lon: Float64Array.from(lon),
    lat: filled(22.5),
    heading: new Float32Array(n).fill(90),
    height: new Float32Array(n).fill(NaN),
    battery: new Float32Array(n).fill(60),
    mode: new Int16Array(n).fill(-1),
    elevation: new Float32Array(n).fill(NaN),
    speed: new Float32Array(n).fill(NaN),
    droneInDock: new Int8Array(n).fill(-1),
    ts: filled(1_000),
    receivedAt: filled(1_010),
  };
}

let restoreClock: () => void;
const settle = async (): Promise<void> => {
  for (let i = 0; i < 10; i += 1) await Promise.resolve();
};

function start(serials: string[]) {
  const worker = stubWorker();
  let onChange = (): void => undefined;
  const stop = startTelemetryBridge(
    {
      token: () => null,
      clientId: () => '123456',
      serials: () => serials,
      watch: (listener) => {
        onChange = listener;
        return () => undefined;
      },
      loadConfig: () => Promise.resolve({ ws_url: '/mqtt', username: 'u' }),
      refresh: () => Promise.resolve(false),
      setOnline: () => undefined,
    },
    () => worker.handle,
  );
  return { worker, stop, change: () => onChange() };
}

beforeEach(() => {
  vi.stubGlobal('window', { location: { href: 'http://console.test/' } });
  restoreClock = installClock(new VirtualClock());
  resetFleet();
});

afterEach(() => {
  setInterest('test', []);
  restoreClock();
  vi.unstubAllGlobals();
});

describe('interest and the map table on the main thread', () => {
  it('leaves a small fleet in full detail and narrows a large one to what the UI shows', async () => {
    const small = start(fleetOf(3));
    setInterest('test', ['UAV0001']);
    await settle();
    expect(small.worker.told).toEqual([]);
    small.stop();

    const large = start(fleetOf(LARGE_FLEET));
    await settle();
    expect(large.worker.told.at(-1)).toEqual(['UAV0001']);
    setInterest('test', []);
    await settle();
    expect(large.worker.told.at(-1)).toEqual([]);
    large.stop();
  });

  it('keeps a device that some reader holds in the interest until its last reader lets go', async () => {
    const large = start(fleetOf(LARGE_FLEET));
    await settle();
    setInterest('test', ['UAV0001']);
    const cockpit = holdInterest('UAV0009');
    const hud = holdInterest('UAV0009');
    const row = holdInterest('UAV0003');
    await settle();
    expect(large.worker.told.at(-1)).toEqual(['UAV0001', 'UAV0003', 'UAV0009']);
    const toldBefore = large.worker.told.length;
    cockpit();
    cockpit();
    row();
    await settle();
    expect(large.worker.told.at(-1)).toEqual(['UAV0001', 'UAV0009']);
    // The three changes above reach the worker as one.
    expect(large.worker.told.length).toBe(toldBefore + 1);
    hud();
    await settle();
    expect(large.worker.told.at(-1)).toEqual(['UAV0001']);
    large.stop();
  });

  it('reads positions from the transferred table, names sent once', async () => {
    const { worker, stop } = start(fleetOf(2));
    await settle();
    const frame = { emittedAt: 0, devices: [], events: [], stats: NO_STATS };
    worker.send({ ...frame, seq: 1, map: table(['UAV0000', 'UAV0001'], [113.9, 114.0]) });
    worker.send({ ...frame, seq: 2, map: table(null, [113.95, 114.05]) });
    expect(devicePosition('UAV0001')).toEqual({
      lon: 114.05,
      lat: 22.5,
      heading: 90,
      height: null,
      battery: 60,
      mode: null,
      ts: 1_000,
    });
    expect(devicePosition('UAV9999')).toBeNull();
    stop();
    expect(devicePosition('UAV0001')).toBeNull();
  });
});
