import { randomUUID } from 'node:crypto';
import type { TaskSchedule } from '../../protocol/tasks.ts';
import type { Db } from '../db/Db.ts';
import { nextRun } from './nextRun.ts';

interface DueRow {
  id: number;
  dock_sn: string;
  schedule: TaskSchedule;
  next_run_at: Date;
}

/** How many due tasks one claim takes; the rest wait for the next tick. */
const BATCH = 50;

/**
 * Turns every task whose `next_run_at` has come into a pending execution and moves the task to its
 * following run, all in one transaction with the task rows locked: two servers (or a restart
 * half-way) can neither lose a run nor make it twice (`unique (task_id, planned_at)` backs this up).
 * A recurring task that was due several times while the server was down runs once, then resumes.
 * Answers the ids of the runs it made (to announce them as `pending`).
 */
export async function claimDue(db: Db, nowMs: number, prepareLeadMs = 0): Promise<number[]> {
  return db.tx(async (tx) => {
    // Timed and recurring runs are claimed `prepareLeadMs` early so the dock gets
    // `flighttask_prepare` ahead (protocol §6.6 allows up to a day) and executes on time; a
    // conditional run too, so its dock holds it when the window opens and says when it is ready.
    const due = await tx.query<DueRow>(
      `select id, dock_sn, schedule, next_run_at from flight_tasks
       where state = 'active' and (next_run_at <= $1
         or (schedule_kind in ('timed', 'recurring', 'conditional') and next_run_at <= $2))
       order by next_run_at limit ${String(BATCH)} for update skip locked`,
      [new Date(nowMs), new Date(nowMs + prepareLeadMs)],
    );
    const made: number[] = [];
    for (const task of due) {
      const planned = task.next_run_at.getTime();
      const run = await tx.query<{ id: number }>(
        `insert into flight_task_executions (task_id, flight_id, dock_sn, planned_at)
         values ($1, $2, $3, $4) on conflict (task_id, planned_at) do nothing returning id`,
        [task.id, randomUUID(), task.dock_sn, task.next_run_at],
      );
      made.push(...run.map((r) => r.id));
      const next = nextRun(task.schedule, Math.max(planned, nowMs), false);
      await tx.query(
        `update flight_tasks set next_run_at = $2, state = $3, updated_at = now() where id = $1`,
        [task.id, next === null ? null : new Date(next), next === null ? 'finished' : 'active'],
      );
    }
    return made;
  });
}
