-- History the fleet replay (/replay) reads besides the tracks: who held DRC of which aircraft, and
-- when devices came online and went offline. `drc_sessions` and `devices.online` only say what is
-- true now; these keep what was. Serial numbers and users are not foreign keys: the history
-- outlives a device that is deleted and re-added, and a user who is removed. Rows older than
-- TRACK_RETENTION_DAYS go with the track partitions (server/mqtt/trackPartitions.ts).

-- One row per DRC hold: written when the dock answers `drc_mode_enter` for a pilot, closed when the
-- session ends (the pilot leaves, the heartbeat or credentials lapse) or another pilot takes it.
create table drc_holds (
  id serial primary key,
  dock_sn text not null,
  aircraft_sn text not null,
  user_id integer,
  username text not null,
  started_at timestamptz not null,
  ended_at timestamptz
);
create index drc_holds_dock_idx on drc_holds(dock_sn, started_at);
create index drc_holds_started_idx on drc_holds(started_at);
create index drc_holds_open_idx on drc_holds(dock_sn) where ended_at is null;

-- Presence transitions: one row each time a device comes online or goes offline.
create table device_presence (
  device_sn text not null,
  at timestamptz not null,
  online boolean not null
);
create index device_presence_sn_at_idx on device_presence(device_sn, at);
create index device_presence_at_idx on device_presence(at);

-- The page for databases seeded before it existed (an empty database gets it from the seed,
-- seedMenus.ts, which runs after the migrations: nothing is inserted then). Every seeded role reads
-- it, as the seed gives it: it changes nothing.
insert into menus (name, path, icon, sort, kind)
select 'replay', '/replay', 'play',
  coalesce((select max(sort) from menus where parent_id is null), 0) + 10, 'menu'
where exists (select 1 from menus) and not exists (select 1 from menus where name = 'replay');

insert into role_menus (role_id, menu_id)
select r.id, m.id
from roles r
join menus m on m.name = 'replay' and m.parent_id is null
where r.name in ('admin', 'operator', 'viewer')
on conflict do nothing;

-- Tracks thinned for long windows: of each aircraft's minute of `device_tracks`, the first and last
-- point, the lowest and highest, and the fastest (server/replay/trackRollup.ts), at most five real
-- points instead of sixty. A month's replay downsamples these instead of every stored second;
-- extremes survive, as each bucket's extremes are among its minutes'. `track_rollup` says which
-- minutes were thinned, from `rolled_from` (where the first run started) to `rolled_until` (the
-- single row, moved on by whichever instance thins next).
create table device_track_keep (
  device_sn text not null,
  ts timestamptz not null,
  latitude double precision not null,
  longitude double precision not null,
  height real,
  horizontal_speed real,
  battery_percent smallint,
  mode_code smallint,
  primary key (device_sn, ts)
);
create index device_track_keep_ts_idx on device_track_keep(ts);

create table track_rollup (
  id integer primary key check (id = 1),
  rolled_from timestamptz not null,
  rolled_until timestamptz not null
);
