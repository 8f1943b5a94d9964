-- Telemetry kept by ingestion: a down-sampled flight track, HMS alarms and our own device events.
-- Serial numbers are not foreign keys: telemetry outlives a device that is deleted and re-added,
-- and ingestion only stores messages of registered devices anyway.

-- One point per second per aircraft (ingestion drops the rest).
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
  primary key (device_sn, ts)
);

-- HMS alarms: each `hms` message is the full current set, so a row is raised when a code appears and
-- cleared when it is missing from a later message.
create table device_hms_alarms (
  id serial primary key,
  -- serial number of the gateway whose events topic carried the alarm
  gateway_sn text not null,
  code text not null,
  level integer not null,
  module integer not null,
  in_the_sky integer not null default 0,
  imminent integer not null default 0,
  device_type text not null default '',
  args jsonb not null default '{}',
  raised_at timestamptz not null,
  cleared_at timestamptz
);
create index device_hms_alarms_active_idx on device_hms_alarms(gateway_sn) where cleared_at is null;
create index device_hms_alarms_raised_idx on device_hms_alarms(raised_at desc);

-- Our own events (`ai_alarm`, `gas_reading`) as they arrived.
create table device_events (
  id serial primary key,
  device_sn text not null,
  method text not null,
  data jsonb not null,
  ts timestamptz not null,
  received_at timestamptz not null default now()
);
create index device_events_sn_ts_idx on device_events(device_sn, ts desc);
create index device_events_method_ts_idx on device_events(method, ts desc);
