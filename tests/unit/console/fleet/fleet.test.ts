import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Device } from '../../../../protocol/http.ts';
import { installClock } from '../../../../src/lib/clock.ts';
import { VirtualClock } from '../../../../src/lib/virtualClock.ts';
import {
  applyFleetDelta,
  deviceState,
  fleetCounts,
  historyOf,
  onFleetFrame,
  RECOUNT_MS,
  refreshFleetCounts,
  resetFleet,
  setFleetDevices,
} from '../../../../src/fleet/fleet.ts';
import {
  devicePosition,
  resetFleetPositions,
  setFleetPositions,
} from '../../../../src/fleet/table/fleetPositions.ts';
import type { MapFrame } from '../../../../src/fleet/table/fleetPositions.ts';
import { delta } from '../fakeWorker.ts';

let time: VirtualClock;
let restoreClock: () => void;

function listed(sn: string, online: boolean): Device {
  return { device_sn: sn, domain: 0, online } as Device;
}

beforeEach(() => {
  time = new VirtualClock();
  restoreClock = installClock(time);
  resetFleet();
  resetFleetPositions();
});

interface Row {
  sn: string;
  lon: number;
  mode: number;
  elevation: number;
  heardAt: number;
}

/** The worker's table of one frame, rows in the order given (names always sent). */
function table(rows: Row[]): MapFrame {
  const n = rows.length;
  const of = (pick: (row: Row) => number) => Float64Array.from(rows.map(pick));
  return {
    version: 1,
    sns: rows.map((row) => row.sn),
    lon: of((row) => row.lon),
    lat: new Float64Array(n).fill(22.5),
    heading: new Float32Array(n),
    height: new Float32Array(n).fill(Number.NaN),
    battery: new Float32Array(n).fill(70),
    mode: Int16Array.from(rows.map((row) => row.mode)),
    elevation: Float32Array.from(rows.map((row) => row.elevation)),
    speed: new Float32Array(n).fill(6),
    droneInDock: new Int8Array(n).fill(-1),
    ts: of((row) => row.heardAt),
    receivedAt: of((row) => row.heardAt),
  };
}

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

  it('counts and records a device the UI does not show from the table while its detail waits', () => {
    const start = time.now();
    const ground = {
      longitude: 114,
      latitude: 22.5,
      mode_code: 0,
      elevation: 0,
      horizontal_speed: 0,
    };
    applyFleetDelta(delta(1, [{ sn: 'UAV1', ts: start, receivedAt: start, osd: ground }]));
    expect(fleetCounts().flying).toBe(0);
    // Twenty seconds of frames whose detail leaves UAV1 out: only its table row moves.
    for (let i = 1; i <= 40; i += 1) {
      time.advance(500);
      const now = time.now();
      const row = { sn: 'UAV1', lon: 114 + i / 1000, mode: 4, elevation: i, heardAt: now };
      setFleetPositions(table([row]));
      applyFleetDelta(delta(i + 1, []));
    }
    expect(fleetCounts()).toMatchObject({ online: 1, flying: 1 });
    const points = historyOf('UAV1').points();
    // The one point of the first delta, then one a second from the table.
    expect(points).toHaveLength(21);
    expect(points.at(-1)).toMatchObject({ lon: 114.04, altitude: 40, speed: 6, battery: 70 });
    // Silence in the table is silence, whatever the stale detail says.
    time.advance(61_000);
    refreshFleetCounts();
    expect(fleetCounts()).toMatchObject({ online: 0, offline: 1, flying: 0 });
  });

  it('moves the map on a table-only frame and leaves counters and histories to detail frames', () => {
    const start = time.now();
    const ground = { sn: 'UAV1', lon: 114, mode: 0, elevation: 0, heardAt: start };
    const osd = { longitude: 114, latitude: 22.5, mode_code: 0, elevation: 0, horizontal_speed: 0 };
    const detail = delta(1, [{ sn: 'UAV1', ts: start, receivedAt: start, osd }]);
    applyFleetDelta({ ...detail, map: table([ground]), tableOnly: false });
    expect(historyOf('UAV1').points()).toHaveLength(1);
    const heard: (readonly string[])[] = [];
    const off = onFleetFrame((changed) => heard.push(changed));

    time.advance(2_000);
    const up = { ...ground, lon: 114.001, mode: 4, elevation: 30, heardAt: time.now() };
    applyFleetDelta({ ...delta(2, []), map: table([up]), tableOnly: true });
    expect(heard).toEqual([[]]);
    expect(devicePosition('UAV1')).toMatchObject({ lon: 114.001, mode: 4 });
    expect(fleetCounts().flying).toBe(0);
    expect(historyOf('UAV1').points()).toHaveLength(1);

    applyFleetDelta({ ...delta(3, []), map: table([up]), tableOnly: false });
    off();
    expect(fleetCounts().flying).toBe(1);
    expect(historyOf('UAV1').points()).toHaveLength(2);
  });

  it('recounts for frames at most every RECOUNT_MS, the frames in between in one recount', () => {
    const flying = { mode_code: 5, elevation: 80, horizontal_speed: 8 };
    const ground = { mode_code: 0, elevation: 0, horizontal_speed: 0 };
    const frame = (seq: number, osd: Record<string, number>): void => {
      const now = time.now();
      applyFleetDelta(delta(seq, [{ sn: 'UAV1', ts: now, receivedAt: now, osd }]));
    };
    frame(1, ground);
    expect(fleetCounts()).toMatchObject({ online: 1, flying: 0 });
    time.advance(100);
    frame(2, flying);
    expect(deviceState('UAV1').status).toBe('ground');
    time.advance(100);
    frame(3, flying);
    expect(fleetCounts().flying).toBe(0);
    // The recount the two frames are owed comes RECOUNT_MS after the last one, not a frame later.
    time.advance(RECOUNT_MS - 200);
    expect(fleetCounts().flying).toBe(1);
    expect(deviceState('UAV1').status).toBe('flying');
    // A frame after a quiet spell is counted at once again.
    time.advance(RECOUNT_MS);
    frame(4, ground);
    expect(fleetCounts().flying).toBe(0);
  });

  it('judges every device once per recount, and the list reads that judgement', () => {
    setFleetDevices([
      listed('UAV1', true),
      { device_sn: 'DOCK1', domain: 3, online: true } as Device,
    ]);
    // Before either is heard: the list's word on being online, and no status of their own yet.
    expect(deviceState('UAV1')).toMatchObject({
      kind: 'aircraft',
      online: true,
      status: 'offline',
    });
    expect(deviceState('DOCK1')).toMatchObject({ kind: 'dock', drone: null });

    const now = time.now();
    const flying = { mode_code: 5, elevation: 80, horizontal_speed: 8 };
    applyFleetDelta(
      delta(1, [
        { sn: 'UAV1', ts: now, receivedAt: now, osd: flying },
        { sn: 'DOCK1', ts: now, receivedAt: now, osd: { drone_in_dock: 0 } },
      ]),
    );
    expect(deviceState('UAV1')).toEqual({
      kind: 'aircraft',
      online: true,
      status: 'flying',
      drone: 'flying',
    });
    expect(deviceState('DOCK1')).toMatchObject({ kind: 'dock', online: true, status: 'ground' });

    // Silence is news without a frame: the timer's recount turns both quiet, then offline.
    time.advance(6_000);
    expect(deviceState('UAV1').status).toBe('flying');
    refreshFleetCounts();
    expect(deviceState('UAV1')).toMatchObject({ status: 'quiet', drone: 'quiet' });
    expect(deviceState('DOCK1').status).toBe('quiet');
    time.advance(60_000);
    refreshFleetCounts();
    expect(deviceState('UAV1')).toMatchObject({ online: false, status: 'offline', drone: 'quiet' });

    // Forgotten with the fleet.
    resetFleet();
    expect(deviceState('UAV1')).toMatchObject({ kind: 'unknown', status: 'offline' });
  });
});
