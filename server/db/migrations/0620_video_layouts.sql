-- The video wall's layout per user (tile count and the streams in tile order), kept on the server
-- because the console's local storage is limited to the keys of spec §3.
create table if not exists video_layouts (
  user_id integer primary key references users (id) on delete cascade,
  size integer not null,
  tiles jsonb not null,
  updated_at timestamptz not null default now()
);
