-- The wayline library: one row per stored KMZ, with the facts read from it when it was imported.
-- The file itself lives in the object store under `object_key`; `md5` is the fingerprint a dock
-- checks after downloading it (protocol §6.6).
create table waylines (
  id serial primary key,
  -- Deleting a project deletes its routes with it (the project page lists what a project holds).
  workspace_id integer not null references workspaces(id) on delete cascade,
  name text not null,
  object_key text not null unique,
  md5 text not null,
  size_bytes integer not null,
  favorite boolean not null default false,
  -- `0-type-sub_type` of `wpml:droneInfo`, `1-type-0` of `wpml:payloadInfo` (empty when none)
  drone_model_key text not null,
  payload_model_key text not null default '',
  template_type text not null,
  waypoint_count integer not null,
  -- geodesic length, m, and time along the route, s
  length_m double precision not null,
  duration_s integer not null,
  height_mode text not null,
  finish_action text not null,
  wpmz_version text not null,
  -- [lng, lat] pairs for the list's thumbnail, at most 200
  outline jsonb not null default '[]',
  creator_id integer references users(id) on delete set null,
  creator_name text not null default '',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index waylines_workspace_idx on waylines(workspace_id, created_at desc);
