-- Flight-task engine across several server instances, and timed runs prepared ahead.
-- `claimed_by` names the engine instance that sent an execution: only it records the flight's
-- timeline and publishes its `taskInfo`, so two instances hearing the same `flighttask_progress`
-- neither double the timeline nor the console's messages. An instance that stops beating in
-- `task_engine_instances` loses its claims to whichever instance hears the flight next.
alter table flight_task_executions add column claimed_by text;
-- When `flighttask_execute` went out for a run prepared ahead of its planned time: set once, by one
-- instance, in the same statement that picks the run (so it is never sent twice).
alter table flight_task_executions add column execute_sent_at timestamptz;

create table task_engine_instances (
  id text primary key,
  seen_at timestamptz not null
);

-- The subtask page reads a flight's timeline by kind (take-off, waypoints, services).
create index flight_task_events_kind_idx on flight_task_events(execution_id, kind);
