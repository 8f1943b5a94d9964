/**
 * One reading of a simulated multi-gas payload: the plume of the area's source in the wind the dock
 * reports, plus background and a little sensor noise, so the values rise and fall as the aircraft
 * crosses the plume.
 */
import type { Gas } from '../../../protocol/gas.ts';
import { DEFAULT_THRESHOLDS, GASES, MOLAR_MASS } from '../../../protocol/gas.ts';
import type { GasReadingData } from '../../../protocol/mqtt/payloads.ts';
import type { SimUnitDef } from '../fleet.ts';
import type { Rng } from '../rng.ts';
import type { UnitState } from '../unitState.ts';
import { windNow } from '../weather.ts';
import { concentrationAt, gM3ToPpm } from '../../physics/plume.ts';
import type { GasSource } from './sources.ts';
import { sourceNear } from './sources.ts';

/** Clean-air levels, ppm (methane's is the global mean). */
const BACKGROUND_PPM: Readonly<Record<Gas, number>> = {
  ch4: 1.9,
  h2s: 0.002,
  nh3: 0.01,
  voc: 0.05,
  so2: 0.002,
  co: 0.15,
};
const BACKGROUND_OUM3 = 20;
/** Relative noise of the electrochemical cells. */
const NOISE = 0.03;

const sources = new WeakMap<SimUnitDef, GasSource>();
function sourceOf(def: SimUnitDef, windFrom: number): GasSource {
  let s = sources.get(def);
  if (!s) {
    s = sourceNear(def, windFrom);
    sources.set(def, s);
  }
  return s;
}

const round = (v: number, digits: number): number => Number(v.toFixed(digits));

/** The reading the payload of `def`'s aircraft takes now. */
export function gasSample(def: SimUnitDef, s: UnitState, rng: Rng): GasReadingData {
  const src = sourceOf(def, s.weather.windFrom);
  const wind = { speed: windNow(s.weather), fromDeg: s.weather.windFrom };
  const unit = concentrationAt(src.pos, s.pos, s.elevation, src.height, wind, 1);
  const noisy = (v: number): number => Math.max(0, v * (1 + rng.range(-NOISE, NOISE)));
  const gases: Partial<Record<Gas, number>> = {};
  for (const gas of GASES) {
    const plume = gM3ToPpm(unit * (src.rates[gas] ?? 0), MOLAR_MASS[gas]);
    gases[gas] = round(noisy(BACKGROUND_PPM[gas] + plume), 3);
  }
  const odour = round(noisy(BACKGROUND_OUM3 + unit * src.odour), 0);
  const ch4 = gases.ch4 ?? 0;
  const ch4Limits = DEFAULT_THRESHOLDS[0];
  const level = !ch4Limits ? 0 : ch4 >= ch4Limits.warning ? 2 : ch4 >= ch4Limits.caution ? 1 : 0;
  // Standard atmosphere: about 12 Pa less per metre up.
  const height = def.homeHeight + s.elevation;
  return {
    sensor_id: `${def.aircraft.sn}-GAS1`,
    gas: 'ch4',
    value: ch4,
    unit: 'ppm',
    level,
    latitude: s.pos.lat,
    longitude: s.pos.lng,
    height: round(height, 1),
    relative_height: round(s.elevation, 1),
    gases,
    odour,
    temperature: round(s.weather.temperature - 0.0065 * s.elevation, 1),
    humidity: round(s.weather.humidity, 0),
    pressure: round(1013.25 - height * 0.12, 1),
    wind_speed: round(wind.speed, 1),
    wind_direction: round(((wind.fromDeg % 360) + 360) % 360, 0),
  };
}
