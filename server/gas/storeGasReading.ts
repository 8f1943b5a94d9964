/**
 * One `gas_reading` written on its own: a batch of one (storeGasReadings.ts). Ingestion batches
 * readings instead; this is for callers holding a single reading (imports, tests).
 */
import type { Db } from '../db/Db.ts';
import type { Fields } from '../mqtt/decode.ts';
import { acceptGasReading } from './acceptGasReading.ts';
import type { Publish } from './gasAlarms.ts';
import type { GasState } from './gasState.ts';
import { storeGasReadings } from './storeGasReadings.ts';

/** Stores one reading of `sn` received at `ts`; a malformed one is dropped and counted in `gas`. */
export async function storeGasReading(
  db: Db,
  gas: GasState,
  sn: string,
  data: Fields,
  ts: number,
  publish?: Publish,
): Promise<void> {
  const reading = acceptGasReading(gas.stats, sn, data);
  if (reading) await storeGasReadings(db, gas, [{ sn, ts, reading }], publish);
}
