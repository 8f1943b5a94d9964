-- The cockpit's latency-guard thresholds per user (src/pages/droneCtl/GuardSettings.tsx).
create table if not exists drc_guard_settings (
  user_id integer primary key references users (id) on delete cascade,
  warn_ms integer not null,
  stop_ms integer not null,
  updated_at timestamptz not null default now()
);
