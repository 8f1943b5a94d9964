/**
 * The page's reads over `gas_readings` / `gas_minutes`. A range is answered with at most about
 * `max_points` points: few readings as they are, more in time buckets (gases and odour as
 * the bucket's maximum so a peak is never averaged away, position and weather as means). Buckets of
 * a minute or more are read from the per-minute roll-up, of an hour or more from the per-hour one,
 * which keeps a month of a fleet (millions of readings, tens of thousands of minutes) fast.
 */
import type { GasPoint, GasReadingsAnswer } from '../../../protocol/gas.ts';
import type { Db } from '../../db/Db.ts';

export interface Range {
  scope: readonly number[];
  devices: readonly string[] | undefined;
  executionId: number | undefined;
  from: Date;
  to: Date;
}

/** Buckets at least this long (s) are read from the roll-up, in whole minutes. */
const MINUTE_FROM_S = 10;
/** Buckets at least this long (s) are whole hours: a month's chart needs no finer grain. */
const HOUR_FROM_S = 600;
/** Ranges longer than this are counted from the per-hour roll-up. */
const COUNT_BY_HOUR_MS = 2 * 86_400_000;
/** Points per answer when the page does not say. */
export const DEFAULT_MAX_POINTS = 4_000;

/** A row as the database returns it: the answer's fields, with the time and level not yet numbers. */
interface Row extends Omit<GasPoint, 'ts' | 'level'> {
  t: number | string;
  level: number | string;
}

const n = (v: number | string | null): number | null => (v === null ? null : Number(v));

function toPoint(r: Row): GasPoint {
  return {
    ts: Number(r.t),
    device_sn: r.device_sn,
    lat: n(r.lat),
    lng: n(r.lng),
    height: n(r.height),
    rel_height: n(r.rel_height),
    ch4: n(r.ch4),
    h2s: n(r.h2s),
    nh3: n(r.nh3),
    voc: n(r.voc),
    so2: n(r.so2),
    co: n(r.co),
    odour: n(r.odour),
    temperature: n(r.temperature),
    humidity: n(r.humidity),
    pressure: n(r.pressure),
    wind_speed: n(r.wind_speed),
    wind_from: n(r.wind_from),
    level: Number(r.level),
  };
}

/** The where clause shared by both tables: `$1` scope, `$2` from, `$3` to, then devices/flight. */
function where(range: Range, time: string, params: unknown[]): string {
  const parts = ['workspace_id = any($1::int[])', `${time} >= $2`, `${time} <= $3`];
  if (range.devices && range.devices.length > 0) {
    params.push(range.devices);
    parts.push(`device_sn = any($${String(params.length)}::text[])`);
  }
  return parts.join(' and ');
}

const RAW_COLUMNS = `device_sn, lat, lng, height, rel_height, ch4, h2s, nh3, voc, so2, co, odour, temperature,
  humidity, pressure, wind_speed, wind_from, level`;
const BUCKET_RAW = `device_sn, avg(lat) lat, avg(lng) lng, avg(height) height, avg(rel_height) rel_height,
  max(ch4) ch4,
  max(h2s) h2s, max(nh3) nh3, max(voc) voc, max(so2) so2, max(co) co, max(odour) odour,
  avg(temperature) temperature, avg(humidity) humidity, avg(pressure) pressure,
  avg(wind_speed) wind_speed, max(wind_from) wind_from, max(level) level`;
const BUCKET_ROLLED_UP = `device_sn, sum(sum_lat) / nullif(sum(n_pos), 0) lat,
  sum(sum_lng) / nullif(sum(n_pos), 0) lng, sum(sum_height) / nullif(sum(n_pos), 0) height,
  sum(sum_rel_height) / nullif(sum(n_pos), 0) rel_height,
  max(ch4) ch4, max(h2s) h2s, max(nh3) nh3, max(voc) voc, max(so2) so2, max(co) co,
  max(odour) odour, sum(sum_temperature) / nullif(sum(n_air), 0) temperature,
  sum(sum_humidity) / nullif(sum(n_air), 0) humidity, sum(sum_pressure) / nullif(sum(n_air), 0) pressure,
  sum(sum_wind_speed) / nullif(sum(n_air), 0) wind_speed, max(wind_from) wind_from, max(level) level`;

/**
 * Seconds per bucket so that `total` readings (about one a second per device) fit in `maxPoints`:
 * 0 keeps the raw readings; longer buckets are whole minutes, so the roll-up answers.
 */
export function bucketSeconds(total: number, maxPoints: number): number {
  if (total <= maxPoints) return 0;
  const b = Math.ceil(total / maxPoints);
  // From 10 s up a whole minute answers within the limit too, and far faster; from 10 min up a
  // whole hour, fastest of all.
  if (b >= HOUR_FROM_S) return Math.ceil(b / 3600) * 3600;
  return b >= MINUTE_FROM_S ? Math.ceil(b / 60) * 60 : b;
}

/** The roll-up a bucket of `bucket` seconds (or a count over `spanMs`) reads. */
const rollUpFor = (hourly: boolean) =>
  hourly
    ? { table: 'gas_hours', key: 'hour', ms: 3_600_000 }
    : { table: 'gas_minutes', key: 'minute', ms: 60_000 };

/**
 * Readings in the range, counted from a roll-up: its minutes, or its hours for a long range (the
 * count only picks the bucket size, so the whole hours at the edges may overcount a little).
 */
async function countOf(db: Db, range: Range): Promise<number> {
  const r = rollUpFor(range.to.getTime() - range.from.getTime() > COUNT_BY_HOUR_MS);
  const params: unknown[] = [
    range.scope,
    new Date(Math.floor(range.from.getTime() / r.ms) * r.ms),
    range.to,
  ];
  const [row] = await db.query<{ n: number | string | null }>(
    `select sum(n) n from ${r.table} where ${where(range, r.key, params)}`,
    params,
  );
  return Number(row?.n ?? 0);
}

/** Readings of a time range or a flight, raw or in buckets (see the module comment). */
export async function readingsOf(
  db: Db,
  range: Range,
  maxPoints: number,
): Promise<GasReadingsAnswer> {
  const params: unknown[] = [range.scope, range.from, range.to];
  let filter = where(range, 'ts', params);
  let total: number;
  if (range.executionId !== undefined) {
    // A flight is a few hours at most: its readings are counted where they are.
    params.push(range.executionId);
    filter += ` and execution_id = $${String(params.length)}`;
    const [count] = await db.query<{ n: number | string }>(
      `select count(*) n from gas_readings where ${filter}`,
      params,
    );
    total = Number(count?.n ?? 0);
  } else total = await countOf(db, range);
  const b = bucketSeconds(total, maxPoints);
  if (b >= 60 && range.executionId === undefined) return rolledUpOf(db, range, b);
  if (b === 0) {
    const rows = await db.query<Row>(
      `select (extract(epoch from ts) * 1000)::float8 t, ${RAW_COLUMNS}
       from gas_readings where ${filter} order by ts, device_sn limit ${String(maxPoints)}`,
      params,
    );
    return { points: rows.map(toPoint), bucket_s: 0, total };
  }
  params.push(b);
  const bp = `$${String(params.length)}`;
  const rows = await db.query<Row>(
    `select floor(extract(epoch from ts)::float8 / ${bp}) * ${bp} * 1000 t, ${BUCKET_RAW}
     from gas_readings where ${filter} group by device_sn, t order by t, device_sn`,
    params,
  );
  return { points: rows.map(toPoint), bucket_s: b, total };
}

async function rolledUpOf(db: Db, range: Range, bucket: number): Promise<GasReadingsAnswer> {
  const r = rollUpFor(bucket % 3600 === 0);
  const params: unknown[] = [range.scope, range.from, range.to];
  const filter = where(range, r.key, params);
  params.push(bucket);
  const bp = `$${String(params.length)}`;
  const rows = await db.query<Row & { n: number | string }>(
    `select floor(extract(epoch from ${r.key})::float8 / ${bp}) * ${bp} * 1000 t, sum(n) n,
       ${BUCKET_ROLLED_UP}
     from ${r.table} where ${filter} group by device_sn, t order by t, device_sn`,
    params,
  );
  const total = rows.reduce((acc, r) => acc + Number(r.n), 0);
  return { points: rows.map(toPoint), bucket_s: bucket, total };
}

/** The newest reading of each device (in scope), for the gauges. */
export async function latestOf(
  db: Db,
  scope: readonly number[],
  devices: readonly string[],
): Promise<GasPoint[]> {
  if (devices.length === 0) return [];
  const rows = await db.query<Row>(
    `select (extract(epoch from g.ts) * 1000)::float8 t, g.* from unnest($2::text[]) d(sn)
     cross join lateral (
       select * from gas_readings r
       where r.device_sn = d.sn and r.workspace_id = any($1::int[]) order by r.ts desc limit 1
     ) g`,
    [scope, devices],
  );
  return rows.map(toPoint);
}

/** First and last reading of a flight within scope, or null when it has none there. */
export async function flightSpan(
  db: Db,
  scope: readonly number[],
  executionId: number,
): Promise<{ from: Date; to: Date } | null> {
  const rows = await db.query<{ from: Date | null; to: Date | null }>(
    `select min(ts) "from", max(ts) "to" from gas_readings
     where execution_id = $1 and workspace_id = any($2::int[])`,
    [executionId, scope],
  );
  const r = rows[0];
  return r?.from && r.to ? { from: new Date(r.from), to: new Date(r.to) } : null;
}
