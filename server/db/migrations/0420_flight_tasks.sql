-- Flight tasks: a wayline flown by one dock's aircraft on a schedule. Each run is an execution
-- (one `flight_id`), claimed by the scheduler in the same transaction that moves the task's
-- `next_run_at` on, so a restart neither loses nor doubles a run.
create table flight_tasks (
  id serial primary key,
  workspace_id integer not null references workspaces(id) on delete cascade,
  name text not null,
  -- A wayline pending tasks use cannot be deleted (waylineUsage.ts); finished ones keep their history.
  wayline_id integer references waylines(id) on delete set null,
  dock_sn text not null,
  -- immediate | timed | recurring | conditional; `schedule` holds the kind's own fields
  schedule_kind text not null,
  schedule jsonb not null default '{}',
  rth_altitude integer not null,
  -- flighttask_prepare `out_of_control_action`: 0 return home, 1 hover, 2 land
  out_of_control_action integer not null default 0,
  exit_wayline_when_rc_lost integer not null default 0,
  -- 0 GPS, 1 RTK
  wayline_precision_type integer not null default 0,
  -- active (has runs ahead), finished (no run ahead), canceled
  state text not null default 'active',
  next_run_at timestamptz,
  creator_id integer references users(id) on delete set null,
  creator_name text not null default '',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index flight_tasks_due_idx on flight_tasks(next_run_at) where state = 'active';
create index flight_tasks_workspace_idx on flight_tasks(workspace_id, created_at desc);

create table flight_task_executions (
  id serial primary key,
  task_id integer not null references flight_tasks(id) on delete cascade,
  flight_id text not null unique,
  dock_sn text not null,
  planned_at timestamptz not null,
  -- pending → dispatching → prepared → executing → in_progress/paused → ok | failed | canceled |
  -- timeout | rejected | refused | partially_done
  state text not null default 'pending',
  percent integer not null default 0,
  current_step integer,
  current_waypoint integer not null default 0,
  total_waypoints integer not null default 0,
  break_point jsonb,
  -- why it was refused or failed: a message key, or a device error code
  reason text not null default '',
  result_code integer not null default 0,
  started_at timestamptz,
  ended_at timestamptz,
  -- last word from the dock about this flight; the timeout sweep reads it
  last_seen_at timestamptz not null default now(),
  created_at timestamptz not null default now(),
  unique (task_id, planned_at)
);
create index flight_task_executions_active_idx on flight_task_executions(dock_sn)
  where state not in ('ok', 'failed', 'canceled', 'timeout', 'rejected', 'refused', 'partially_done');

-- Everything that happened to an execution: services sent with their reply code and latency,
-- progress reports, refusals.
create table flight_task_events (
  id serial primary key,
  execution_id integer not null references flight_task_executions(id) on delete cascade,
  ts timestamptz not null default now(),
  kind text not null,
  data jsonb not null default '{}'
);
create index flight_task_events_execution_idx on flight_task_events(execution_id, id);
