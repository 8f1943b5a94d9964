-- AI alarms: each on-board detection (`ai_alarm` event) as a record an inspection team works to
-- closure. The workspace is the device's at the time of the detection, so moving a device later
-- does not move its past alarms.
create table ai_alarms (
  id serial primary key,
  workspace_id integer not null references workspaces(id) on delete cascade,
  device_sn text not null,
  -- the device's own id of the detection; a repeated message is stored once
  event_id text not null,
  category text not null,
  confidence real not null,
  level integer not null,
  -- normalised {x, y, w, h} from the frame's top-left corner, or null
  box jsonb,
  latitude double precision,
  longitude double precision,
  payload_index text not null default '',
  payload jsonb not null,
  -- the flight the aircraft was on, when it was flying a task
  task_id integer references flight_tasks(id) on delete set null,
  execution_id integer references flight_task_executions(id) on delete set null,
  snapshot_key text,
  -- new | confirmed | false_alarm | dispatched | resolved
  status text not null default 'new',
  assignee_id integer references users(id) on delete set null,
  note text not null default '',
  raised_at timestamptz not null,
  updated_at timestamptz not null default now(),
  unique (device_sn, event_id)
);
create index ai_alarms_workspace_idx on ai_alarms(workspace_id, raised_at desc);
create index ai_alarms_open_idx on ai_alarms(workspace_id) where status in ('new', 'confirmed', 'dispatched');

-- Every status change with who made it and when (the audit log holds the same, this is the alarm's own view).
create table ai_alarm_history (
  id serial primary key,
  alarm_id integer not null references ai_alarms(id) on delete cascade,
  from_status text,
  to_status text not null,
  user_id integer references users(id) on delete set null,
  username text not null default '',
  assignee_id integer references users(id) on delete set null,
  note text not null default '',
  at timestamptz not null default now()
);
create index ai_alarm_history_alarm_idx on ai_alarm_history(alarm_id, id);

create table ai_alarm_comments (
  id serial primary key,
  alarm_id integer not null references ai_alarms(id) on delete cascade,
  user_id integer references users(id) on delete set null,
  username text not null default '',
  body text not null,
  at timestamptz not null default now()
);
create index ai_alarm_comments_alarm_idx on ai_alarm_comments(alarm_id, id);
