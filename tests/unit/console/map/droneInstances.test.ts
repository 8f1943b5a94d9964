/** The vertex data of the GL drone layer: small offsets from an origin, glide times, flags. */
import { describe, expect, it } from 'vitest';
import {
  FLAG_HIDDEN,
  FLAG_SELECTED,
  INSTANCE_FLOATS,
  packDroneInstances,
} from '../../../../src/pages/dashboard/map/gl/droneInstances.ts';
import { DroneTracks } from '../../../../src/pages/dashboard/map/gl/droneTracks.ts';
import { mercatorX, mercatorY } from '../../../../src/pages/dashboard/map/gl/mercator.ts';

const T = 1_000_000;

describe('drone instances', () => {
  it('places the unit square like MapLibre: 0,0 at the north-west corner, equator at 0.5', () => {
    expect(mercatorX(-180)).toBe(0);
    expect(mercatorX(0)).toBe(0.5);
    expect(mercatorY(0)).toBeCloseTo(0.5, 12);
    expect(mercatorY(85.051129)).toBeCloseTo(0, 6);
    expect(mercatorY(-90)).toBeCloseTo(1, 6);
  });

  it('packs offsets from the first drone, headings in radians, glide times from now', () => {
    const tracks = new DroneTracks();
    tracks.reorder([], ['A', 'B']);
    tracks.setFix(0, 114, 22.5, 0, T);
    tracks.setFix(1, 114.01, 22.5, 90, T);
    tracks.setFix(1, 114.02, 22.5, 180, T + 200);
    const status = Uint8Array.from([0, 3]);
    const flags = Uint8Array.from([FLAG_SELECTED, FLAG_HIDDEN]);
    const packed = packDroneInstances(tracks, status, flags, T + 250, new Float32Array(0));
    expect(packed.count).toBe(2);
    expect(packed.originX).toBe(mercatorX(114));
    expect(packed.timeBase).toBe(T + 250);
    const b = Array.from(packed.data.subarray(INSTANCE_FLOATS, 2 * INSTANCE_FLOATS));
    expect(b[0]).toBeCloseTo(mercatorX(114.01) - mercatorX(114), 9);
    expect(b[1]).toBeCloseTo(0, 9);
    expect(b[2]).toBeCloseTo(mercatorX(114.02) - mercatorX(114), 9);
    expect(b[4]).toBeCloseTo(Math.PI / 2, 6);
    expect(b[5]).toBeCloseTo(Math.PI, 6);
    expect(b.slice(6)).toEqual([-50, 200, 3, FLAG_HIDDEN]);
    expect(packed.data[9]).toBe(FLAG_SELECTED);
  });

  it('reuses the output array when it is large enough', () => {
    const tracks = new DroneTracks();
    tracks.reorder([], ['A']);
    tracks.setFix(0, 1, 1, 0, T);
    const out = new Float32Array(4 * INSTANCE_FLOATS);
    const packed = packDroneInstances(tracks, new Uint8Array(1), new Uint8Array(1), T, out);
    expect(packed.data).toBe(out);
  });
});
