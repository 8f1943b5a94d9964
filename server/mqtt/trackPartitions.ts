/**
 * Upkeep of the month partitions of `device_tracks` (migration 0800): the current month and the next
 * ones are created ahead, so points land in their own month rather than the default partition, and
 * with a retention set, months wholly older than it are dropped (a cheap `drop table`, not a delete
 * of millions of rows). Several servers sharing one PostgreSQL may run this at once: each change is
 * one transaction under an advisory lock and re-checks what exists.
 */
import type { Db } from '../db/Db.ts';
import { catchUpTracks } from '../replay/trackRollup.ts';
import { StartupError } from '../startupError.ts';
import type { Log } from '../runtime/log.ts';
import type { Scheduler } from '../runtime/scheduler.ts';

/** Months created ahead of the current one. */
export const MONTHS_AHEAD = 2;
/** How often the upkeep runs; a month is created at least this long before it starts. */
export const UPKEEP_EVERY_MS = 6 * 3_600_000;
const PREFIX = 'device_tracks_';
const DEFAULT_PARTITION = 'device_tracks_default';
const COLUMNS = `device_sn, ts, latitude, longitude, height, elevation, attitude_head,
  horizontal_speed, vertical_speed, battery_percent, mode_code`;
/** Any fixed number: the same in every Skydeck process sharing a database. */
const UPKEEP_LOCK_KEY = 731_800;
/** How often past track minutes are thinned, and the most work one round does. */
const THIN_EVERY_MS = 60_000;
const THIN_BUDGET_MS = 2_000;

/** Reads `TRACK_RETENTION_DAYS`: a positive whole number of days, or 0 (keep every point). */
export function trackRetentionDays(env: NodeJS.ProcessEnv = process.env): number {
  const text = env.TRACK_RETENTION_DAYS?.trim() ?? '';
  if (text === '') return 0;
  const days = Number(text);
  if (!Number.isSafeInteger(days) || days < 0)
    throw new StartupError(
      'TRACK_RETENTION_DAYS',
      `TRACK_RETENTION_DAYS must be a whole number of days (0 keeps every point), got "${text}"`,
    );
  return days;
}

/** UTC start of the month `offset` months after the one holding `ms`. */
export function monthStart(ms: number, offset = 0): Date {
  const d = new Date(ms);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + offset, 1));
}

/** `device_tracks_YYYYMM` of the month starting at `start`. */
export const partitionName = (start: Date): string =>
  `${PREFIX}${start.getUTCFullYear()}${String(start.getUTCMonth() + 1).padStart(2, '0')}`;

/** The month partitions that exist, by name (the default one excluded). */
export async function monthPartitions(db: Db): Promise<string[]> {
  const rows = await db.query<{ name: string }>(
    `select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
     where i.inhparent = 'device_tracks'::regclass order by 1`,
  );
  return rows.map((r) => r.name).filter((n) => /^device_tracks_\d{6}$/.test(n));
}

async function locked<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.tx(async (tx) => {
    if (tx.kind === 'postgres')
      await tx.query('select pg_advisory_xact_lock($1)', [UPKEEP_LOCK_KEY]);
    return work(tx);
  });
}

/**
 * Creates the month partitions from the current month to `MONTHS_AHEAD` after it. Points already in
 * the default partition for such a month are moved into it (PostgreSQL refuses a new partition whose
 * range the default one still holds rows of). Returns the names created.
 */
export async function ensureTrackPartitions(db: Db, now: number): Promise<string[]> {
  const created: string[] = [];
  for (let offset = 0; offset <= MONTHS_AHEAD; offset++) {
    const from = monthStart(now, offset);
    const to = monthStart(now, offset + 1);
    const name = partitionName(from);
    const made = await locked(db, async (tx) => {
      if ((await monthPartitions(tx)).includes(name)) return false;
      // Names and bounds are computed here from numbers, never from input.
      await tx.exec(`create table ${name} (like device_tracks including defaults)`);
      const range = [from, to];
      await tx.query(
        `insert into ${name} (${COLUMNS}) select ${COLUMNS} from ${DEFAULT_PARTITION}
         where ts >= $1 and ts < $2`,
        range,
      );
      await tx.query(`delete from ${DEFAULT_PARTITION} where ts >= $1 and ts < $2`, range);
      await tx.exec(
        `alter table device_tracks attach partition ${name}
         for values from ('${from.toISOString()}') to ('${to.toISOString()}')`,
      );
      return true;
    });
    if (made) created.push(name);
  }
  return created;
}

/**
 * Drops the month partitions that end on or before `now - retentionDays` and deletes the points of
 * the default partition, the thinned tracks, the DRC holds and the presence transitions older
 * than that. A month is kept until its last day has expired, so up to a month more than the
 * retention may remain. Returns the names dropped.
 */
export async function dropExpiredTrackPartitions(
  db: Db,
  now: number,
  retentionDays: number,
): Promise<string[]> {
  if (retentionDays <= 0) return [];
  const cutoff = now - retentionDays * 86_400_000;
  return locked(db, async (tx) => {
    const expired = (await monthPartitions(tx)).filter((name) => {
      const year = Number(name.slice(PREFIX.length, PREFIX.length + 4));
      const month = Number(name.slice(PREFIX.length + 4));
      return Date.UTC(year, month, 1) <= cutoff;
    });
    for (const name of expired) await tx.exec(`drop table ${name}`);
    await tx.query(`delete from ${DEFAULT_PARTITION} where ts < $1`, [new Date(cutoff)]);
    // The replay's other history (migration 0997) is kept as long as the tracks it goes with.
    await tx.query('delete from drc_holds where ended_at < $1', [new Date(cutoff)]);
    await tx.query('delete from device_presence where at < $1', [new Date(cutoff)]);
    await tx.query('delete from device_track_keep where ts < $1', [new Date(cutoff)]);
    return expired;
  });
}

export interface TrackPartitionUpkeep {
  /** Resolves when the first round (at start) is done. */
  readonly ready: Promise<void>;
  stop(): void;
}

/** Runs the upkeep now and every `UPKEEP_EVERY_MS`; failures are logged, never thrown. */
export function startTrackPartitionUpkeep(options: {
  db: Db;
  log: Log;
  scheduler: Scheduler;
  retentionDays: number;
}): TrackPartitionUpkeep {
  const { db, log, scheduler } = options;
  let running: Promise<void> = Promise.resolve();
  const round = () => {
    running = running.then(async () => {
      try {
        const now = scheduler.now();
        const created = await ensureTrackPartitions(db, now);
        const dropped = await dropExpiredTrackPartitions(db, now, options.retentionDays);
        if (created.length > 0) log.info(`track partitions created: ${created.join(', ')}`);
        if (dropped.length > 0)
          log.info(
            `track partitions dropped (older than ${options.retentionDays} days): ${dropped.join(', ')}`,
          );
      } catch (error) {
        log.error(`track partition upkeep failed: ${String(error)}`);
      }
    });
    return running;
  };
  // Past minutes are thinned for long replay windows as they age (server/replay/trackRollup.ts).
  const thin = () => {
    running = running.then(async () => {
      try {
        await catchUpTracks(db, scheduler.now(), THIN_BUDGET_MS);
      } catch (error) {
        log.error(`track thinning failed: ${String(error)}`);
      }
    });
  };
  const ready = round();
  const cancel = scheduler.every(UPKEEP_EVERY_MS, () => void round());
  const cancelThin = scheduler.every(THIN_EVERY_MS, thin);
  return {
    ready,
    stop: () => {
      cancel();
      cancelThin();
    },
  };
}
