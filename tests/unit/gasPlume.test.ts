/**
 * The Gaussian plume's physical properties: nothing upwind, more downwind than upwind, symmetric
 * across the plume axis, falling off away from it, and the simulated payload's readings rising as
 * an aircraft crosses the plume.
 */
import { describe, expect, it } from 'vitest';
import {
  concentrationAt,
  plumeConcentration,
  spreads,
  stabilityOf,
  windFrame,
} from '../../server/physics/plume.ts';
import { offset } from '../../server/physics/geodesy.ts';

const base = { z: 60, h: 10, u: 3, q: 1000 };

describe('gaussian plume', () => {
  it('is zero upwind and positive downwind', () => {
    expect(plumeConcentration({ ...base, x: -500, y: 0 })).toBe(0);
    expect(plumeConcentration({ ...base, x: 800, y: 0 })).toBeGreaterThan(0);
  });

  it('is symmetric across the axis and falls off with crosswind distance', () => {
    const at = (y: number) => plumeConcentration({ ...base, x: 800, y });
    expect(at(40)).toBeCloseTo(at(-40), 12);
    expect(at(0)).toBeGreaterThan(at(40));
    expect(at(40)).toBeGreaterThan(at(120));
    expect(at(120)).toBeGreaterThan(at(400));
  });

  it('spreads more in light wind (unstable air) and with distance', () => {
    expect(stabilityOf(1)).toBe('A');
    expect(stabilityOf(7)).toBe('D');
    expect(spreads(1000, 'A').sy).toBeGreaterThan(spreads(1000, 'D').sy);
    expect(spreads(2000, 'C').sz).toBeGreaterThan(spreads(500, 'C').sz);
  });

  it('turns the wind direction into the plume frame (wind from the north blows south)', () => {
    const f = windFrame(0, -100, 0);
    expect(f.x).toBeCloseTo(100);
    expect(f.y).toBeCloseTo(0);
  });

  it('reads higher downwind than upwind of a source on the map', () => {
    const src = { lat: 22.54, lng: 113.95 };
    const wind = { speed: 4, fromDeg: 270 }; // from the west: the plume goes east
    const east = concentrationAt(src, offset(src, 800, 0), 60, 10, wind, 1000);
    const west = concentrationAt(src, offset(src, -800, 0), 60, 10, wind, 1000);
    expect(east).toBeGreaterThan(0);
    expect(west).toBe(0);
  });
});
