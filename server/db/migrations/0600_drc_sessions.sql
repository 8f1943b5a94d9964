-- Who holds which dock's DRC session (server/drc/drcStore.ts), so that a restarted server keeps the
-- pilot and the dock's DRC broker credentials (derived again from the dock and `expires_at`), and
-- several instances on one database never grant one dock to two pilots.
create table if not exists drc_sessions (
  dock_sn text primary key,
  aircraft_sn text not null,
  payload_index text not null,
  user_id integer not null references users (id) on delete cascade,
  username text not null,
  role_id integer not null,
  since timestamptz not null,
  expires_at timestamptz not null,
  last_heartbeat timestamptz not null,
  -- The instance serving the session (random per process); null once it shut down cleanly, which
  -- lets the next one to start take the session back at once.
  owner text
);
