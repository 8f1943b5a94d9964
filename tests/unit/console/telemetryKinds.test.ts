import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Remote } from 'comlink';
import type { TelemetryEventKind } from '../../../protocol/telemetry.ts';
import { installClock } from '../../../src/lib/clock.ts';
import { VirtualClock } from '../../../src/lib/virtualClock.ts';
import { resetFleet } from '../../../src/fleet/fleet.ts';
import { startTelemetryBridge } from '../../../src/telemetry/bridge.ts';
import { declaredKinds, holdKinds } from '../../../src/telemetry/telemetryKinds.ts';
import { TelemetryPipeline } from '../../../workers/core/telemetryPipeline.ts';
import type { TelemetryWorkerApi } from '../../../workers/api.ts';

const T0 = 1_700_000_000_000;
const encoder = new TextEncoder();

/**
 * A stand-in worker whose `setKinds` reaches a real pipeline on a hand-driven clock, so a test sees
 * what a declaration does to the deltas.
 */
function pipelineWorker() {
  let now = T0;
  const pipeline = new TelemetryPipeline(() => now);
  const told: TelemetryEventKind[][] = [];
  const remote = {
    onDelta: () => Promise.resolve(),
    onConnection: () => Promise.resolve(),
    ack: () => Promise.resolve(),
    setWatched: () => Promise.resolve(),
    resync: () => Promise.resolve(),
    setKinds: (kinds: TelemetryEventKind[]) => {
      told.push(kinds);
      pipeline.setKinds(kinds);
      return Promise.resolve();
    },
    connect: () => Promise.resolve(),
    disconnect: () => Promise.resolve(),
  };
  return {
    told,
    pipeline,
    /** A device event on `sn`'s `events` topic. */
    event(sn: string, method: string): void {
      const body = { tid: 't', bid: 'b', timestamp: T0, method, data: {} };
      pipeline.push(`thing/product/${sn}/events`, encoder.encode(JSON.stringify(body)));
    },
    /** The next frame's event methods (the frame is acknowledged). */
    frame(): string[] {
      now += 100;
      const frame = pipeline.frame();
      if (frame === null) return [];
      pipeline.ack(frame.seq);
      return frame.events.map((e) => e.method);
    },
    handle: { remote: remote as unknown as Remote<TelemetryWorkerApi>, dispose: () => undefined },
  };
}

function start() {
  const worker = pipelineWorker();
  const stop = startTelemetryBridge(
    {
      token: () => null,
      clientId: () => '123456',
      serials: () => ['DOCK1', 'UAV1'],
      watch: () => () => undefined,
      loadConfig: () => Promise.resolve({ ws_url: '/mqtt', username: 'u' }),
      refresh: () => Promise.resolve(false),
      setOnline: () => undefined,
    },
    () => worker.handle,
  );
  return { worker, stop };
}

let restoreClock: () => void;
const settle = async (): Promise<void> => {
  for (let i = 0; i < 10; i += 1) await Promise.resolve();
};

beforeEach(() => {
  vi.stubGlobal('window', { location: { href: 'http://console.test/' } });
  restoreClock = installClock(new VirtualClock());
  resetFleet();
});

afterEach(() => {
  restoreClock();
  vi.unstubAllGlobals();
});

describe('event kinds declared by the readers', () => {
  it('lets only what some reader reads cross: the alarm feed always, task progress never', async () => {
    const { worker, stop } = start();
    await settle();
    expect(worker.told).toEqual([['hms', 'ai_alarm']]);

    worker.event('DOCK1', 'hms');
    worker.event('DOCK1', 'flighttask_progress');
    worker.event('UAV1', 'gas_reading');
    worker.event('DOCK1', 'ai_alarm');
    worker.event('DOCK1', 'return_home_info');
    expect(worker.frame()).toEqual(['hms', 'ai_alarm']);
    expect(worker.pipeline.stats().eventsUnread).toBe(3);
    stop();
    await settle();
    expect(declaredKinds()).toEqual([]);
  });

  it('keeps a kind while any of its readers is mounted', async () => {
    const { worker, stop } = start();
    const gauges = holdKinds(['gas_reading']);
    const chart = holdKinds(['gas_reading']);
    await settle();
    expect(worker.told.at(-1)).toEqual(['hms', 'ai_alarm', 'gas_reading']);

    gauges();
    gauges();
    await settle();
    worker.event('UAV1', 'gas_reading');
    expect(worker.frame()).toEqual(['gas_reading']);

    chart();
    await settle();
    expect(worker.told.at(-1)).toEqual(['hms', 'ai_alarm']);
    worker.event('UAV1', 'gas_reading');
    expect(worker.frame()).toEqual([]);
    expect(worker.pipeline.stats().eventsUnread).toBe(1);
    stop();
  });
});
