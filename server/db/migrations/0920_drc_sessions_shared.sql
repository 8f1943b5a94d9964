-- DRC sessions shared by every instance on one database (server/drc/drcStore.ts). The row is the one
-- truth of who holds a dock: every instance answers `/api/drc/status` and the broker's `drc/down`
-- rule from it.
--   `entered`: `drc_mode_enter` was answered; until then the dock is claimed but nobody flies it.
--   `owner_seen_at`: the serving instance says it is alive (every few seconds); a row whose owner
--   went quiet is taken over by another instance. `last_heartbeat` stays the pilot's own heartbeat,
--   written by whichever instance hears it.
alter table drc_sessions add column if not exists entered boolean not null default true;
alter table drc_sessions add column if not exists owner_seen_at timestamptz not null default now();

