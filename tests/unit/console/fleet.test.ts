import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Device } from '../../../protocol/http.ts';
import { installClock } from '../../../src/lib/clock.ts';
import { VirtualClock } from '../../../src/lib/virtualClock.ts';
import {
  applyFleetDelta,
  fleetCounts,
  historyOf,
  refreshFleetCounts,
  resetFleet,
  setFleetDevices,
} from '../../../src/state/fleet.ts';
import { delta } from './fakeWorker.ts';

let time: VirtualClock;
let restoreClock: () => void;

function listed(sn: string, online: boolean): Device {
  return { device_sn: sn, domain: 0, online } as Device;
}

beforeEach(() => {
  time = new VirtualClock();
  restoreClock = installClock(time);
  resetFleet();
});

afterEach(() => restoreClock());

describe('fleet store under virtual time', () => {
  it('trusts the device list until a device is heard, then its own silence', () => {
    setFleetDevices([listed('UAV1', true), listed('UAV2', false)]);
    expect(fleetCounts()).toMatchObject({ online: 1, offline: 1 });

    const now = time.now();
    applyFleetDelta(delta(1, [{ sn: 'UAV2', ts: now, receivedAt: now, osd: { elevation: 0 } }]));
    expect(fleetCounts()).toMatchObject({ online: 2, offline: 0 });

    time.advance(60_000);
    refreshFleetCounts();
    expect(fleetCounts()).toMatchObject({ online: 1, offline: 1 });
  });

  it('counts a flying aircraft only while it is still talking', () => {
    const now = time.now();
    const flying = { mode_code: 5, elevation: 80, horizontal_speed: 8 };
    applyFleetDelta(delta(1, [{ sn: 'UAV1', ts: now, receivedAt: now, osd: flying }]));
    expect(fleetCounts().flying).toBe(1);
    time.advance(61_000);
    refreshFleetCounts();
    expect(fleetCounts()).toMatchObject({ flying: 0, offline: 1 });
  });

  it('records history at most once a second and forgets it on reset', () => {
    for (let i = 0; i < 10; i += 1) {
      const now = time.now();
      const osd = { longitude: 114 + i / 1000, latitude: 22.5, elevation: i };
      applyFleetDelta(delta(i + 1, [{ sn: 'UAV1', ts: now, receivedAt: now, osd }]));
      time.advance(500);
    }
    expect(
      historyOf('UAV1')
        .points()
        .map((p) => p.altitude),
    ).toEqual([0, 2, 4, 6, 8]);
    resetFleet();
    expect(historyOf('UAV1').points()).toEqual([]);
    expect(fleetCounts()).toMatchObject({ online: 0, offline: 0 });
  });
});
