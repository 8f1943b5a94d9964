import { FINAL_STATES } from '../../protocol/tasks.ts';

/** States of an execution the dock may still report on or the engine is still working on. */
export const LIVE_STATES = [
  'dispatching',
  'prepared',
  'executing',
  'sent',
  'in_progress',
  'paused',
] as const;

/** States in which the aircraft may be in the air: the task cannot be deleted. */
export const FLYING_STATES = ['executing', 'sent', 'in_progress', 'paused'] as const;

const FINAL: ReadonlySet<string> = new Set(FINAL_STATES);
const PROGRESS_STATUSES: ReadonlySet<string> = new Set([
  'sent',
  'in_progress',
  'paused',
  ...FINAL_STATES,
]);

/** Whether `state` ends an execution. */
export const isFinal = (state: string): boolean => FINAL.has(state);

/** A `flighttask_progress` status we store as is; anything else is ignored. */
export const isProgressStatus = (status: string): boolean =>
  PROGRESS_STATUSES.has(status) && status !== 'refused';

/** SQL list of `states` for an `in (…)` clause (constants only, never input). */
export const sqlList = (states: readonly string[]): string =>
  states.map((s) => `'${s}'`).join(', ');
