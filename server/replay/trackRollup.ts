/**
 * Thinning of past track minutes for long replay windows (migration 0997): every minute of every
 * aircraft's `device_tracks` is reduced to at most five real points (keptPoints.ts) in
 * `device_track_keep`, so a month's window aggregates a twelfth of the rows. Minutes are thinned in
 * order, a few minutes after they end (later points of a minute already thinned are only in the raw
 * track, which short windows read), and `track_rollup` says how far it got. Instances sharing a
 * database take turns through the row's lock; each run does a bounded chunk, so catching up never
 * holds the database for long.
 */
import { REPLAY_THINNED_BUCKET_MS } from '../../protocol/replay.ts';
import type { Db } from '../db/Db.ts';
import { queryOne } from '../db/Db.ts';
import { KEPT_AGGREGATES } from './keptPoints.ts';

const MINUTE_MS = 60_000;
/** A minute is thinned this long after it ends: points reach the database within seconds. */
export const ROLLUP_LAG_MS = 3 * MINUTE_MS;
/** The most one run thins: ten minutes of a large fleet is a short write. */
export const ROLLUP_CHUNK_MS = 10 * MINUTE_MS;
/** A database that never thinned starts this far back: the longest window a replay asks for. */
export const ROLLUP_BACKFILL_MS = 31 * 86_400_000;
/** Downsampled windows with buckets of whole minutes read the thinned minutes. */
export const KEEP_MIN_BUCKET_MS = REPLAY_THINNED_BUCKET_MS;

/** The minutes thinned so far, `[from, until)` in epoch ms; null before the first run. */
export async function rolledSpan(db: Db): Promise<{ from: number; until: number } | null> {
  const row = await queryOne<{ from: Date; until: Date }>(
    db,
    'select rolled_from as from, rolled_until as until from track_rollup where id = 1',
  );
  return row ? { from: row.from.getTime(), until: row.until.getTime() } : null;
}

/**
 * Thins the next chunk of minutes that ended at least `ROLLUP_LAG_MS` before `now`. Returns the
 * milliseconds thinned (0: caught up, or another instance holds the turn).
 */
export async function rollUpTracks(db: Db, now: number): Promise<number> {
  const due = Math.floor((now - ROLLUP_LAG_MS) / MINUTE_MS) * MINUTE_MS;
  await db.query(
    `insert into track_rollup (id, rolled_from, rolled_until) values (1, $1, $1)
     on conflict (id) do nothing`,
    [new Date(due - ROLLUP_BACKFILL_MS)],
  );
  return db.tx(async (tx) => {
    // The row's lock makes instances take turns; the one that waited reads the moved-on value.
    const row = await queryOne<{ until: Date }>(
      tx,
      'select rolled_until as until from track_rollup where id = 1 for update',
    );
    const start = row?.until.getTime() ?? due;
    const end = Math.min(start + ROLLUP_CHUNK_MS, due);
    if (end <= start) return 0;
    // Per aircraft through the track's key (device, time): no scan of the month's partition.
    await tx.query(
      `insert into device_track_keep (device_sn, ts, latitude, longitude, height, horizontal_speed,
         battery_percent, mode_code)
       select distinct on (k.sn, v.p[1]) k.sn, to_timestamp(v.p[1] / 1000), v.p[2], v.p[3], v.p[4],
         v.p[5], v.p[6], v.p[7]
       from (
         select device_sn as sn, ${KEPT_AGGREGATES}
         from device_tracks
         where device_sn = any(array(select device_sn from devices where domain = 0))
           and ts >= $1 and ts < $2
         group by device_sn, floor(date_part('epoch', ts) / 60)
       ) k
       cross join lateral (values (k.first), (k.last), (k.low[2:8]), (k.high[2:8]),
         (k.fast[2:8])) as v(p)
       where v.p is not null
       order by k.sn, v.p[1]
       on conflict do nothing`,
      [new Date(start), new Date(end)],
    );
    await tx.query('update track_rollup set rolled_until = $1 where id = 1', [new Date(end)]);
    return end - start;
  });
}

/**
 * Runs {@link rollUpTracks} until caught up, or until `budgetMs` of work is spent (a backfill over
 * quiet weeks takes many quick chunks; a busy one stops early and goes on next time). Returns the
 * milliseconds of track thinned.
 */
export async function catchUpTracks(db: Db, now: number, budgetMs: number): Promise<number> {
  const started = performance.now();
  let total = 0;
  while (performance.now() - started < budgetMs) {
    const done = await rollUpTracks(db, now);
    if (done === 0) break;
    total += done;
  }
  return total;
}
