-- The per-hour roll-up of smell readings: a month of a fleet's minutes is tens of thousands of rows,
-- its hours about a thousand, so a month's chart groups hours (maxima keep the peaks). Built from the
-- minutes already stored; ingestion keeps both from here on.
create table gas_hours (
  device_sn text not null,
  hour timestamptz not null,
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
  primary key (device_sn, hour)
);
create index gas_hours_hour_idx on gas_hours(hour);

insert into gas_hours (device_sn, hour, workspace_id, n, sum_lat, sum_lng, n_pos, sum_height,
  sum_rel_height, ch4, h2s, nh3, voc, so2, co, odour, n_air, sum_temperature, sum_humidity,
  sum_pressure, sum_wind_speed, wind_from, level)
select device_sn, date_trunc('hour', minute), max(workspace_id), sum(n), sum(sum_lat), sum(sum_lng),
  sum(n_pos), sum(sum_height), sum(sum_rel_height), max(ch4), max(h2s), max(nh3), max(voc), max(so2),
  max(co), max(odour), sum(n_air), sum(sum_temperature), sum(sum_humidity), sum(sum_pressure),
  sum(sum_wind_speed), max(wind_from), max(level)
from gas_minutes group by device_sn, date_trunc('hour', minute);
