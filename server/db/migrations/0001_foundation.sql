-- Foundation: workspaces, accounts, roles, menus, tokens, devices and the audit log.
-- Ids are integer (serial) and times timestamptz: see server/db/Db.ts for why.

create table workspaces (
  id serial primary key,
  parent_id integer references workspaces(id) on delete restrict,
  name text not null,
  mold_id integer not null default 2,
  description text not null default '',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index workspaces_parent_idx on workspaces(parent_id);

create table roles (
  id serial primary key,
  workspace_id integer not null references workspaces(id) on delete restrict,
  name text not null,
  description text not null default '',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (workspace_id, name)
);

create table users (
  id serial primary key,
  username text not null unique,
  nickname text not null default '',
  email text not null default '',
  phone text not null default '',
  password_hash text not null,
  role_id integer not null references roles(id) on delete restrict,
  workspace_id integer not null references workspaces(id) on delete restrict,
  enabled boolean not null default true,
  last_login_at timestamptz,
  password_changed_at timestamptz not null default now(),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index users_workspace_idx on users(workspace_id);
create index users_role_idx on users(role_id);

create table menus (
  id serial primary key,
  parent_id integer references menus(id) on delete cascade,
  name text not null,
  path text not null default '',
  icon text not null default '',
  sort integer not null default 0,
  hidden boolean not null default false,
  kind text not null default 'menu' check (kind in ('menu', 'button')),
  perms text not null default '',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index menus_parent_idx on menus(parent_id);

create table role_menus (
  role_id integer not null references roles(id) on delete cascade,
  menu_id integer not null references menus(id) on delete cascade,
  primary key (role_id, menu_id)
);

create table refresh_tokens (
  id serial primary key,
  user_id integer not null references users(id) on delete cascade,
  family_id text not null,
  token_hash text not null unique,
  expires_at timestamptz not null,
  revoked_at timestamptz,
  replaced_by integer references refresh_tokens(id) on delete set null,
  created_at timestamptz not null default now()
);
create index refresh_tokens_family_idx on refresh_tokens(family_id);
create index refresh_tokens_user_idx on refresh_tokens(user_id);

create table devices (
  id serial primary key,
  device_sn text not null unique,
  name text not null default '',
  domain integer not null,
  type integer not null,
  sub_type integer not null,
  model_name text not null default '',
  workspace_id integer not null references workspaces(id) on delete restrict,
  -- The gateway (dock or remote controller) an aircraft is attached to; null for gateways themselves.
  gateway_sn text,
  firmware_version text not null default '',
  -- sha256 hex of the device secret: secrets are random 32-byte values, so a fast hash is enough and
  -- keeps broker sign-in cheap when thousands of gateways connect at once.
  secret_hash text not null default '',
  online boolean not null default false,
  bound_at timestamptz,
  last_online_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index devices_workspace_idx on devices(workspace_id);
create index devices_gateway_idx on devices(gateway_sn);

create table audit_logs (
  id serial primary key,
  user_id integer,
  username text not null default '',
  module text not null,
  action text not null,
  target text not null default '',
  ip text not null default '',
  result text not null check (result in ('success', 'failure')),
  detail text not null default '',
  created_at timestamptz not null default now()
);
create index audit_logs_created_idx on audit_logs(created_at desc);
create index audit_logs_user_idx on audit_logs(user_id);
