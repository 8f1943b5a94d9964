-- AI models: a registry of the detection models the devices run. A model groups versions; each
-- version is one checked ONNX file kept in the object store (file_key), with what the server read
-- from it (onnx) and the classes and confidence threshold it reports with.
create table ai_models (
  id serial primary key,
  workspace_id integer not null references workspaces(id) on delete cascade,
  name text not null,
  task_type text not null,
  enabled boolean not null default true,
  created_by text not null default '',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (workspace_id, name)
);

create table ai_model_versions (
  id serial primary key,
  model_id integer not null references ai_models(id) on delete cascade,
  version text not null,
  framework text not null default 'onnx',
  input_width integer not null,
  input_height integer not null,
  classes jsonb not null,
  threshold real not null,
  notes text not null default '',
  file_key text not null,
  size bigint not null,
  sha256 text not null,
  onnx jsonb not null,
  created_by text not null default '',
  created_at timestamptz not null default now(),
  unique (model_id, version)
);

-- One row per deploy of a version to a device; the newest row per device is what it runs or is
-- getting. An older deployed row becomes 'replaced' when another version reaches the device.
create table ai_model_deployments (
  id serial primary key,
  model_id integer not null references ai_models(id) on delete cascade,
  version_id integer not null references ai_model_versions(id) on delete cascade,
  workspace_id integer not null references workspaces(id) on delete cascade,
  device_sn text not null,
  gateway_sn text not null,
  -- pending | downloading | deployed | failed | replaced
  state text not null default 'pending',
  progress integer not null default 0,
  result integer,
  reason text not null default '',
  created_by text not null default '',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index ai_model_deployments_model_idx on ai_model_deployments(model_id, id desc);
create index ai_model_deployments_device_idx on ai_model_deployments(device_sn, id desc);
