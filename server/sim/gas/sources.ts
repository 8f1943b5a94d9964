/**
 * The smell sources of a simulated area: one near each gas-carrying unit's dock, placed from the
 * dock's serial number (which the fleet's seed decides), so the same seed always smells the same.
 * It stands roughly upwind of the dock in the wind the dock first reports, so the plume drifts over
 * the patrol area and the aircraft cross it.
 */
import type { Gas } from '../../../protocol/gas.ts';
import type { SimUnitDef } from '../fleet.ts';
import type { LatLng } from '../../physics/geodesy.ts';
import { offset } from '../../physics/geodesy.ts';
import { createRng, mixSeed } from '../rng.ts';

export interface GasSource {
  pos: LatLng;
  /** Release height above ground, m. */
  height: number;
  /** Emission rate per gas, g/s. */
  rates: Partial<Record<Gas, number>>;
  /** Odour emission, OU/s (odour units behave like a mass in the plume model). */
  odour: number;
}

/** A landfill-like and an industrial-like mix: a leak of gas or a chimney, scaled to be noticed. */
const MIXES: readonly { rates: Partial<Record<Gas, number>>; odour: number }[] = [
  { rates: { ch4: 4_000, h2s: 150, nh3: 250, voc: 150 }, odour: 60_000_000 },
  { rates: { so2: 250, co: 3_000, voc: 400, ch4: 800 }, odour: 15_000_000 },
];

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619) >>> 0;
  return h;
}

/**
 * The source of the area around `def`'s dock: 400–900 m away, within 40° of upwind (`windFromDeg`,
 * where the wind blows from).
 */
export function sourceNear(def: SimUnitDef, windFromDeg: number): GasSource {
  const rng = createRng(mixSeed(hash(def.dock.sn), 7));
  const angle = ((windFromDeg + rng.range(-40, 40)) * Math.PI) / 180;
  const r = rng.range(400, 900);
  // Gas-carrying units are every fourth one: alternate the mixes between them.
  const mix = MIXES[Math.floor(def.index / 4) % MIXES.length] ?? MIXES[0];
  return {
    pos: offset(def.home, r * Math.sin(angle), r * Math.cos(angle)),
    height: 10,
    rates: { ...mix?.rates },
    odour: mix?.odour ?? 0,
  };
}
