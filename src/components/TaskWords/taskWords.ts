import type { TFunction } from 'i18next';
import { FINAL_STATES, type FlightTask, type TaskSchedule } from '../../../protocol/tasks.ts';
import { formatTime } from '../../lib/time.ts';

/** Day keys in the server's order (0 = Sunday). */
export const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;
/** `out_of_control_action` values 0, 1, 2. */
export const LOST_ACTIONS = ['home', 'hover', 'land'] as const;
/** `wayline_precision_type` values 0, 1. */
export const PRECISIONS = ['gps', 'rtk'] as const;

type T = TFunction<'taskWords'>;

/** A schedule in words: "every Mon, Wed at 08:00 between … and …". */
export function describeSchedule(t: T, s: TaskSchedule): string {
  switch (s.kind) {
    case 'immediate':
      return t('describe.immediate');
    case 'timed':
      return t('describe.timed', { at: formatTime(s.at) });
    case 'recurring':
      return t('describe.recurring', {
        from: formatTime(s.from, true),
        to: formatTime(s.to, true),
        days: s.days.map((d) => t(`weekdays.${WEEKDAYS[d] ?? 'sun'}`)).join(t('listSep')),
        times: s.times.join(t('listSep')),
      });
    case 'conditional':
      return t('describe.conditional', {
        begin: formatTime(s.begin),
        end: formatTime(s.end),
        battery: s.battery,
      });
  }
}

/** An execution state in words; an unknown one as sent. */
export function runStateLabel(t: T, state: string): string {
  return t(`runStates.${state}` as 'runStates.ok', { defaultValue: state });
}

/** Whether a run state means the aircraft may be flying now. */
export const isFlying = (state: string): boolean =>
  state === 'executing' || state === 'sent' || state === 'in_progress' || state === 'paused';

/** Whether a run is with its dock or flying (sent, held for later, in the air): not to be changed. */
export const isUnderway = (state: string): boolean =>
  state === 'dispatching' || state === 'prepared' || isFlying(state);

/** Whether a run state is final. */
export const isEnded = (state: string): boolean =>
  (FINAL_STATES as readonly string[]).includes(state);

/**
 * The task state a person should read. The server marks a task `finished` as soon as it has no run
 * left to schedule, which for an immediate task is the moment its one flight is claimed; while that
 * flight is still under way the task is not finished yet.
 */
export function shownTaskState(task: Pick<FlightTask, 'state' | 'last'>): FlightTask['state'] {
  if (task.state === 'finished' && task.last !== null && !isEnded(task.last.state)) return 'active';
  return task.state;
}
