import { Cron } from 'croner';
import type { TaskSchedule } from '../../protocol/tasks.ts';

/**
 * The first run of `schedule` strictly after `afterMs` (or at `afterMs` for the first run of a
 * one-shot), or null when none is left. Recurring schedules go through croner: one pattern per
 * time of day, days of week as its weekday field, bounded by `from`/`to`.
 */
export function nextRun(schedule: TaskSchedule, afterMs: number, first: boolean): number | null {
  switch (schedule.kind) {
    case 'immediate':
      return first ? afterMs : null;
    case 'timed':
      return first ? schedule.at : null;
    case 'conditional':
      // The dock waits for the condition inside the window; the task is sent once, at its start.
      return first ? Math.max(afterMs, schedule.begin) : null;
    case 'recurring':
      return nextRecurring(schedule, afterMs);
  }
}

function nextRecurring(
  schedule: Extract<TaskSchedule, { kind: 'recurring' }>,
  afterMs: number,
): number | null {
  let best: number | null = null;
  for (const time of schedule.times) {
    const [hour = '0', minute = '0'] = time.split(':');
    const pattern = `0 ${String(Number(minute))} ${String(Number(hour))} * * ${schedule.days.join(',')}`;
    const cron = new Cron(pattern, {
      startAt: new Date(schedule.from),
      stopAt: new Date(schedule.to),
      paused: true,
    });
    const next = cron.nextRun(new Date(afterMs))?.getTime() ?? null;
    if (next !== null && (best === null || next < best)) best = next;
  }
  return best;
}
