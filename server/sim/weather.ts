/**
 * The weather around one dock: a mean wind that wanders slowly with gusts on top, a wind direction
 * that veers a few degrees a minute, and temperature, humidity and rain that drift. Docks report it
 * (`wind_speed` in m/s, rainfall, temperature, humidity) and the aircraft feel it (drift, ground speed,
 * attitude, battery use).
 */
import type { Rng } from './rng.ts';

/** Above this mean wind (m/s) nothing plausible flies: the sim's wind stays below it. */
const MAX_MEAN_WIND_MPS = 10;
/** How quickly gusts die away, 1/s: a gust lasts a few seconds. */
const GUST_DECAY_PER_S = 0.3;

export interface Weather {
  /** Mean wind at the dock, m/s. */
  wind: number;
  /** Current gust on top of the mean, m/s (may be negative: a lull). */
  gust: number;
  /** Where the wind blows from, degrees clockwise from north. */
  windFrom: number;
  /** °C outside. */
  temperature: number;
  /** %RH outside. */
  humidity: number;
  /** 0 none, 1 light, 2 moderate, 3 heavy. */
  rainfall: number;
}

/** A plausible subtropical afternoon (the default centre is Shenzhen). */
export function initialWeather(rng: Rng): Weather {
  return {
    wind: rng.range(1.5, 6),
    gust: 0,
    windFrom: rng.range(0, 360),
    temperature: rng.range(22, 31),
    humidity: rng.range(55, 85),
    rainfall: 0,
  };
}

/** Wind felt now (mean plus gust), m/s, never negative. */
export const windNow = (w: Weather): number => Math.max(0, w.wind + w.gust);

/** The wind's velocity (where the air moves to), east and north m/s. */
export function windVector(w: Weather): { east: number; north: number } {
  const to = ((w.windFrom + 180) * Math.PI) / 180;
  const speed = windNow(w);
  return { east: speed * Math.sin(to), north: speed * Math.cos(to) };
}

/** The protocol's eight-point `wind_direction`: 1 N, 2 NE … 8 NW (where it blows from). */
export function windDirectionCode(w: Weather): number {
  const sector = Math.round((((w.windFrom % 360) + 360) % 360) / 45) % 8;
  return sector + 1;
}

/** Advances the weather by `dt` seconds. */
export function stepWeather(w: Weather, dt: number, rng: Rng): void {
  w.wind = Math.max(0.3, Math.min(MAX_MEAN_WIND_MPS, w.wind + rng.range(-0.05, 0.05) * dt));
  w.gust *= Math.exp(-GUST_DECAY_PER_S * dt);
  if (rng.chance(dt / 8)) w.gust = rng.range(-0.3, 0.6) * w.wind;
  w.windFrom = (w.windFrom + rng.range(-0.5, 0.5) * dt + 360) % 360;
  w.temperature += rng.range(-0.01, 0.01) * dt;
  w.humidity = Math.max(30, Math.min(99, w.humidity + rng.range(-0.05, 0.05) * dt));
  if (rng.chance(dt / 1_800)) w.rainfall = w.rainfall === 0 ? rng.int(1, 2) : 0;
}
