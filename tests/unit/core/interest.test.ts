import { describe, expect, it } from 'vitest';
import { DETAIL_EVERY_FRAMES } from '../../../workers/core/constants.ts';
import { mapFrameBuffers } from '../../../workers/core/mapFrame.ts';
import type { TelemetryFrame } from '../../../workers/api.ts';
import { TelemetryPipeline } from '../../../workers/core/telemetryPipeline.ts';
import { envelope, osd, T0 } from './messages.ts';
import type { Raw } from './messages.ts';

/** A pipeline on a hand-driven clock, with a consumer that acknowledges every frame. */
function harness() {
  let clock = T0;
  const pipeline = new TelemetryPipeline(() => clock);
  return {
    pipeline,
    push: ([topic, payload]: Raw) => pipeline.push(topic, payload),
    /** One frame tick 100 ms later; the frame (acknowledged) or `null`. */
    frame(): TelemetryFrame | null {
      clock += 100;
      const frame = pipeline.frame();
      if (frame !== null) pipeline.ack(frame.seq);
      return frame;
    },
  };
}

const at = (lon: number, lat: number, head = 0) => ({
  longitude: lon,
  latitude: lat,
  attitude_head: head,
  mode_code: 5,
  battery: { capacity_percent: 77 },
});

describe('map table and interest', () => {
  it('sends every position every frame in typed arrays, names only when membership changes', () => {
    const h = harness();
    h.push(osd('SN1', at(113.9, 22.5, 45)));
    h.push(osd('SN2', at(114.0, 22.6)));
    const first = h.frame();
    expect(first?.map.sns).toEqual(['SN1', 'SN2']);
    expect([...(first?.map.lon ?? [])]).toEqual([113.9, 114.0]);
    expect(first?.map.heading[0]).toBe(45);
    expect(first?.map.battery[0]).toBe(77);
    expect(first?.map.mode[1]).toBe(5);
    expect(mapFrameBuffers(first?.map ?? never())).toHaveLength(11);

    h.push(osd('SN1', { longitude: 113.91 }));
    const second = h.frame();
    expect(second?.map.sns).toBeNull();
    expect(second?.map.version).toBe(first?.map.version);
    // A partial message keeps the other drawn fields.
    expect([...(second?.map.lon ?? [])]).toEqual([113.91, 114.0]);
    expect(second?.map.lat[0]).toBe(22.5);

    h.push(osd('SN3', at(114.1, 22.7)));
    expect(h.frame()?.map.sns).toEqual(['SN1', 'SN2', 'SN3']);
  });

  it('gives devices of interest their detail every frame and the others once per cycle', () => {
    const h = harness();
    h.push(osd('SN1', at(113.9, 22.5)));
    h.push(osd('SN2', at(114.0, 22.6)));
    h.frame();
    h.pipeline.setInterest(['SN1']);
    const seen: Record<string, number[]> = { SN1: [], SN2: [] };
    for (let i = 0; i < DETAIL_EVERY_FRAMES * 2; i++) {
      h.push(osd('SN1', { longitude: 113.9 + i / 1000 }));
      h.push(osd('SN2', { longitude: 114.0 + i / 1000 }));
      const frame = h.frame();
      for (const device of frame?.devices ?? []) seen[device.sn]?.push(i);
      // Positions of both arrive every frame, whatever their detail cadence.
      expect(frame?.map.lon[1]).toBeCloseTo(114.0 + i / 1000, 9);
    }
    expect(seen.SN1).toHaveLength(DETAIL_EVERY_FRAMES * 2);
    expect(seen.SN2).toHaveLength(2);
  });

  it('carries in the table what fleet-wide readers judge: clock, mode, dock state, readings', () => {
    const h = harness();
    h.pipeline.setInterest([]);
    h.push(osd('SN1', { ...at(113.9, 22.5), elevation: 42, horizontal_speed: 7.5 }));
    h.push(osd('DOCK1', { longitude: 114, latitude: 22.6, drone_in_dock: 1 }));
    const first = h.frame();
    expect(first?.map.elevation[0]).toBe(42);
    expect(first?.map.speed[0]).toBe(7.5);
    expect(first?.map.droneInDock[0]).toBe(-1);
    expect(first?.map.droneInDock[1]).toBe(1);
    // Outside the interest the detail waits, the table does not.
    h.push(osd('SN1', { mode_code: 9, elevation: 50 }));
    h.push(osd('DOCK1', { drone_in_dock: 0 }));
    const next = h.frame();
    expect(next?.devices).toEqual([]);
    expect(next?.map.mode[0]).toBe(9);
    expect(next?.map.elevation[0]).toBe(50);
    expect(next?.map.droneInDock[1]).toBe(0);
    // Heard after the first frame's tick.
    expect(next?.map.receivedAt[0]).toBe(T0 + 100);
  });

  it("sends a device's first delta and a new gateway at once, interest or not", () => {
    const h = harness();
    h.push(osd('SN1', at(113.9, 22.5)));
    h.frame();
    h.pipeline.setInterest([]);
    // SN2 is new: its first delta does not wait for its turn.
    h.push(osd('SN2', at(114.0, 22.6)));
    expect(h.frame()?.devices.map((d) => d.sn)).toEqual(['SN2']);
    // SN1 moves to a dock: the link of its alarms and flights to the dock must not wait either.
    h.push(
      envelope('SN1', 'osd', {
        tid: 't',
        bid: 'b',
        timestamp: T0,
        gateway: 'DOCK9',
        data: { longitude: 113.95 },
      }),
    );
    const moved = h.frame()?.devices;
    expect(moved?.map((d) => [d.sn, d.gateway])).toEqual([['SN1', 'DOCK9']]);
    expect(moved?.[0]?.osd).toEqual({ longitude: 113.95 });
  });

  it('sends the whole fleet at once after a resync, interest or not', () => {
    const h = harness();
    h.push(osd('SN1', at(113.9, 22.5)));
    h.push(osd('SN2', at(114.0, 22.6)));
    h.frame();
    h.pipeline.setInterest(['SN1']);
    h.pipeline.resync();
    const frame = h.frame();
    expect(frame?.devices.map((d) => d.sn).sort()).toEqual(['SN1', 'SN2']);
    expect(frame?.devices.find((d) => d.sn === 'SN2')?.osd).toEqual(at(114.0, 22.6));
    expect(frame?.map.sns).toEqual(['SN1', 'SN2']);
  });

  it('hands out a field only when it differs from what the consumer holds', () => {
    const h = harness();
    h.push(osd('SN1', { elevation: 1, battery: { capacity_percent: 50 } }));
    h.frame();
    // Changed and changed back within one frame, and a nested block equal by structure: nothing new.
    h.push(osd('SN1', { elevation: 2 }));
    h.push(osd('SN1', { elevation: 1, battery: { capacity_percent: 50 } }));
    const unchanged = h.frame()?.devices;
    expect(unchanged?.map((d) => [d.sn, d.osd])).toEqual([['SN1', undefined]]);
    h.push(osd('SN1', { battery: { capacity_percent: 49 } }));
    expect(h.frame()?.devices[0]?.osd).toEqual({ battery: { capacity_percent: 49 } });
  });
});

function never(): never {
  throw new Error('no frame');
}
