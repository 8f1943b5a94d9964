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

/**
 * Refuses a task whose first run would overlap the next run of another active task on the same dock
 * (each run taking its route's time plus the dock's turnaround).
 */
export async function refuseOverlap(
  db: Db,
  dockSn: string,
  first: number,
  durationS: number,
): Promise<void> {
  const others = await db.query<{ name: string; next_run_at: Date; duration_s: number }>(
    `select t.name, t.next_run_at, w.duration_s from flight_tasks t
     join waylines w on w.id = t.wayline_id
     where t.dock_sn = $1 and t.state = 'active' and t.next_run_at is not null`,
    [dockSn],
  );
  const end = first + durationS * 1000 + TURNAROUND_MS;
  for (const other of others) {
    const start = other.next_run_at.getTime();
    const otherEnd = start + other.duration_s * 1000 + TURNAROUND_MS;
    if (first < otherEnd && start < end)
      throw new ApiError(409, 'conflict.task_overlap', { what: other.name });
  }
}
