/**
 * The first step of a `gas_reading`, done as the message arrives (no database): parse the body, or
 * drop and count it when it carries no gas value (logged once per server). What is accepted waits in
 * memory for the next batch write (storeGasReadings.ts).
 */
import type { Db } from '../db/Db.ts';
import type { Fields } from '../mqtt/decode.ts';
import type { GasReading } from './readGasReading.ts';
import { readGasReading } from './readGasReading.ts';

/** A parsed reading of `sn` received at `ts`, waiting to be written. */
export interface QueuedGasReading {
  sn: string;
  ts: number;
  reading: GasReading;
}

export interface GasStats {
  stored: number;
  malformed: number;
  logged: boolean;
}

const statsByDb = new WeakMap<Db, GasStats>();

/** Readings stored and dropped by the ingestion on `db`. */
export function gasIngestStats(db: Db): GasStats {
  let s = statsByDb.get(db);
  if (!s) {
    s = { stored: 0, malformed: 0, logged: false };
    statsByDb.set(db, s);
  }
  return s;
}

/** The reading in `data`, or null (counted) when it is malformed. */
export function acceptGasReading(db: Db, sn: string, data: Fields): GasReading | null {
  const r = readGasReading(data);
  if (r) return r;
  const stats = gasIngestStats(db);
  stats.malformed++;
  if (!stats.logged) {
    stats.logged = true;
    console.warn(`gas_reading from ${sn} carries no gas value: dropped (further ones counted)`);
  }
  return null;
}
