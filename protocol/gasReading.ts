/**
 * Reads a `gas_reading` event body into the fields stored, bounded: a device's message is input like
 * any other. Multi-gas payloads send a `gases` map; older single-gas senders send `gas` + `value`
 * (+ `unit`), which still fills that gas's column. A body with no usable gas value is malformed.
 * Shared by ingestion (what is stored) and the console (live gauges), so both read alike.
 */
import type { Gas, GasPoint } from './gas.ts';
import { GASES, MOLAR_MASS } from './gas.ts';

type Fields = Record<string, unknown>;
const num = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;
const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
const obj = (value: unknown): Fields | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Fields)
    : undefined;

export interface GasReading {
  lat: number | null;
  lng: number | null;
  height: number | null;
  relHeight: number | null;
  gases: Record<Gas, number | null>;
  odour: number | null;
  temperature: number | null;
  humidity: number | null;
  pressure: number | null;
  windSpeed: number | null;
  windFrom: number | null;
  level: number;
}

/** Above this a value is a broken sensor, not air: 100 % by volume is 1 000 000 ppm. */
const MAX_PPM = 1_000_000;
const MAX_OUM3 = 1e9;

function within(value: unknown, lo: number, hi: number): number | null {
  const v = num(value);
  return v !== undefined && v >= lo && v <= hi ? v : null;
}

/** A single-gas value in ppm, converting the units older senders use. */
function singleAsPpm(gas: Gas, value: number, unit: string): number | null {
  switch (unit.toLowerCase()) {
    case 'ppm':
      return value;
    case 'ppb':
      return value / 1000;
    case 'mg/m3':
    case 'mg/m³':
      return (value * 24.45) / MOLAR_MASS[gas];
    case '%vol':
      return value * 10_000;
    default:
      return null;
  }
}

const isGas = (v: string): v is Gas => (GASES as readonly string[]).includes(v);

/** The reading in `data`, or null when it carries no gas value at all. */
export function readGasReading(data: Fields): GasReading | null {
  const gases: Record<Gas, number | null> = {
    ch4: null,
    h2s: null,
    nh3: null,
    voc: null,
    so2: null,
    co: null,
  };
  const map = obj(data.gases);
  if (map) for (const gas of GASES) gases[gas] = within(map[gas], 0, MAX_PPM);
  const single = str(data.gas)?.trim().toLowerCase();
  const value = num(data.value);
  if (single !== undefined && isGas(single) && value !== undefined && gases[single] === null) {
    const ppm = singleAsPpm(single, value, str(data.unit) ?? 'ppm');
    gases[single] = ppm !== null && ppm >= 0 && ppm <= MAX_PPM ? ppm : null;
  }
  const odour = within(data.odour, 0, MAX_OUM3);
  if (GASES.every((g) => gases[g] === null) && odour === null) return null;
  const lat = within(data.latitude, -90, 90);
  const lng = within(data.longitude, -180, 180);
  const level = within(data.level, 0, 2);
  const from = num(data.wind_direction);
  return {
    lat: lat !== null && lng !== null ? lat : null,
    lng: lat !== null && lng !== null ? lng : null,
    height: within(data.height, -1000, 10_000),
    relHeight: within(data.relative_height, -1000, 10_000),
    gases,
    odour,
    temperature: within(data.temperature, -80, 80),
    humidity: within(data.humidity, 0, 100),
    pressure: within(data.pressure, 100, 1200),
    windSpeed: within(data.wind_speed, 0, 100),
    windFrom: from === undefined ? null : ((from % 360) + 360) % 360,
    level: level === null ? 0 : Math.round(level),
  };
}

/** A reading of `sn` at `ts` as the API's point, or null when the body carries no gas value. */
export function gasPointOf(sn: string, ts: number, data: unknown): GasPoint | null {
  const fields = obj(data);
  const r = fields ? readGasReading(fields) : null;
  if (!r) return null;
  return {
    ts,
    device_sn: sn,
    lat: r.lat,
    lng: r.lng,
    height: r.height,
    rel_height: r.relHeight,
    ...r.gases,
    odour: r.odour,
    temperature: r.temperature,
    humidity: r.humidity,
    pressure: r.pressure,
    wind_speed: r.windSpeed,
    wind_from: r.windFrom,
    level: r.level,
  };
}
