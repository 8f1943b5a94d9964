import type { TaskSchedule } from '../../../protocol/tasks.ts';
import type { Db } from '../../db/Db.ts';
import { ApiError } from '../ApiError.ts';
import { nextRun } from '../../tasks/nextRun.ts';

/** Time around a flight the dock needs for take-off checks, landing and charging, ms. */
const TURNAROUND_MS = 10 * 60 * 1000;
/** A timed task may be a little in the past (clock skew, a slow form); later it is refused. */
const PAST_GRACE_MS = 60 * 1000;

/** The first run of a new task's schedule, or a 400 naming the schedule field that is wrong. */
export function firstRun(schedule: TaskSchedule, nowMs: number): number {
  if (schedule.kind === 'timed' && schedule.at < nowMs - PAST_GRACE_MS)
    throw new ApiError(400, 'conflict.task_past', { field: 'schedule.at' });
  if (schedule.kind === 'recurring' && schedule.to <= schedule.from)
    throw new ApiError(400, 'validation.invalid', { field: 'schedule.to' });
  if (schedule.kind === 'conditional') {
    if (schedule.end <= schedule.begin)
      throw new ApiError(400, 'validation.invalid', { field: 'schedule.end' });
    if (schedule.end < nowMs)
      throw new ApiError(400, 'conflict.task_past', { field: 'schedule.end' });
  }
  const first = nextRun(schedule, nowMs, true);
  if (first === null) throw new ApiError(400, 'conflict.task_past', { field: 'schedule' });
  return first;
}

/** How far ahead runs are compared, and how many of one task at most. */
const HORIZON_MS = 90 * 24 * 3600 * 1000;
const MAX_RUNS = 2_000;

/**
 * The runs of `schedule` from `first` on, within the horizon, each as [start, end) in ms. A
 * conditional run counts from its window's start: later in the window its dock says it is ready only
 * when no other flight is going, so the engine's busy rule, not this plan, keeps the two apart.
 */
export function runsOf(
  schedule: TaskSchedule,
  first: number,
  durationS: number,
  horizonEnd: number,
): [number, number][] {
  const flight = durationS * 1000 + TURNAROUND_MS;
  const runs: [number, number][] = [];
  let at: number | null = first;
  while (at !== null && at < horizonEnd && runs.length < MAX_RUNS) {
    runs.push([at, at + flight]);
    at = nextRun(schedule, at, false);
  }
  return runs;
}

/** The first pair of overlapping intervals of two lists sorted by start, or null. */
function overlapOf(a: [number, number][], b: [number, number][]): boolean {
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const x = a[i];
    const y = b[j];
    if (!x || !y) break;
    if (x[0] < y[1] && y[0] < x[1]) return true;
    if (x[1] <= y[1]) i++;
    else j++;
  }
  return false;
}

/**
 * Refuses a task any of whose runs (within the next 90 days) would overlap any run of another active
 * task on the same dock, or a run already sent or waiting to be sent (each run taking its route's
 * time plus the dock's turnaround). The message names the other task. `exceptTaskId`: the task being
 * changed, whose own plan and runs do not count.
 */
export async function refuseOverlap(
  db: Db,
  dockSn: string,
  schedule: TaskSchedule,
  first: number,
  durationS: number,
  exceptTaskId = 0,
): Promise<void> {
  const horizonEnd = first + HORIZON_MS;
  const mine = runsOf(schedule, first, durationS, horizonEnd);
  const others = await db.query<{
    name: string;
    schedule: TaskSchedule;
    next_run_at: Date;
    duration_s: number;
  }>(
    `select t.name, t.schedule, t.next_run_at, w.duration_s from flight_tasks t
     join waylines w on w.id = t.wayline_id
     where t.dock_sn = $1 and t.state = 'active' and t.next_run_at is not null and t.id <> $2`,
    [dockSn, exceptTaskId],
  );
  for (const other of others) {
    const theirs = runsOf(
      other.schedule,
      other.next_run_at.getTime(),
      other.duration_s,
      horizonEnd,
    );
    if (overlapOf(mine, theirs))
      throw new ApiError(409, 'conflict.task_overlap', { what: other.name });
  }
  // Runs already taken from their schedule for a later time (prepared ahead) are not in
  // `next_run_at`; runs due now are the dispatcher's to refuse when the dock is busy.
  const taken = await db.query<{ name: string; planned_at: Date; duration_s: number }>(
    `select t.name, x.planned_at, w.duration_s from flight_task_executions x
     join flight_tasks t on t.id = x.task_id join waylines w on w.id = t.wayline_id
     where x.dock_sn = $1 and x.task_id <> $2 and x.state in ('pending', 'dispatching', 'prepared')
       and x.planned_at > now()`,
    [dockSn, exceptTaskId],
  );
  for (const run of taken) {
    const start = run.planned_at.getTime();
    if (overlapOf(mine, [[start, start + run.duration_s * 1000 + TURNAROUND_MS]]))
      throw new ApiError(409, 'conflict.task_overlap', { what: run.name });
  }
}
