/**
 * Ingestion's writes for `gas_reading`, a batch at a time: every reading into `gas_readings` in one
 * insert, its minute and hour into the roll-ups in one upsert each (storeGasRollUps.ts), in one
 * transaction so readings and roll-ups never disagree; then each reading, in arrival order, is checked
 * against its project's thresholds.
 *
 * Crossings are checked after the write, not before it: an alarm then always refers to a reading that
 * is in the database (a failed write raises no alarm about data nobody can look up), and the delay it
 * adds is the wait for the batch, at most {@link GAS_BATCH_MS} plus the write. Checking in memory
 * first would not be faster anyway: a crossing needs the project's thresholds and the device's alarm
 * state, which come from the database too (cached).
 */
import type { GasChannel } from '../../protocol/gas.ts';
import { GASES } from '../../protocol/gas.ts';
import type { Db } from '../db/Db.ts';
import { SILENT_NOTIFIER, type Notifier } from '../notifications/Notifier.ts';
import type { QueuedGasReading } from './acceptGasReading.ts';
import type { DeviceContext } from './deviceContext.ts';
import { deviceContext } from './deviceContext.ts';
import type { Publish } from './gasAlarms.ts';
import { checkCrossings } from './gasAlarms.ts';
import type { GasState } from './gasState.ts';
import { cachedThresholds } from './gasThresholds.ts';
import { lastPosition, notePosition } from './lastPosition.ts';
import { storeGasRollUps } from './storeGasRollUps.ts';

/** Readings are gathered this long before being written: it bounds how late an alarm can be, ms. */
export const GAS_BATCH_MS = 1_000;
/** A batch this large is written at once, without waiting for the period to end. */
export const GAS_BATCH_MAX = 1_000;

interface Row extends QueuedGasReading {
  ctx: DeviceContext;
}

/**
 * All rows in one statement: one array per column (`unnest`) keeps it at 21 bind parameters whatever
 * the batch size (PostgreSQL allows 65 535 per statement), on PGlite and PostgreSQL alike.
 */
async function insertReadings(db: Db, rows: readonly Row[]): Promise<void> {
  const col = <T>(pick: (row: Row) => T) => rows.map(pick);
  await db.query(
    `insert into gas_readings (ts, device_sn, workspace_id, execution_id, lat, lng, height, rel_height,
       ch4, h2s, nh3, voc, so2, co, odour, temperature, humidity, pressure, wind_speed, wind_from, level)
     select * from unnest($1::timestamptz[], $2::text[], $3::integer[], $4::integer[], $5::float8[],
       $6::float8[], $7::real[], $8::real[], $9::real[], $10::real[], $11::real[], $12::real[],
       $13::real[], $14::real[], $15::real[], $16::real[], $17::real[], $18::real[], $19::real[],
       $20::real[], $21::smallint[])`,
    [
      col((row) => new Date(row.ts)),
      col((row) => row.sn),
      col((row) => row.ctx.workspaceId),
      col((row) => row.ctx.executionId),
      col((row) => row.reading.lat),
      col((row) => row.reading.lng),
      col((row) => row.reading.height),
      col((row) => row.reading.relHeight),
      ...GASES.map((gas) => col((row) => row.reading.gases[gas])),
      col((row) => row.reading.odour),
      col((row) => row.reading.temperature),
      col((row) => row.reading.humidity),
      col((row) => row.reading.pressure),
      col((row) => row.reading.windSpeed),
      col((row) => row.reading.windFrom),
      col((row) => row.reading.level),
    ],
  );
}

/** One reading's threshold check; `publish` lets a crossing reach consoles live. */
async function checkReading(
  db: Db,
  gas: GasState,
  row: Row,
  publish: Publish | undefined,
  notifier: Notifier,
): Promise<void> {
  const { sn, ts, reading: r, ctx } = row;
  if (r.lat !== null && r.lng !== null)
    notePosition(gas.positions, sn, ts, { lat: r.lat, lng: r.lng });
  if (ctx.workspaceId === null) return;
  const values: Partial<Record<GasChannel, number | null>> = { odour: r.odour };
  for (const channel of GASES) values[channel] = r.gases[channel];
  await checkCrossings(db, gas.alarms, {
    sn,
    ts,
    values,
    thresholds: await cachedThresholds(db, gas.thresholds, ctx.workspaceId, ts),
    // A reading without a position is placed where the aircraft was last seen, if recently.
    position: () =>
      r.lat !== null && r.lng !== null
        ? Promise.resolve({ lat: r.lat, lng: r.lng })
        : lastPosition(db, gas.positions, sn, ts),
    publish,
    notifier,
  });
}

/**
 * Stores `batch` (in arrival order) and checks each of its readings against the thresholds; `gas` is
 * the app's state (caches, crossing states, counts).
 */
export async function storeGasReadings(
  db: Db,
  gas: GasState,
  batch: readonly QueuedGasReading[],
  publish?: Publish,
  notifier: Notifier = SILENT_NOTIFIER,
): Promise<void> {
  if (batch.length === 0) return;
  const rows: Row[] = [];
  // Mostly cache hits: the database is asked once per device every few seconds.
  for (const q of batch) rows.push({ ...q, ctx: await deviceContext(db, gas.devices, q.sn, q.ts) });
  await db.tx(async (tx) => {
    await insertReadings(tx, rows);
    await storeGasRollUps(
      tx,
      rows.map((row) => ({ ...row, workspaceId: row.ctx.workspaceId })),
    );
  });
  gas.stats.stored += rows.length;
  // Positions are noted in the same order as the checks, so a reading without one is placed where
  // the aircraft was before it, never after. One reading's failed check does not skip the others'.
  let failure: { error: unknown } | undefined;
  for (const row of rows) {
    try {
      await checkReading(db, gas, row, publish, notifier);
    } catch (error) {
      failure ??= { error };
    }
  }
  if (failure) throw failure.error;
}
