import { afterEach, describe, expect, it } from 'vitest';
import type { FleetDelta } from '../../../protocol/telemetry.ts';
import {
  installProbe,
  noteDataPushed,
  noteDeltaApplied,
  noteFrameDrawn,
} from '../../../src/telemetry/frameProbe.ts';
import { NO_STATS } from './fakeWorker.ts';

const delta: FleetDelta = {
  seq: 1,
  emittedAt: 1_000,
  devices: [{ sn: 'UAV1', ts: 1_000, receivedAt: 1_040 }],
  events: [],
  stats: NO_STATS,
};

afterEach(() => {
  globalThis.__skydeckProbeWanted = undefined;
  globalThis.__skydeckProbe = undefined;
});

describe('frame probe', () => {
  it('stays out of a tab that no benchmark asked it into', async () => {
    await installProbe();
    noteDeltaApplied(delta);
    expect(globalThis.__skydeckProbe).toBeUndefined();
  });

  it('records publish→screen latencies once a benchmark asked for it', async () => {
    globalThis.__skydeckProbeWanted = true;
    await installProbe();
    noteDeltaApplied(delta);
    noteDataPushed();
    noteFrameDrawn(1_100);
    const report = globalThis.__skydeckProbe?.drain();
    expect(report).toMatchObject({ latenciesMs: [100], arrivalMs: [40], deltas: 1 });
  });
});
