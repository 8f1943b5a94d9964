/** Clicks hit the nearest shown drone within its arrow's reach. */
import { describe, expect, it } from 'vitest';
import { pickDrone, PICK_RADIUS_PX } from '../../../../src/pages/dashboard/map/gl/pickDrone.ts';

describe('drone picking', () => {
  const xs = [100, 110, 300];
  const ys = [100, 100, 300];

  it('answers the nearest drone within the radius', () => {
    expect(pickDrone(xs, ys, [0, 0, 0], 3, 104, 100)).toBe(0);
    expect(pickDrone(xs, ys, [0, 0, 0], 3, 107, 100)).toBe(1);
    expect(pickDrone(xs, ys, [0, 0, 0], 3, 300, 300 + PICK_RADIUS_PX)).toBe(2);
    expect(pickDrone(xs, ys, [0, 0, 0], 3, 200, 200)).toBe(-1);
  });

  it('skips drones a bubble hides', () => {
    expect(pickDrone(xs, ys, [1, 0, 0], 3, 100, 100)).toBe(1);
    expect(pickDrone(xs, ys, [1, 1, 0], 3, 100, 100)).toBe(-1);
  });

  it('prefers the drone drawn on top when two are as near', () => {
    expect(pickDrone([50, 50], [50, 50], [0, 0], 2, 50, 50)).toBe(1);
  });
});
