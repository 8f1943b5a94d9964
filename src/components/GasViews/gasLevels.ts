/** Threshold arithmetic the page shares: a value's level and the colour ramp of the map. */
import type { GasChannel, GasThreshold } from '../../../protocol/gas.ts';
import { DEFAULT_THRESHOLDS } from '../../../protocol/gas.ts';

export const LEVEL_COLOURS = ['#32a467', '#d9822b', '#cd4246'] as const;
/** Ramp from clean air to the warning level: green, yellow, orange (caution), red (warning). */
export const RAMP = ['#32a467', '#f0b726', '#d9822b', '#cd4246'] as const;

export function thresholdOf(list: readonly GasThreshold[], gas: GasChannel): GasThreshold {
  return (
    list.find((t) => t.gas === gas) ??
    DEFAULT_THRESHOLDS.find((t) => t.gas === gas) ?? { gas, caution: 1, warning: 2 }
  );
}

export function levelOf(value: number | null, t: GasThreshold): 0 | 1 | 2 {
  if (value === null) return 0;
  if (value >= t.warning) return 2;
  return value >= t.caution ? 1 : 0;
}

/** Strictly increasing ramp stops (MapLibre refuses equal ones): half caution, caution, warning. */
export function rampStops(t: GasThreshold): [number, number, number] {
  const caution = Math.max(t.caution, 1e-6);
  const warning = Math.max(t.warning, caution * 1.001);
  return [caution / 2, caution, warning];
}

/** A value for display: three significant figures, no exponent for the ranges sensors report. */
export function formatValue(v: number | null): string {
  if (v === null) return '–';
  if (v === 0) return '0';
  const abs = Math.abs(v);
  if (abs >= 1000) return v.toFixed(0);
  if (abs >= 100) return v.toFixed(1);
  if (abs >= 1) return v.toFixed(2);
  return v.toPrecision(2);
}
