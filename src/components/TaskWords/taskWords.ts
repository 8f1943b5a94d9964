import type { Intent } from '@blueprintjs/core';
import type { TFunction } from 'i18next';
import {
  FINAL_STATES,
  type FlightTask,
  type RunResult,
  type TaskExecution,
  type TaskSchedule,
} from '../../../protocol/tasks.ts';
import { formatTime } from '../../lib/time.ts';
import { describeDeviceCode } from './deviceCodes.ts';

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

/** The colour of a run state: green only for a full success, red for every way a run can fail. */
export function runIntent(state: string): Intent {
  if (state === 'ok') return 'success';
  if (state === 'partially_done') return 'warning';
  if (state === 'canceled') return 'none';
  return isEnded(state) ? 'danger' : 'primary';
}

/**
 * Why a run ended the way it did, in words: a dock's or aircraft's result code in words with the code
 * in brackets, else the server's reason (the engine's own refusals, "no reply"), else ''. The server
 * words a device's code as "refused (code N)" only; the code table here says what the code means.
 */
export function runOutcome(t: T, run: Pick<TaskExecution, 'reason' | 'result_code'>): string {
  return run.result_code > 0 ? describeDeviceCode(t, run.result_code) : run.reason;
}

/** What the task list and the task page say about a task (see {@link shownTaskState}). */
export type ShownTaskState =
  'running' | 'scheduled' | 'done' | 'partial' | 'failed' | 'ended' | 'canceled';

/**
 * The task state a person should read, from the stored task state and its newest run. The server's
 * `active` only means "more runs are planned" and `finished` only "no run left to plan": a finished
 * task whose last flight was refused or failed did not succeed, and an active one is in progress only
 * while a run is with its dock or in the air (the server marks an immediate task `finished` as soon
 * as its one flight is claimed, while that flight is still under way). A judged last run reads by
 * its verdict.
 */
export function shownTaskState(task: Pick<FlightTask, 'state' | 'last'>): ShownTaskState {
  if (task.state === 'canceled') return 'canceled';
  const last = task.last;
  if (last !== null && isUnderway(last.state)) return 'running';
  if (task.state === 'active' || (last !== null && !isEnded(last.state))) return 'scheduled';
  if (last === null) return 'ended';
  // A judged run reads by what the aircraft did: a dock says `ok` for a flight it sent home early.
  if (last.verdict) return VERDICT_SHOWN[last.verdict.result];
  if (last.state === 'ok') return 'done';
  return last.state === 'partially_done' ? 'partial' : 'failed';
}

const VERDICT_SHOWN: Readonly<Record<RunResult, ShownTaskState>> = {
  complete: 'done',
  partial: 'partial',
  failed: 'failed',
};

/** The colour of a shown task state. */
export const SHOWN_TASK_INTENT: Readonly<Record<ShownTaskState, Intent>> = {
  running: 'primary',
  scheduled: 'primary',
  done: 'success',
  partial: 'warning',
  failed: 'danger',
  ended: 'none',
  canceled: 'none',
};
