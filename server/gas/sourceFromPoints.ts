/**
 * The page's source estimate from stored points: background is the range's 20th percentile (the air
 * outside the plume, which most of a patrol flies through), the excess over it is fitted by
 * `estimateSource` in each point's own reported wind.
 */
import type { GasChannel, GasPoint, GasSourceEstimate } from '../../protocol/gas.ts';
import { MOLAR_MASS } from '../../protocol/gas.ts';
import type { Sample } from './estimateSource.ts';
import { estimateSource } from './estimateSource.ts';

/** Patrol height assumed when a reading does not say how high above ground it was, m. */
const DEFAULT_Z = 80;

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
}

/** Estimate for `gas` over `points`, or null when nothing stands out of the background. */
export function sourceFromPoints(
  points: readonly GasPoint[],
  gas: GasChannel,
): GasSourceEstimate | null {
  const usable = points.filter(
    (p) => p.lat !== null && p.lng !== null && p.wind_speed !== null && p.wind_from !== null,
  );
  const values = usable.map((p) => p[gas] ?? 0);
  if (values.length === 0) return null;
  const background = percentile(values, 0.2);
  const peak = Math.max(...values) - background;
  // Nothing to locate when the highest reading hardly stands out of clean air (sensors drift and
  // read a few per cent either way); readings less than a tenth of the peak above background count
  // as clean air, so noise does not pull the fit.
  if (peak <= Math.max(0.2 * background, 1e-9)) return null;
  const floor = peak / 10;
  const samples: Sample[] = usable.map((p) => ({
    lat: p.lat ?? 0,
    lng: p.lng ?? 0,
    z: p.rel_height ?? DEFAULT_Z,
    excess: (p[gas] ?? 0) - background >= floor ? (p[gas] ?? 0) - background : 0,
    windSpeed: p.wind_speed ?? 0,
    windFrom: p.wind_from ?? 0,
  }));
  const fit = estimateSource(samples);
  if (!fit || fit.rate <= 0) return null;
  // ppm·m³/s → g/s for the gases (odour units stay OU/s).
  const rate = gas === 'odour' ? fit.rate : (fit.rate * MOLAR_MASS[gas]) / 24.45 / 1000;
  const mean = (f: (s: Sample) => number) =>
    samples.reduce((acc, s) => acc + f(s), 0) / samples.length;
  return {
    gas,
    lat: fit.pos.lat,
    lng: fit.pos.lng,
    rate,
    uncertainty_m: Math.round(fit.uncertaintyM),
    used: samples.length,
    wind_speed: Number(mean((s) => s.windSpeed).toFixed(1)),
    wind_from: Math.round(samples[samples.length - 1]?.windFrom ?? 0),
  };
}
