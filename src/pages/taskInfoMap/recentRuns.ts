/**
 * The flights a wall map can show, for the picker of a bare /taskInfoMap: each task's newest run,
 * from the task list the console already reads (`/api/task/list` answers every task with its newest
 * execution), flights under way first, then the newest.
 */
import type { FlightTask, TaskExecution } from '../../../protocol/tasks.ts';
import { isFlying } from '../../components/TaskWords/taskWords.ts';

/** One flight the picker offers. */
export interface RecentRun {
  taskName: string;
  run: TaskExecution;
}

/** Flights offered: a list to pick from, not a history. */
export const RUNS_SHOWN = 20;

const when = (x: TaskExecution): number => Date.parse(x.started_at ?? x.planned_at) || 0;

/**
 * The runs worth a wall map among `tasks`: one that has not been sent to its dock yet (`pending`)
 * has nothing to show. Flying ones come first, then by start (or planned) time, newest first.
 */
export function recentRuns(tasks: readonly FlightTask[], limit = RUNS_SHOWN): RecentRun[] {
  return tasks
    .flatMap((task) =>
      task.last === null || task.last.state === 'pending'
        ? []
        : [{ taskName: task.name, run: task.last }],
    )
    .sort(
      (a, b) =>
        Number(isFlying(b.run.state)) - Number(isFlying(a.run.state)) || when(b.run) - when(a.run),
    )
    .slice(0, limit);
}
