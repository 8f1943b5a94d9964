-- Smell sensing: every reading of a multi-gas payload, a per-minute roll-up the page reads for long
-- ranges (a month of a fleet is millions of readings; its minutes are tens of thousands), the
-- thresholds of each project, and which device/gas is currently above its threshold (so a crossing
-- raises one alarm, not one per reading).
create table gas_readings (
  ts timestamptz not null,
  device_sn text not null,
  -- the device's project at the time of the reading; null when the device was not registered
  workspace_id integer,
  -- the flight the aircraft was on, when it was flying a task
  execution_id integer,
  lat double precision,
  lng double precision,
  height real,
  rel_height real,
  ch4 real,
  h2s real,
  nh3 real,
  voc real,
  so2 real,
  co real,
  odour real,
  temperature real,
  humidity real,
  pressure real,
  wind_speed real,
  wind_from real,
  level smallint not null default 0
);
create index gas_readings_device_ts_idx on gas_readings(device_sn, ts);
create index gas_readings_ts_idx on gas_readings(ts);
create index gas_readings_execution_idx on gas_readings(execution_id) where execution_id is not null;

-- One row per device and minute: sums for means (position, weather) and maxima for the gases, so a
-- peak survives the downsampling.
create table gas_minutes (
  device_sn text not null,
  minute timestamptz not null,
  workspace_id integer,
  n integer not null,
  sum_lat double precision not null default 0,
  sum_lng double precision not null default 0,
  n_pos integer not null default 0,
  sum_height double precision not null default 0,
  sum_rel_height double precision not null default 0,
  ch4 real,
  h2s real,
  nh3 real,
  voc real,
  so2 real,
  co real,
  odour real,
  n_air integer not null default 0,
  sum_temperature double precision not null default 0,
  sum_humidity double precision not null default 0,
  sum_pressure double precision not null default 0,
  sum_wind_speed double precision not null default 0,
  wind_from real,
  level smallint not null default 0,
  primary key (device_sn, minute)
);
create index gas_minutes_minute_idx on gas_minutes(minute);

create table gas_thresholds (
  workspace_id integer not null references workspaces(id) on delete cascade,
  gas text not null,
  caution double precision not null,
  warning double precision not null,
  updated_at timestamptz not null default now(),
  primary key (workspace_id, gas)
);

create table gas_alarm_state (
  device_sn text not null,
  gas text not null,
  level smallint not null,
  alarm_id integer references ai_alarms(id) on delete set null,
  since timestamptz not null,
  primary key (device_sn, gas)
);
