-- Notifications: channels (webhook, e-mail, chat robots) with their settings, rules that send a
-- project's events to channels, and the delivery log with each attempt. Everything belongs to a
-- workspace and goes with it.

create table notification_channels (
  id serial primary key,
  workspace_id integer not null references workspaces(id) on delete cascade,
  name text not null,
  kind text not null check (kind in ('webhook', 'email', 'dingtalk', 'wecom', 'feishu')),
  lang text not null default 'zh' check (lang in ('zh', 'en')),
  enabled boolean not null default true,
  -- Secrets (signing keys, SMTP passwords, robot URLs) are stored here and answered masked.
  config jsonb not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index notification_channels_workspace_idx on notification_channels(workspace_id);

create table notification_rules (
  id serial primary key,
  workspace_id integer not null references workspaces(id) on delete cascade,
  name text not null,
  event_kind text not null
    check (event_kind in ('hms', 'ai_alarm', 'gas', 'task_failed', 'device_offline')),
  enabled boolean not null default true,
  filter jsonb not null default '{}',
  -- Quiet hours as minutes of the day in `quiet_timezone`; both null: none.
  quiet_start smallint,
  quiet_end smallint,
  quiet_timezone text not null default 'Asia/Shanghai',
  quiet_digest boolean not null default false,
  rate_limit_minutes integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index notification_rules_match_idx on notification_rules(event_kind, workspace_id);

create table notification_rule_channels (
  rule_id integer not null references notification_rules(id) on delete cascade,
  channel_id integer not null references notification_channels(id) on delete cascade,
  primary key (rule_id, channel_id)
);
create index notification_rule_channels_channel_idx on notification_rule_channels(channel_id);

create table notification_deliveries (
  id serial primary key,
  workspace_id integer not null references workspaces(id) on delete cascade,
  -- The log outlives a deleted channel or rule: their names and kinds are copied here.
  channel_id integer references notification_channels(id) on delete set null,
  channel_name text not null,
  channel_kind text not null,
  rule_id integer references notification_rules(id) on delete set null,
  kind text not null check (kind in ('event', 'digest', 'test')),
  event_kind text,
  device_sn text not null default '',
  title text not null,
  status text not null default 'pending' check (status in ('pending', 'sent', 'failed')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index notification_deliveries_list_idx on notification_deliveries(workspace_id, id desc);
create index notification_deliveries_created_idx on notification_deliveries(created_at);

create table notification_attempts (
  delivery_id integer not null references notification_deliveries(id) on delete cascade,
  attempt smallint not null,
  at timestamptz not null,
  ok boolean not null,
  status_code integer,
  error text not null default '',
  duration_ms integer not null default 0,
  primary key (delivery_id, attempt)
);

-- The page and its buttons for databases seeded before it existed (an empty database gets them from
-- the seed, seedMenus.ts, which runs after the migrations: nothing is inserted then). The seeded
-- admin and operator roles get them as the seed would have given them.
insert into menus (name, path, icon, sort, kind)
select 'notifications', '/notifications', 'notifications',
  coalesce((select max(sort) from menus where parent_id is null), 0) + 10, 'menu'
where exists (select 1 from menus) and not exists (select 1 from menus where name = 'notifications');

insert into menus (parent_id, name, sort, kind, perms)
select p.id, b.name, b.sort, 'button', b.perms
from menus p
cross join (values ('notification_add', 1, 'notification:add'),
                   ('notification_edit', 2, 'notification:edit'),
                   ('notification_del', 3, 'notification:del')) as b(name, sort, perms)
where p.name = 'notifications' and p.parent_id is null and p.kind = 'menu'
  and not exists (select 1 from menus c where c.parent_id = p.id and c.perms = b.perms);

insert into role_menus (role_id, menu_id)
select r.id, m.id
from roles r
join menus m on m.name = 'notifications' or m.perms like 'notification:%'
where r.name in ('admin', 'operator')
on conflict do nothing;
