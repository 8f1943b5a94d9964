/**
 * The source estimate on simulated crossings: an aircraft flies legs across the plume of a known
 * source at patrol height (in a wind that veers a little, as the docks report it), the readings get
 * background and noise, and the least-squares fit must find the source within 100 m.
 */
import { describe, expect, it } from 'vitest';
import { estimateSource } from '../../server/gas/estimateSource.ts';
import type { Sample } from '../../server/gas/estimateSource.ts';
import { concentrationAt } from '../../server/physics/plume.ts';
import { distance, offset } from '../../server/physics/geodesy.ts';
import { createRng } from '../../server/sim/rng.ts';

/** Error bound the page states for the estimate on a few crossings. */
const BOUND_M = 100;

function crossings(seed: number, windFrom: number) {
  const rng = createRng(seed);
  const source = offset({ lat: 22.54, lng: 113.95 }, rng.range(-300, 300), rng.range(-300, 300));
  const samples: Sample[] = [];
  const to = ((windFrom + 180) * Math.PI) / 180;
  // Legs across the wind at 500, 800 and 1200 m downwind, one reading every 10 m of track.
  for (const down of [500, 800, 1200])
    for (let across = -600; across <= 600; across += 10) {
      const east = down * Math.sin(to) + across * Math.cos(to);
      const north = down * Math.cos(to) - across * Math.sin(to);
      const at = offset(source, east, north);
      const wind = { speed: 3.5 + rng.range(-0.3, 0.3), fromDeg: windFrom + rng.range(-3, 3) };
      const c = concentrationAt(source, at, 70, 10, wind, 500);
      samples.push({
        lat: at.lat,
        lng: at.lng,
        z: 70,
        excess: c * (1 + rng.range(-0.05, 0.05)),
        windSpeed: wind.speed,
        windFrom: wind.fromDeg,
      });
    }
  return { source, samples };
}

describe('source estimate', () => {
  it.each([
    [1, 30],
    [2, 200],
    [3, 290],
  ])('finds the source within 100 m (seed %i, wind from %i°)', (seed, windFrom) => {
    const { source, samples } = crossings(seed, windFrom);
    const fit = estimateSource(samples);
    expect(fit).not.toBeNull();
    if (!fit) return;
    expect(distance(fit.pos, source)).toBeLessThan(BOUND_M);
    expect(fit.rate).toBeGreaterThan(250);
    expect(fit.rate).toBeLessThan(1000);
    expect(fit.uncertaintyM).toBeGreaterThan(0);
  });

  it('gives no estimate from clean air', () => {
    expect(
      estimateSource([{ lat: 22.5, lng: 113.9, z: 60, excess: 0, windSpeed: 3, windFrom: 0 }]),
    ).toBeNull();
  });
});
