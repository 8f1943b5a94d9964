/**
 * `device_tracks` partitioned by month (migration 0800) on every configured back end: the migration
 * keeps the rows of the old plain table, the upkeep creates the coming months (moving points that
 * waited in the default partition), retention drops whole expired months, and ingestion's insert
 * still skips duplicates.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/Db.ts';
import { migrate } from '../../server/db/migrate.ts';
import {
  dropExpiredTrackPartitions,
  ensureTrackPartitions,
  monthPartitions,
  MONTHS_AHEAD,
  trackRetentionDays,
} from '../../server/mqtt/trackPartitions.ts';
import { storeTrackPoints } from '../../server/mqtt/trackSampler.ts';
import type { TrackPoint } from '../../server/mqtt/trackSampler.ts';
import { backends } from './helpers/backends.ts';

const MIGRATION = '0800_device_tracks_partitioned';
const NOW = Date.UTC(2026, 10, 23, 1); // 2026-11-23

const point = (sn: string, ts: number): TrackPoint => ({
  sn,
  ts,
  latitude: 22.5,
  longitude: 113.9,
  height: 80,
  elevation: 60,
  attitudeHead: 10,
  horizontalSpeed: 9,
  verticalSpeed: 0,
  batteryPercent: 70,
  modeCode: 5,
});

describe.each(backends)('partitioned device_tracks ($name)', (backend) => {
  let db: Db;
  let dispose: () => Promise<void>;

  const where = (sn: string) =>
    db.query<{ part: string; n: number }>(
      `select tableoid::regclass::text as part, count(*)::int as n from device_tracks
       where device_sn = $1 group by 1 order by 1`,
      [sn],
    );

  beforeEach(async () => {
    const opened = await backend.open();
    db = opened.db;
    dispose = () => opened.dispose();
    await migrate(db);
  });

  afterEach(async () => {
    await db.close();
    await dispose();
  });

  it('converts an existing plain table, keeping every row in its month', async () => {
    // Back to the table as 0100 made it, with rows in two months, then migrate again.
    await db.exec(`drop table device_tracks;
      create table device_tracks (device_sn text not null, ts timestamptz not null,
        latitude double precision not null, longitude double precision not null, height real,
        elevation real, attitude_head real, horizontal_speed real, vertical_speed real,
        battery_percent smallint, mode_code smallint, primary key (device_sn, ts));`);
    await db.query('delete from schema_migrations where version = $1', [MIGRATION]);
    await db.query(
      `insert into device_tracks (device_sn, ts, latitude, longitude, battery_percent) values
       ('OLD1', '2026-09-30T23:59:59.500Z', 22.5, 113.9, 50),
       ('OLD1', '2026-10-01T00:00:00Z', 22.6, 113.8, 49),
       ('OLD1', '2026-10-15T08:00:00Z', 22.7, 113.7, null)`,
    );
    expect(await migrate(db)).toEqual([MIGRATION]);
    expect(await where('OLD1')).toEqual([
      { part: 'device_tracks_202609', n: 1 },
      { part: 'device_tracks_202610', n: 2 },
    ]);
    const [row] = await db.query<{ battery_percent: number; latitude: number }>(
      "select battery_percent, latitude from device_tracks where ts = '2026-10-01T00:00:00Z'",
    );
    expect(row).toEqual({ battery_percent: 49, latitude: 22.6 });
  });

  it('creates the coming months once, moving points that waited in the default partition', async () => {
    await storeTrackPoints(db, [point('A1', NOW), point('A1', NOW + 1000)]);
    expect(await where('A1')).toEqual([{ part: 'device_tracks_default', n: 2 }]);
    const created = await ensureTrackPartitions(db, NOW);
    expect(created).toEqual([
      'device_tracks_202611',
      'device_tracks_202612',
      'device_tracks_202701',
    ]);
    expect(created).toHaveLength(MONTHS_AHEAD + 1);
    expect(await where('A1')).toEqual([{ part: 'device_tracks_202611', n: 2 }]);
    expect(await ensureTrackPartitions(db, NOW)).toEqual([]);
    // Ingestion's insert still skips a point it already has (same aircraft, same time).
    await storeTrackPoints(db, [point('A1', NOW), point('A1', NOW + 2000)]);
    expect(await where('A1')).toEqual([{ part: 'device_tracks_202611', n: 3 }]);
  });

  it('drops whole months older than the retention and keeps the rest', async () => {
    await ensureTrackPartitions(db, Date.UTC(2026, 7, 10)); // Aug, Sep, Oct 2026
    await ensureTrackPartitions(db, NOW);
    await storeTrackPoints(db, [
      point('R1', Date.UTC(2026, 7, 20)),
      point('R1', Date.UTC(2026, 8, 20)),
      point('R1', Date.UTC(2026, 10, 20)),
      point('R1', Date.UTC(2020, 0, 1)), // a device with a wrong clock: default partition
    ]);
    expect(await dropExpiredTrackPartitions(db, NOW, 0)).toEqual([]);
    // 60 days before 23 Nov is 24 Sep: August has wholly expired, September not yet.
    expect(await dropExpiredTrackPartitions(db, NOW, 60)).toEqual(['device_tracks_202608']);
    expect(await monthPartitions(db)).not.toContain('device_tracks_202608');
    expect(await where('R1')).toEqual([
      { part: 'device_tracks_202609', n: 1 },
      { part: 'device_tracks_202611', n: 1 },
    ]);
  });

  it('reads TRACK_RETENTION_DAYS, refusing anything but whole days', () => {
    expect(trackRetentionDays({})).toBe(0);
    expect(trackRetentionDays({ TRACK_RETENTION_DAYS: ' 90 ' })).toBe(90);
    expect(() => trackRetentionDays({ TRACK_RETENTION_DAYS: '1.5' })).toThrow(
      /TRACK_RETENTION_DAYS/,
    );
    expect(() => trackRetentionDays({ TRACK_RETENTION_DAYS: '-3' })).toThrow(/whole number/);
  });
});
