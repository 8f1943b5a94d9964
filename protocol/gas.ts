/**
 * The smell-sensing contract: the gases a multi-gas payload measures, their default thresholds, the
 * API paths of /linxiu and the rows its read calls answer.
 */

/** Gases measured in ppm, in the order the page shows them. */
export const GASES = ['ch4', 'h2s', 'nh3', 'voc', 'so2', 'co'] as const;
export type Gas = (typeof GASES)[number];
/** Everything a threshold or a chart may be about: the gases and the odour concentration. */
export const GAS_CHANNELS = [...GASES, 'odour'] as const;
export type GasChannel = (typeof GAS_CHANNELS)[number];

/** Molar mass, g/mol: mg/m³ = ppm × M / 24.45 at 25 °C and 1 atm. */
export const MOLAR_MASS: Readonly<Record<Gas, number>> = {
  ch4: 16.04,
  h2s: 34.08,
  nh3: 17.03,
  // VOC is reported as isobutylene equivalent, the usual PID calibration gas.
  voc: 56.11,
  so2: 64.07,
  co: 28.01,
};

/** ppm → mg/m³ at 25 °C and 1 atm. */
export const ppmToMgM3 = (gas: Gas, ppm: number): number => (ppm * MOLAR_MASS[gas]) / 24.45;

/** Unit of each channel as stored. */
export const CHANNEL_UNIT: Readonly<Record<GasChannel, string>> = {
  ch4: 'ppm',
  h2s: 'ppm',
  nh3: 'ppm',
  voc: 'ppm',
  so2: 'ppm',
  co: 'ppm',
  odour: 'OU/m³',
};

export interface GasThreshold {
  gas: GasChannel;
  caution: number;
  warning: number;
}

/**
 * Defaults near occupational short-term limits (caution) and their double (warning); methane is in
 * ppm well below its lower explosive limit (50 000 ppm) since a leak is found long before that.
 */
export const DEFAULT_THRESHOLDS: readonly GasThreshold[] = [
  { gas: 'ch4', caution: 50, warning: 100 },
  { gas: 'h2s', caution: 10, warning: 20 },
  { gas: 'nh3', caution: 25, warning: 50 },
  { gas: 'voc', caution: 10, warning: 25 },
  { gas: 'so2', caution: 2, warning: 5 },
  { gas: 'co', caution: 35, warning: 100 },
  { gas: 'odour', caution: 500, warning: 1500 },
];

/** Category of the AI alarm a crossing raises (`gas_ch4`, …): /aralm works it like any other. */
export const gasAlarmCategory = (gas: GasChannel): string => `gas_${gas}`;

export const GAS_API = {
  readings: '/api/linxiu/readings',
  latest: '/api/linxiu/latest',
  devices: '/api/linxiu/devices',
  /** Recent flights (task executions) that carried a gas sensor. */
  flights: '/api/linxiu/flights',
  thresholds: '/api/linxiu/thresholds',
  thresholdsSave: '/api/linxiu/thresholds/save',
  source: '/api/linxiu/source',
} as const;

/** One reading (or the mean of a time bucket of them) as the page gets it. */
export interface GasPoint {
  /** ms since epoch (start of the bucket when downsampled). */
  ts: number;
  device_sn: string;
  lat: number | null;
  lng: number | null;
  height: number | null;
  /** Above the take-off point, m. */
  rel_height: number | null;
  ch4: number | null;
  h2s: number | null;
  nh3: number | null;
  voc: number | null;
  so2: number | null;
  co: number | null;
  odour: number | null;
  temperature: number | null;
  humidity: number | null;
  pressure: number | null;
  wind_speed: number | null;
  wind_from: number | null;
  level: number;
}

export interface GasReadingsAnswer {
  points: GasPoint[];
  /** Seconds per bucket; 0 when the points are the raw readings. */
  bucket_s: number;
  /** Readings in the range before downsampling. */
  total: number;
}

export interface GasDevice {
  device_sn: string;
  name: string;
  workspace_id: number;
  last_ts: number | null;
}

/** A flight with gas readings. */
export interface GasFlight {
  execution_id: number;
  task_name: string;
  dock_sn: string;
  planned_at: number;
}

/** The least-squares source estimate of one gas over the readings of a range. */
export interface GasSourceEstimate {
  gas: GasChannel;
  lat: number;
  lng: number;
  /** Emission rate of the best fit, g/s (model units). */
  rate: number;
  /** Radius, m, of the candidates whose misfit stays within 10 % of the best. */
  uncertainty_m: number;
  /** Readings used. */
  used: number;
  wind_speed: number;
  wind_from: number;
}
