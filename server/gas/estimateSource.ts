/**
 * Where the smell comes from: a least-squares fit of the Gaussian plume model over a grid of candidate
 * source positions. For each candidate the model gives each reading's concentration per unit
 * emission (in that reading's own wind); the best emission rate is then a one-line linear fit, and
 * the candidate with the smallest misfit wins. A coarse grid over the readings' area is refined
 * around its best cell. The uncertainty is the radius of the candidates whose misfit stays within
 * 10 % of the best one: a flat misfit (few crossings, one wind) says so with a large circle.
 */
import type { LatLng } from '../physics/geodesy.ts';
import { delta, offset } from '../physics/geodesy.ts';
import { concentrationAt } from '../physics/plume.ts';

export interface Sample {
  lat: number;
  lng: number;
  /** Height of the sensor above ground, m. */
  z: number;
  /** Measured above background, in any unit proportional to mass per volume. */
  excess: number;
  windSpeed: number;
  windFrom: number;
}

export interface SourceFit {
  pos: LatLng;
  /** Emission rate in the samples' unit × m³/s (g/s when the samples are g/m³). */
  rate: number;
  uncertaintyM: number;
  misfit: number;
}

export interface FitOptions {
  /** Assumed release height, m. */
  sourceHeight?: number;
  /** The search extends this far (m) beyond the samples' bounding box. */
  marginM?: number;
  coarseStepM?: number;
  fineStepM?: number;
}

interface Scored {
  pos: LatLng;
  rate: number;
  misfit: number;
}

function score(samples: readonly Sample[], pos: LatLng, h: number): Scored {
  let fc = 0;
  let ff = 0;
  let cc = 0;
  const unit = samples.map((s) =>
    concentrationAt(pos, s, s.z, h, { speed: s.windSpeed, fromDeg: s.windFrom }, 1),
  );
  samples.forEach((s, i) => {
    const f = unit[i] ?? 0;
    fc += f * s.excess;
    ff += f * f;
    cc += s.excess * s.excess;
  });
  // Emission cannot be negative; no overlap with the readings explains nothing.
  const rate = ff > 0 ? Math.max(0, fc / ff) : 0;
  return { pos, rate, misfit: cc - 2 * rate * fc + rate * rate * ff };
}

function grid(centre: LatLng, halfE: number, halfN: number, step: number): LatLng[] {
  const out: LatLng[] = [];
  for (let e = -halfE; e <= halfE + 1e-9; e += step)
    for (let n = -halfN; n <= halfN + 1e-9; n += step) out.push(offset(centre, e, n));
  return out;
}

/** The best-fitting source, or null without a reading above background. */
export function estimateSource(
  samples: readonly Sample[],
  options: FitOptions = {},
): SourceFit | null {
  if (!samples.some((s) => s.excess > 0)) return null;
  const h = options.sourceHeight ?? 10;
  const margin = options.marginM ?? 1000;
  const coarse = options.coarseStepM ?? 100;
  const fine = options.fineStepM ?? 10;
  const first = samples[0];
  if (!first) return null;
  // The samples' bounding box in metres around the first one.
  let minE = 0;
  let maxE = 0;
  let minN = 0;
  let maxN = 0;
  for (const s of samples) {
    const d = delta(first, s);
    minE = Math.min(minE, d.east);
    maxE = Math.max(maxE, d.east);
    minN = Math.min(minN, d.north);
    maxN = Math.max(maxN, d.north);
  }
  const centre = offset(first, (minE + maxE) / 2, (minN + maxN) / 2);
  const coarseScores = grid(
    centre,
    (maxE - minE) / 2 + margin,
    (maxN - minN) / 2 + margin,
    coarse,
  ).map((p) => score(samples, p, h));
  const bestCoarse = coarseScores.reduce((a, b) => (b.misfit < a.misfit ? b : a));
  const fineScores = grid(bestCoarse.pos, coarse, coarse, fine).map((p) => score(samples, p, h));
  const best = [...fineScores, bestCoarse].reduce((a, b) => (b.misfit < a.misfit ? b : a));
  const total = samples.reduce((acc, s) => acc + s.excess * s.excess, 0);
  // Candidates nearly as good as the best: within 10 % of the misfit range above it.
  const tolerance = best.misfit + 0.1 * Math.max(total - best.misfit, 0);
  let radius = fine;
  for (const c of [...coarseScores, ...fineScores])
    if (c.rate > 0 && c.misfit <= tolerance) {
      const d = delta(best.pos, c.pos);
      radius = Math.max(radius, Math.hypot(d.east, d.north));
    }
  return { pos: best.pos, rate: best.rate, uncertaintyM: radius, misfit: best.misfit };
}
