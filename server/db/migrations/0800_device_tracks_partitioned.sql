-- Tracks grow for years (one row per second per flying aircraft): device_tracks becomes a table
-- partitioned by month on ts, so old months are dropped whole (TRACK_RETENTION_DAYS) instead of
-- deleted row by row, and queries over a time range read only the months they touch. Partitions are
-- named device_tracks_YYYYMM (UTC months); the server creates the coming months ahead
-- (server/mqtt/trackPartitions.ts) and anything without a month of its own lands in
-- device_tracks_default until that month is created. Same schema on PGlite and PostgreSQL.

-- The existing rows are copied, not lost: rename, create, copy, drop.
alter table device_tracks rename to device_tracks_unpartitioned;
alter index device_tracks_pkey rename to device_tracks_unpartitioned_pkey;

create table device_tracks (
  device_sn text not null,
  ts timestamptz not null,
  latitude double precision not null,
  longitude double precision not null,
  -- ellipsoid height and height above the take-off point, m
  height real,
  elevation real,
  attitude_head real,
  horizontal_speed real,
  vertical_speed real,
  battery_percent smallint,
  mode_code smallint,
  -- the partition key must be part of the key: (device_sn, ts) already is
  primary key (device_sn, ts)
) partition by range (ts);

create table device_tracks_default partition of device_tracks default;

-- One partition per month the old table holds, bounds computed in UTC whatever the session's zone.
do $$
declare
  m timestamp;
begin
  for m in
    select distinct date_trunc('month', ts at time zone 'UTC') from device_tracks_unpartitioned
  loop
    execute format(
      'create table %I partition of device_tracks for values from (%L) to (%L)',
      'device_tracks_' || to_char(m, 'YYYYMM'),
      to_char(m, 'YYYY-MM-DD"T"00:00:00"+00"'),
      to_char(m + interval '1 month', 'YYYY-MM-DD"T"00:00:00"+00"')
    );
  end loop;
end $$;

insert into device_tracks (device_sn, ts, latitude, longitude, height, elevation, attitude_head,
  horizontal_speed, vertical_speed, battery_percent, mode_code)
select device_sn, ts, latitude, longitude, height, elevation, attitude_head,
  horizontal_speed, vertical_speed, battery_percent, mode_code
from device_tracks_unpartitioned;

drop table device_tracks_unpartitioned;
