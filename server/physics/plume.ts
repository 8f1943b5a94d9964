/**
 * A Gaussian plume: the steady concentration downwind of a point source in a uniform wind, with the
 * ground reflecting the plume (an image source below ground). Spreads are Briggs' open-country fits
 * of σy and σz against distance downwind for the Pasquill–Gifford stability classes. Pure maths, so
 * the simulator and the server's source estimate share one model.
 */
import type { LatLng } from './geodesy.ts';
import { delta } from './geodesy.ts';

export type StabilityClass = 'A' | 'B' | 'C' | 'D' | 'E' | 'F';

/** Below this distance downwind (m) the model's spreads are meaningless; the point is treated as it. */
const MIN_DOWNWIND_M = 1;
/** Calm air never stops the plume model from being defined: the wind is at least this, m/s. */
const MIN_WIND_MPS = 0.5;

/**
 * Daytime stability from the wind at 10 m under moderate sun (Pasquill's table): light wind is
 * unstable (strong mixing), strong wind neutral.
 */
export function stabilityOf(windMps: number): StabilityClass {
  if (windMps < 2) return 'A';
  if (windMps < 3) return 'B';
  if (windMps < 5) return 'C';
  return 'D';
}

/** Briggs (1973) rural σy, σz in metres at `x` metres downwind. */
export function spreads(x: number, cls: StabilityClass): { sy: number; sz: number } {
  const r = (k: number) => 1 / Math.sqrt(1 + k * x);
  switch (cls) {
    case 'A':
      return { sy: 0.22 * x * r(0.0001), sz: 0.2 * x };
    case 'B':
      return { sy: 0.16 * x * r(0.0001), sz: 0.12 * x };
    case 'C':
      return { sy: 0.11 * x * r(0.0001), sz: 0.08 * x * r(0.0002) };
    case 'D':
      return { sy: 0.08 * x * r(0.0001), sz: 0.06 * x * r(0.0015) };
    case 'E':
      return { sy: 0.06 * x * r(0.0001), sz: (0.03 * x) / (1 + 0.0003 * x) };
    case 'F':
      return { sy: 0.04 * x * r(0.0001), sz: (0.016 * x) / (1 + 0.0003 * x) };
  }
}

/** Where the air moves, in metres from the source: `x` along the wind, `y` across it. */
export function windFrame(
  east: number,
  north: number,
  windFromDeg: number,
): { x: number; y: number } {
  // The air moves towards windFrom + 180°.
  const to = ((windFromDeg + 180) * Math.PI) / 180;
  const ux = Math.sin(to);
  const uy = Math.cos(to);
  return { x: east * ux + north * uy, y: -east * uy + north * ux };
}

export interface PlumeInput {
  /** Metres from the source along the wind (negative: upwind). */
  x: number;
  /** Metres across the wind. */
  y: number;
  /** Height of the receptor above ground, m. */
  z: number;
  /** Release height of the source above ground, m. */
  h: number;
  /** Wind speed, m/s. */
  u: number;
  /** Emission rate, g/s. */
  q: number;
}

/** Concentration in g/m³ at one point; exactly 0 upwind of the source. */
export function plumeConcentration(p: PlumeInput): number {
  if (p.x < MIN_DOWNWIND_M) return 0;
  const u = Math.max(MIN_WIND_MPS, p.u);
  const { sy, sz } = spreads(p.x, stabilityOf(u));
  const across = (p.y * p.y) / (2 * sy * sy);
  // Beyond about six σ across the axis the plume is below e⁻¹⁸ of its centre: nothing to compute.
  if (across > 18) return 0;
  const lateral = Math.exp(-across);
  const vertical =
    Math.exp(-((p.z - p.h) ** 2) / (2 * sz * sz)) + Math.exp(-((p.z + p.h) ** 2) / (2 * sz * sz));
  return (p.q / (2 * Math.PI * u * sy * sz)) * lateral * vertical;
}

/** g/m³ → ppm of a gas of molar mass `m` (g/mol) at 25 °C and 1 atm. */
export const gM3ToPpm = (c: number, m: number): number => (c * 1000 * 24.45) / m;

/** Concentration (g/m³) at `at` and height `z` from a source at `src`, in the given wind. */
export function concentrationAt(
  src: LatLng,
  at: LatLng,
  z: number,
  h: number,
  wind: { speed: number; fromDeg: number },
  q: number,
): number {
  const d = delta(src, at);
  const { x, y } = windFrame(d.east, d.north, wind.fromDeg);
  return plumeConcentration({ x, y, z, h, u: wind.speed, q });
}
