/**
 * A run's verdict in words (server/tasks/runVerdict.ts judges it from what the aircraft did): what it
 * achieved — "completed: 12 of 12 waypoints", "ended early at waypoint 7 of 12: battery low, returned
 * home" — and the tag a run list shows for it. The words come from the verdict's reason key and its
 * parameters, so they follow the console's language; a device's code is worded by the code table and
 * never shown bare.
 */
import type { Intent } from '@blueprintjs/core';
import type { TFunction } from 'i18next';
import {
  RUN_CAUSES,
  VERDICT_REASONS,
  type RunCause,
  type RunResult,
  type TaskExecution,
  type TaskRunVerdict,
  type VerdictReason,
} from '../../../protocol/tasks.ts';
import { describeDeviceCode } from './deviceCodes.ts';
import { isEnded, runIntent, runOutcome, runStateLabel } from './taskWords.ts';

type T = TFunction<'taskWords'>;
type Params = Readonly<Record<string, string | number>>;

const isReason = (key: string): key is VerdictReason =>
  (VERDICT_REASONS as readonly string[]).includes(key);
const isCause = (key: string): key is RunCause => (RUN_CAUSES as readonly string[]).includes(key);

/** A distance in metres: metres below a kilometre, kilometres to one decimal above. */
function distanceWords(t: T, metres: number): string {
  return metres < 1_000
    ? t('verdict.metres', { value: Math.round(metres) })
    : t('verdict.kilometres', { value: (metres / 1_000).toFixed(1) });
}

/** Why a run stopped short, naming the user who ordered it and wording a device's code. */
export function causeWords(t: T, params: Params): string {
  const cause = String(params.cause ?? '');
  if (!isCause(cause)) return t('causes.unknown');
  const user = typeof params.user === 'string' && params.user !== '' ? params.user : null;
  const code = typeof params.code === 'number' ? params.code : 0;
  switch (cause) {
    case 'user_rth':
      return user === null ? t('causes.user_rth') : t('causes.user_rth_by', { user });
    case 'user_stop':
      return user === null ? t('causes.user_stop') : t('causes.user_stop_by', { user });
    case 'dock_failed':
      return code === 0
        ? t('causes.dock_failed_bare')
        : t('causes.dock_failed', { words: describeDeviceCode(t, code) });
    case 'break_code':
      return t('causes.break_code', { code: String(code) });
    case 'low_battery':
    case 'strong_wind':
    case 'rc_lost':
    case 'obstacle':
    case 'flight_limit':
    case 'dock_partial':
    case 'dock_timeout':
    case 'canceled':
      return t(`causes.${cause}`);
  }
}

/**
 * What a judged run achieved, in words. Counts come from the verdict itself (reached in flying
 * order, of the route's total); the reason key says how to put them. A key this console does not
 * know (a newer server) reads as the server's own words for it.
 */
export function verdictWords(t: T, v: TaskRunVerdict): string {
  const p = v.reason_params;
  const reached = v.waypoints_reached;
  const total = v.waypoints_total;
  if (!isReason(v.reason_key)) return v.reason;
  const cause = () => causeWords(t, p);
  switch (v.reason_key) {
    case 'run.complete':
      return t('verdict.complete', { reached, total });
    case 'run.returned_early':
    case 'run.stopped_early':
      return t('verdict.endedEarly', { reached, total, cause: cause() });
    case 'run.ended_early':
      return t('verdict.endedEarlyBare', { reached, total });
    case 'run.none_reached':
      return t('verdict.noWaypoint', { total });
    case 'run.no_waypoint':
      return t('verdict.noWaypointCause', { total, cause: cause() });
    case 'run.waypoint_missed':
    case 'run.waypoint_missed_cause': {
      const distance =
        typeof p.distance_m === 'number' ? distanceWords(t, p.distance_m) : t('causes.unknown');
      const index = typeof p.index === 'number' ? p.index : reached + 1;
      return v.reason_key === 'run.waypoint_missed'
        ? t('verdict.missed', { reached, total, index, distance })
        : t('verdict.missedCause', { reached, total, index, distance, cause: cause() });
    }
    case 'run.photos_short':
      return t('verdict.photosShort', {
        total,
        planned: v.photos_planned ?? p.planned ?? 0,
        taken: v.photos_taken ?? p.taken ?? 0,
      });
    case 'run.dock_ended':
      return t('verdict.dockEnded', { total, cause: cause() });
  }
}

const VERDICT_INTENT: Readonly<Record<RunResult, Intent>> = {
  complete: 'success',
  partial: 'warning',
  failed: 'danger',
};

/** What a run's tag says: its verdict once judged, else the run's state. */
export interface RunTag {
  label: string;
  intent: Intent;
  /** The dock's own final state, when the tag shows a verdict that may differ from it. */
  title: string | undefined;
}

type RunLike = Pick<TaskExecution, 'state' | 'reason' | 'result_code'> & {
  verdict?: TaskRunVerdict | null;
};

/** The verdict of an ended run (one a dock took up again after a time-out is judged anew). */
const verdictOf = (run: RunLike): TaskRunVerdict | null =>
  isEnded(run.state) ? (run.verdict ?? null) : null;

/**
 * The tag of a run. A judged run is tagged by what it achieved: a dock says `ok` for a flight it
 * sent home halfway, and that run must not read as a success. Its dock's word stays in the tooltip.
 */
export function runTag(t: T, run: RunLike): RunTag {
  const v = verdictOf(run);
  if (v)
    return {
      label: t(`verdictResults.${v.result}`),
      intent: VERDICT_INTENT[v.result],
      title: t('verdict.dockState', { state: runStateLabel(t, run.state) }),
    };
  return { label: runStateLabel(t, run.state), intent: runIntent(run.state), title: undefined };
}

/**
 * What a run came to, in words: the verdict once judged; for an ended run that was not (never took
 * off, refused, ended before runs were judged) the device's code in words or the server's reason;
 * '' while it is under way with nothing to say.
 */
export function runSummary(t: T, run: RunLike): string {
  const v = verdictOf(run);
  if (v) return verdictWords(t, v);
  return isEnded(run.state) ? runOutcome(t, run) : run.reason;
}
