/**
 * The first step of a `gas_reading`, done as the message arrives (no database): parse the body, or
 * drop and count it when it carries no gas value (logged once per server). What is accepted waits in
 * memory for the next batch write (storeGasReadings.ts).
 */
import type { Fields } from '../mqtt/decode.ts';
import type { GasReading } from './readGasReading.ts';
import { readGasReading } from './readGasReading.ts';

/** A parsed reading of `sn` received at `ts`, waiting to be written. */
export interface QueuedGasReading {
  sn: string;
  ts: number;
  reading: GasReading;
}

/** Readings stored and dropped by the app's ingestion (one per app: `GasState.stats`). */
export interface GasStats {
  stored: number;
  malformed: number;
  /** Whether the first malformed reading was logged (later ones are only counted). */
  logged: boolean;
}

/** The reading in `data`, or null (counted in `stats`) when it is malformed. */
export function acceptGasReading(stats: GasStats, sn: string, data: Fields): GasReading | null {
  const r = readGasReading(data);
  if (r) return r;
  stats.malformed++;
  if (!stats.logged) {
    stats.logged = true;
    console.warn(`gas_reading from ${sn} carries no gas value: dropped (further ones counted)`);
  }
  return null;
}
