/**
 * On a project switch the bridge narrows the worker's watched set and the store together, and asks
 * the worker to resend the watched devices in full, so nothing waits for its next change.
 */
import type { Remote } from 'comlink';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installClock } from '../../../src/lib/clock.ts';
import { VirtualClock } from '../../../src/lib/virtualClock.ts';
import { resetFleet } from '../../../src/fleet/fleet.ts';
import { startTelemetryBridge } from '../../../src/telemetry/bridge.ts';
import type { TelemetryWorkerApi } from '../../../workers/api.ts';

let restoreClock: () => void;

beforeEach(() => {
  vi.stubGlobal('window', { location: { href: 'http://console.test/' } });
  restoreClock = installClock(new VirtualClock());
  resetFleet();
});
afterEach(() => {
  restoreClock();
  vi.unstubAllGlobals();
});

async function settle(): Promise<void> {
  for (let i = 0; i < 10; i += 1) await Promise.resolve();
}

describe('bridge on a project switch', () => {
  it('watches the new serial numbers and asks for a full resend, once per change', async () => {
    const calls: string[] = [];
    const remote = {
      onDelta: () => Promise.resolve(),
      onConnection: () => Promise.resolve(),
      ack: () => Promise.resolve(),
      setWatched: (sns: string[]) => {
        calls.push(`watch ${sns.join(',')}`);
        return Promise.resolve();
      },
      resync: () => {
        calls.push('resync');
        return Promise.resolve();
      },
      setKinds: () => Promise.resolve(),
      connect: () => Promise.resolve(),
      disconnect: () => Promise.resolve(),
    };
    let serials = ['A1', 'A2'];
    let changed: () => void = () => undefined;
    const stop = startTelemetryBridge(
      {
        token: () => null,
        clientId: () => '123456',
        serials: () => serials,
        watch: (listener) => {
          changed = listener;
          return () => undefined;
        },
        loadConfig: () => Promise.reject(new Error('not used')),
        refresh: () => Promise.resolve(false),
        setOnline: () => undefined,
      },
      () => ({ remote: remote as unknown as Remote<TelemetryWorkerApi>, dispose: () => undefined }),
    );
    await settle();
    expect(calls).toEqual(['watch A1,A2', 'resync']);
    calls.length = 0;
    serials = [];
    changed();
    await settle();
    serials = ['B1'];
    changed();
    changed();
    await settle();
    expect(calls).toEqual(['watch ', 'resync', 'watch B1', 'resync']);
    stop();
  });
});
