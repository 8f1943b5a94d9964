-- Airspace: the custom flight areas of each project, the file the docks fetch them in, and what each
-- dock last said about its copy (server/airspace).

-- One row per area. `area_id` is the area's id in the file and in the docks' reports (a UUID);
-- `shape` is the API's shape as JSON: {type: 'polygon', coordinates} or {type: 'circle', center, radius}.
create table airspace_areas (
  id serial primary key,
  area_id text not null unique,
  workspace_id integer not null references workspaces(id) on delete cascade,
  name text not null,
  kind text not null check (kind in ('no_fly', 'operation')),
  shape jsonb not null,
  enabled boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  updated_by text not null default ''
);
create index airspace_areas_workspace_idx on airspace_areas(workspace_id);

-- The current file of a project: built from its enabled areas, stored under `object_key`, and
-- named by its SHA-256. No row: the project has no enabled area (the docks are told no file).
create table airspace_files (
  workspace_id integer primary key references workspaces(id) on delete cascade,
  object_key text not null,
  name text not null,
  checksum text not null,
  size integer not null,
  area_count integer not null,
  updated_at timestamptz not null default now()
);

-- What each dock last reported in `flight_areas_sync_progress` (or `wait_sync` when the server
-- sent it `flight_areas_update` and it has not answered yet). Not a foreign key: a dock deleted and
-- registered again starts from what it last said.
create table airspace_dock_sync (
  dock_sn text primary key,
  status text not null,
  reason integer not null default 0,
  file_name text,
  checksum text,
  updated_at timestamptz not null default now()
);

-- The page for databases seeded before it existed (an empty database gets it from the seed,
-- seedMenus.ts, which runs after the migrations: nothing is inserted then). The seeded admin and
-- operator roles get it with its buttons, the viewer role the page only, as the seed gives them.
insert into menus (name, path, icon, sort, kind)
select 'airspace', '/airspace', 'polygon-filter',
  coalesce((select max(sort) from menus where parent_id is null), 0) + 10, 'menu'
where exists (select 1 from menus) and not exists (select 1 from menus where name = 'airspace');

insert into menus (parent_id, name, sort, kind, perms)
select p.id, b.name, b.sort, 'button', b.perms
from menus p
cross join (values ('airspace_add', 1, 'airspace:add'),
                   ('airspace_edit', 2, 'airspace:edit'),
                   ('airspace_del', 3, 'airspace:del')) as b(name, sort, perms)
where p.name = 'airspace' and p.parent_id is null and p.kind = 'menu'
  and not exists (select 1 from menus c where c.parent_id = p.id and c.perms = b.perms);

insert into role_menus (role_id, menu_id)
select r.id, m.id
from roles r
join menus m on m.name = 'airspace' or m.perms like 'airspace:%'
where r.name in ('admin', 'operator')
on conflict do nothing;

insert into role_menus (role_id, menu_id)
select r.id, m.id
from roles r
join menus m on m.name = 'airspace' and m.parent_id is null
where r.name = 'viewer'
on conflict do nothing;
