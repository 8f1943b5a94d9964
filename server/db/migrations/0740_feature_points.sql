-- Feature points: places an inspection should look at, with where the camera points and what the
-- detector should watch for there. Heights are metres above the take-off point.
create table feature_points (
  id serial primary key,
  workspace_id integer not null references workspaces(id) on delete cascade,
  name text not null,
  category text not null default '',
  longitude double precision not null,
  latitude double precision not null,
  height double precision not null,
  gimbal_pitch double precision not null default -45,
  gimbal_yaw double precision not null default 0,
  zoom double precision not null default 1,
  -- alarms and photos within this many metres belong to the point (linked when read, not stored)
  radius double precision not null default 30,
  -- model class names to watch for, a JSON array of strings
  classes jsonb not null default '[]',
  notes text not null default '',
  creator_id integer references users(id) on delete set null,
  creator_name text not null default '',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index feature_points_workspace_idx on feature_points(workspace_id, id desc);

-- Reference photos of a point; the files live in the object store.
create table feature_point_photos (
  id serial primary key,
  point_id integer not null references feature_points(id) on delete cascade,
  object_key text not null unique,
  thumb_key text not null,
  name text not null default '',
  content_type text not null,
  size_bytes integer not null,
  width integer,
  height integer,
  created_at timestamptz not null default now()
);
create index feature_point_photos_point_idx on feature_point_photos(point_id, id);

-- The bounding-box prefilter of "what was seen near a point" reads alarms and photos by position.
create index if not exists ai_alarms_position_idx on ai_alarms(latitude, longitude);
create index if not exists media_files_position_idx on media_files(lat, lon);
