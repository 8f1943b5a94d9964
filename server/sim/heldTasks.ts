/**
 * The flight tasks a simulated dock holds before it flies them (protocol §6.6): prepared by the
 * cloud, each waiting for its `flighttask_execute`. A conditional one (`task_type` 2) first waits for
 * its `ready_conditions` — the aircraft battery at `battery_capacity` % or more, inside
 * [`begin_time`, `end_time`] — and the dock says so with `flighttask_ready`. A dock holds several,
 * but flies one at a time.
 */
import type { FlighttaskReadyConditions } from '../../protocol/mqtt/flighttask.ts';
import type { HeldTask } from './flightTypes.ts';
import type { UnitState } from './unitState.ts';

export type { HeldTask } from './flightTypes.ts';

/** A ready dock repeats `flighttask_ready` this often while it waits for the execute, ms. */
const READY_REPEAT_MS = 60_000;
/** A task nobody executed or undid is forgotten this long after its time (or window) passed, ms. */
const FORGET_AFTER_MS = 3_600_000;

const numberIn = (data: unknown, name: string): number | null => {
  const value =
    typeof data === 'object' && data !== null ? (data as Record<string, unknown>)[name] : undefined;
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
};

/** `ready_conditions` as sent, or null when a field is missing or the window is empty. */
export function readyConditionsOf(data: unknown): FlighttaskReadyConditions | null {
  const battery = numberIn(data, 'battery_capacity');
  const begin = numberIn(data, 'begin_time');
  const end = numberIn(data, 'end_time');
  if (battery === null || begin === null || end === null || end < begin) return null;
  return { battery_capacity: battery, begin_time: begin, end_time: end };
}

/**
 * Whether the dock can fly a task now: its aircraft in the dock, no other task flying and no pilot
 * at the controls. A dock whose aircraft is out is not ready, whatever its conditions say.
 */
export const canFly = (s: UnitState): boolean =>
  s.phase === 'docked' && s.flight === null && s.manual === null;

/** Whether `task`'s ready conditions hold at `now` (true for a task without any). */
export function conditionsHold(task: HeldTask, s: UnitState, now: number): boolean {
  const c = task.conditions;
  if (!c) return true;
  return now >= c.begin_time && now <= c.end_time && s.battery >= c.battery_capacity;
}

/**
 * One look at the held tasks: forgets those long past, and answers the conditional ones to announce
 * with `flighttask_ready` (newly ready, or ready and still not executed a while later).
 */
export function stepHeldTasks(s: UnitState, now: number): string[] {
  s.heldTasks = s.heldTasks.filter(
    (t) => now - (t.conditions?.end_time ?? t.executeTime) < FORGET_AFTER_MS,
  );
  if (!canFly(s)) return [];
  const ready: string[] = [];
  for (const task of s.heldTasks) {
    if (!task.conditions || !conditionsHold(task, s, now)) continue;
    if (task.readySentAt !== null && now - task.readySentAt < READY_REPEAT_MS) continue;
    task.readySentAt = now;
    ready.push(task.flight.flightId);
  }
  return ready;
}
