-- Media files uploaded by docks (or the simulator) and registered by `file_upload_callback`
-- (protocol §8). One row per object key: a dock repeating a callback changes nothing.
create table media_files (
  id serial primary key,
  workspace_id integer not null references workspaces(id) on delete cascade,
  object_key text not null unique,
  -- The 320 px JPEG made once on registration; empty when the file is not an image.
  thumb_key text not null default '',
  name text not null,
  -- photo | video
  kind text not null,
  size bigint not null default 0,
  md5 text not null default '',
  content_type text not null default 'application/octet-stream',
  -- the aircraft that shot it, and the dock that uploaded it
  device_sn text not null default '',
  gateway_sn text not null default '',
  payload text not null default '',
  -- left as it was when the task or run is deleted: the photos stay
  task_id integer references flight_tasks(id) on delete set null,
  execution_id integer references flight_task_executions(id) on delete set null,
  flight_id text,
  lat double precision,
  lon double precision,
  absolute_altitude double precision,
  relative_altitude double precision,
  gimbal_yaw double precision,
  width integer,
  height integer,
  shot_at timestamptz not null,
  created_at timestamptz not null default now()
);
create index media_files_workspace_idx on media_files(workspace_id, shot_at desc, id desc);
create index media_files_flight_idx on media_files(flight_id);
