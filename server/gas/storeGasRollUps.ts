/**
 * The roll-ups the page reads long ranges from — one row per device and minute (`gas_minutes`) and
 * per device and hour (`gas_hours`): sums for means (position, weather) and maxima for the gases, so
 * peaks survive. A batch of readings is first folded in memory per (device, period), in arrival order,
 * then written as one upsert per table that merges each fold into its stored row with the rules a
 * single reading used: counts and sums add, gases and level keep the greatest (nulls ignored, as SQL
 * `greatest` does), wind direction keeps the newest known one, the project is the one of the period's
 * first reading. Counts, maxima and first-in-batch sums are therefore the same as reading by reading;
 * a sum added onto an existing row can differ in its last bits only (floating-point addition grouped
 * differently).
 */
import type { GasChannel } from '../../protocol/gas.ts';
import { GAS_CHANNELS, GASES } from '../../protocol/gas.ts';
import type { Db } from '../db/Db.ts';
import type { GasReading } from './readGasReading.ts';

/** A reading as stored: its device, time and project. */
export interface RolledReading {
  sn: string;
  ts: number;
  reading: GasReading;
  workspaceId: number | null;
}

const ROLL_UPS = [
  { table: 'gas_minutes', key: 'minute', periodMs: 60_000 },
  { table: 'gas_hours', key: 'hour', periodMs: 3_600_000 },
] as const;
type RollUp = (typeof ROLL_UPS)[number];

/** The columns kept as maxima, in the tables' column order. */
const PEAKS: readonly GasChannel[] = GAS_CHANNELS;

interface Fold {
  sn: string;
  period: number;
  workspaceId: number | null;
  n: number;
  sumLat: number;
  sumLng: number;
  nPos: number;
  sumHeight: number;
  sumRelHeight: number;
  peaks: Record<GasChannel, number | null>;
  nAir: number;
  sumTemperature: number;
  sumHumidity: number;
  sumPressure: number;
  sumWindSpeed: number;
  windFrom: number | null;
  level: number;
}

/** The greater of two, a null being no value (SQL `greatest`). */
const greatest = (a: number | null, b: number | null): number | null =>
  a === null ? b : b === null ? a : Math.max(a, b);

function emptyFold(sn: string, period: number, workspaceId: number | null): Fold {
  const peaks = Object.fromEntries(PEAKS.map((p) => [p, null])) as Record<
    GasChannel,
    number | null
  >;
  return {
    sn,
    period,
    workspaceId,
    n: 0,
    sumLat: 0,
    sumLng: 0,
    nPos: 0,
    sumHeight: 0,
    sumRelHeight: 0,
    peaks,
    nAir: 0,
    sumTemperature: 0,
    sumHumidity: 0,
    sumPressure: 0,
    sumWindSpeed: 0,
    windFrom: null,
    level: 0,
  };
}

/** Adds one reading to its fold: the same terms the per-reading statement added. */
function add(f: Fold, r: GasReading): void {
  f.n++;
  if (r.lat !== null && r.lng !== null) {
    f.sumLat += r.lat;
    f.sumLng += r.lng;
    f.nPos++;
    f.sumHeight += r.height ?? 0;
    f.sumRelHeight += r.relHeight ?? 0;
  }
  for (const gas of GASES) f.peaks[gas] = greatest(f.peaks[gas], r.gases[gas]);
  f.peaks.odour = greatest(f.peaks.odour, r.odour);
  if (r.temperature !== null) {
    f.nAir++;
    f.sumTemperature += r.temperature;
    f.sumHumidity += r.humidity ?? 0;
    f.sumPressure += r.pressure ?? 0;
    f.sumWindSpeed += r.windSpeed ?? 0;
  }
  f.windFrom = r.windFrom ?? f.windFrom;
  f.level = Math.max(f.level, r.level);
}

/** The batch folded per device and period of `into`, in order of first appearance. */
function foldReadings(into: RollUp, rows: readonly RolledReading[]): Fold[] {
  const folds = new Map<string, Fold>();
  for (const row of rows) {
    const period = Math.floor(row.ts / into.periodMs) * into.periodMs;
    const key = `${row.sn}\u0000${String(period)}`;
    let f = folds.get(key);
    if (!f) {
      f = emptyFold(row.sn, period, row.workspaceId);
      folds.set(key, f);
    }
    add(f, row.reading);
  }
  return [...folds.values()];
}

/**
 * One statement per table whatever the batch size: the rows go as one array per column (`unnest`),
 * so the statement has 23 bind parameters, far from PostgreSQL's 65 535, and needs no chunking.
 * Keys are unique within the statement (folded above), which `on conflict do update` requires.
 */
async function upsertFolds(db: Db, into: RollUp, folds: readonly Fold[]): Promise<void> {
  if (folds.length === 0) return;
  const t = into.table;
  const col = <T>(pick: (f: Fold) => T) => folds.map(pick);
  await db.query(
    `insert into ${t} (device_sn, ${into.key}, workspace_id, n, sum_lat, sum_lng, n_pos, sum_height,
       sum_rel_height, ch4, h2s, nh3, voc, so2, co, odour, n_air, sum_temperature, sum_humidity,
       sum_pressure, sum_wind_speed, wind_from, level)
     select * from unnest($1::text[], $2::timestamptz[], $3::integer[], $4::integer[], $5::float8[],
       $6::float8[], $7::integer[], $8::float8[], $9::float8[], $10::real[], $11::real[], $12::real[],
       $13::real[], $14::real[], $15::real[], $16::real[], $17::integer[], $18::float8[],
       $19::float8[], $20::float8[], $21::float8[], $22::real[], $23::smallint[])
     on conflict (device_sn, ${into.key}) do update set
       n = ${t}.n + excluded.n,
       sum_lat = ${t}.sum_lat + excluded.sum_lat,
       sum_lng = ${t}.sum_lng + excluded.sum_lng,
       n_pos = ${t}.n_pos + excluded.n_pos,
       sum_height = ${t}.sum_height + excluded.sum_height,
       sum_rel_height = ${t}.sum_rel_height + excluded.sum_rel_height,
       ch4 = greatest(${t}.ch4, excluded.ch4),
       h2s = greatest(${t}.h2s, excluded.h2s),
       nh3 = greatest(${t}.nh3, excluded.nh3),
       voc = greatest(${t}.voc, excluded.voc),
       so2 = greatest(${t}.so2, excluded.so2),
       co = greatest(${t}.co, excluded.co),
       odour = greatest(${t}.odour, excluded.odour),
       n_air = ${t}.n_air + excluded.n_air,
       sum_temperature = ${t}.sum_temperature + excluded.sum_temperature,
       sum_humidity = ${t}.sum_humidity + excluded.sum_humidity,
       sum_pressure = ${t}.sum_pressure + excluded.sum_pressure,
       sum_wind_speed = ${t}.sum_wind_speed + excluded.sum_wind_speed,
       wind_from = coalesce(excluded.wind_from, ${t}.wind_from),
       level = greatest(${t}.level, excluded.level)`,
    [
      col((f) => f.sn),
      col((f) => new Date(f.period)),
      col((f) => f.workspaceId),
      col((f) => f.n),
      col((f) => f.sumLat),
      col((f) => f.sumLng),
      col((f) => f.nPos),
      col((f) => f.sumHeight),
      col((f) => f.sumRelHeight),
      ...PEAKS.map((p) => col((f) => f.peaks[p])),
      col((f) => f.nAir),
      col((f) => f.sumTemperature),
      col((f) => f.sumHumidity),
      col((f) => f.sumPressure),
      col((f) => f.sumWindSpeed),
      col((f) => f.windFrom),
      col((f) => f.level),
    ],
  );
}

/** Adds a batch of stored readings to both roll-ups: one upsert per table. */
export async function storeGasRollUps(db: Db, rows: readonly RolledReading[]): Promise<void> {
  for (const into of ROLL_UPS) await upsertFolds(db, into, foldReadings(into, rows));
}
