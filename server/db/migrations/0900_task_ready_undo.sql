-- Conditional runs, withdrawals and refusals with parameters (issue 10).
-- The dock said `flighttask_ready` for a conditional run: its ready_conditions hold. Kept even when
-- the event overtakes the prepare's reply, so the run is executed as soon as it is prepared.
alter table flight_task_executions add column ready_at timestamptz;
-- When `flighttask_undo` went out for the run: no `flighttask_execute` is sent while it is set.
alter table flight_task_executions add column undo_sent_at timestamptz;
-- Parameters of `reason` (a message key), e.g. the pilot who holds the aircraft in DRC.
alter table flight_task_executions add column reason_params jsonb;
