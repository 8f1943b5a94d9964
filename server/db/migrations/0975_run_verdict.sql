-- What a finished run achieved, judged from what the aircraft did (server/tasks/runVerdict.ts): the
-- dock's status alone reads `ok` for a flight sent home halfway. Null on runs that never flew and on
-- runs that ended before the verdict existed: those keep showing their state as before.
-- complete | partial | failed
alter table flight_task_executions add column verdict text
  check (verdict in ('complete', 'partial', 'failed'));
-- Why, as a message key of the server's catalogue (`run.*`), and its parameters (counts, the cause).
alter table flight_task_executions add column verdict_reason text;
alter table flight_task_executions add column verdict_params jsonb;
-- Waypoints reached in flying order (of `total_waypoints`), and the photos taken against those the
-- route's actions plan; null where the dock reported no media count or the route was unreadable.
alter table flight_task_executions add column waypoints_reached integer;
alter table flight_task_executions add column photos_taken integer;
alter table flight_task_executions add column photos_planned integer;
