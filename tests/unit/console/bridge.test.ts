import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MqttConfig } from '../../../protocol/http.ts';
import { installClock } from '../../../src/lib/clock.ts';
import { VirtualClock } from '../../../src/lib/virtualClock.ts';
import { fleetCounts, onFleetFrame, resetFleet } from '../../../src/fleet/fleet.ts';
import type { BridgeInputs } from '../../../src/telemetry/bridge.ts';
import { startTelemetryBridge } from '../../../src/telemetry/bridge.ts';
import { delta, fakeWorker } from './fakeWorker.ts';
import type { FakeWorker } from './fakeWorker.ts';

const CONFIG: MqttConfig = { ws_url: '/mqtt', username: 'admin' };

let time: VirtualClock;
let restoreClock: () => void;
let worker: FakeWorker;
let loads: number;
let refreshes: number;
let token: string;
let onChange: () => void;

/** An unsigned token shaped like the server's, living `seconds`. */
function tokenLiving(seconds: number, serial: number): string {
  const body = btoa(JSON.stringify({ sub: String(serial), iat: 1_000, exp: 1_000 + seconds }));
  return `header.${body.replace(/=+$/, '')}.signature`;
}
let stop: () => void;

/** Lets the bridge's promise chain (config, connect) run. */
async function settle(): Promise<void> {
  for (let i = 0; i < 10; i += 1) await Promise.resolve();
}

function inputs(): BridgeInputs {
  return {
    token: () => token,
    clientId: () => '123456',
    serials: () => ['UAV1', 'UAV2'],
    watch: (listener) => {
      onChange = listener;
      return () => undefined;
    },
    loadConfig: () => {
      loads += 1;
      return Promise.resolve(CONFIG);
    },
    setOnline: () => undefined,
    refresh: () => {
      refreshes += 1;
      token = tokenLiving(20, refreshes);
      onChange();
      return Promise.resolve(true);
    },
  };
}

beforeEach(async () => {
  vi.stubGlobal('window', { location: { href: 'http://console.test/' } });
  time = new VirtualClock();
  restoreClock = installClock(time);
  resetFleet();
  worker = fakeWorker();
  loads = 0;
  refreshes = 0;
  token = tokenLiving(20, 0);
  stop = startTelemetryBridge(inputs(), () => worker.handle);
  await settle();
});

afterEach(() => {
  stop();
  restoreClock();
  vi.unstubAllGlobals();
});

describe('telemetry bridge under virtual time', () => {
  it('applies a delta in one batch and acknowledges it on the next frame', () => {
    const frames: (readonly string[])[] = [];
    const off = onFleetFrame((changed) => frames.push(changed));
    const now = time.now();
    worker.sendDelta(
      delta(1, [
        { sn: 'UAV1', ts: now, receivedAt: now, osd: { elevation: 10 } },
        { sn: 'UAV2', ts: now, receivedAt: now, osd: { elevation: 20 } },
      ]),
    );
    off();

    expect(frames).toEqual([['UAV1', 'UAV2']]);
    expect(fleetCounts().online).toBe(2);
    expect(worker.acks).toEqual([]);
    time.nextFrame();
    expect(worker.acks).toEqual([1]);
  });

  it('does not acknowledge a delta whose frame comes after the bridge stopped', async () => {
    const now = time.now();
    worker.sendDelta(delta(1, [{ sn: 'UAV1', ts: now, receivedAt: now, osd: { elevation: 1 } }]));
    stop();
    stop = () => undefined;
    await settle();
    expect(worker.released).toBe(true);
    // Before the fix this frame called the released proxy, which threw a page error.
    expect(() => time.nextFrame()).not.toThrow();
    expect(worker.acks).toEqual([]);
  });

  it('recounts silent devices as offline without any new delta', () => {
    const now = time.now();
    worker.sendDelta(delta(1, [{ sn: 'UAV1', ts: now, receivedAt: now, osd: { elevation: 1 } }]));
    time.advance(59_000);
    expect(fleetCounts()).toMatchObject({ online: 1, offline: 0 });
    time.advance(2_000);
    expect(fleetCounts()).toMatchObject({ online: 0, offline: 1 });
  });

  it('asks for a fresh config five seconds after a refusal, keeping a token still fresh', async () => {
    expect(loads).toBe(1);
    expect(worker.connects).toBe(1);
    worker.sendState('refused');
    time.advance(4_999);
    await settle();
    expect(loads).toBe(1);
    time.advance(1);
    await settle();
    expect(refreshes).toBe(0);
    expect(loads).toBe(2);
    expect(worker.connects).toBe(2);
  });

  it('renews a token without a readable lifetime before reconnecting after a refusal', async () => {
    stop();
    token = 'opaque';
    worker = fakeWorker();
    stop = startTelemetryBridge(inputs(), () => worker.handle);
    await settle();
    expect(worker.connectedWith).toBe('opaque');
    worker.sendState('refused');
    time.advance(5_000);
    await settle();
    expect(refreshes).toBe(1);
    expect(worker.connectedWith).toBe(token);
  });

  it('renews the token before it expires and reconnects the worker with the new one', async () => {
    const first = token;
    expect(worker.connectedWith).toBe(first);
    time.advance(14_999);
    await settle();
    expect(refreshes).toBe(0);
    time.advance(1);
    await settle();
    expect(refreshes).toBe(1);
    expect(worker.connectedWith).not.toBe(first);
    expect(worker.connectedWith).toBe(token);
    // The new token is renewed in its turn.
    time.advance(15_000);
    await settle();
    expect(refreshes).toBe(2);
  });

  it('stops its timers when stopped', () => {
    stop();
    stop = () => undefined;
    expect(time.pendingCount).toBe(0);
  });
});
