import { proxy, useSnapshot } from 'valtio';
import { clock } from '../../lib/clock.ts';
import type { Cancel } from '../../lib/clock.ts';
import type { FleetCounts } from '../derive/fleetCounts.ts';
import { EMPTY_COUNTS } from '../derive/fleetCounts.ts';
import { alarmsChanged, expireAlarms, refreshAlarmFeed } from './alarmFeed.ts';
import { judgeFleet } from './deviceStates.ts';

/**
 * The worker's detail frames come ten times a second, and judging every device of a 5 000-aircraft
 * fleet on each of them took a sixth of the main thread. Counters and list statuses that follow
 * within a quarter of a second read the same to an operator, so frames recount at most this often.
 * Alarms do not wait: a frame that changed some device's alarms recounts at once, as does one after
 * any other recount.
 */
export const RECOUNT_MS = 250;

const counts = proxy<FleetCounts>({ ...EMPTY_COUNTS });
/** When a frame last recounted; `-Infinity` once anything else recounted since. */
let lastFrameRecount = -Infinity;
let cancelTrailing: Cancel | undefined;

function cancelTrailingRecount(): void {
  cancelTrailing?.();
  cancelTrailing = undefined;
}

function recount(now: number): void {
  cancelTrailingRecount();
  expireAlarms(now);
  Object.assign(counts, judgeFleet(now));
  refreshAlarmFeed();
}

/**
 * Judges every device again and recounts now: called on a timer, since silence is news, and when
 * the fleet or its alarms change. The next frame recounts at once again.
 */
export function refreshFleetCounts(now = clock.now()): void {
  lastFrameRecount = -Infinity;
  recount(now);
}

/**
 * Recounts for a new frame: at once when it changed alarms or the last frame's recount is
 * {@link RECOUNT_MS} old, else once that much time has passed (frames in between fold into it).
 */
export function recountForFrame(): void {
  const now = clock.now();
  const wait = lastFrameRecount + RECOUNT_MS - now;
  // A clock that went back (a test's virtual one) owes nothing to the last recount.
  if (alarmsChanged() || wait <= 0 || wait > RECOUNT_MS) {
    lastFrameRecount = now;
    recount(now);
    return;
  }
  cancelTrailing ??= clock.setTimeout(() => {
    lastFrameRecount = clock.now();
    recount(lastFrameRecount);
  }, wait);
}

/** Zeroes every counter (the fleet was forgotten). */
export function clearFleetCounts(): void {
  cancelTrailingRecount();
  lastFrameRecount = -Infinity;
  Object.assign(counts, EMPTY_COUNTS);
}

/** The counters as last recounted, without subscribing. */
export function fleetCounts(): FleetCounts {
  return { ...counts };
}

/** Online, offline, flying, in dock and active alarm counts. */
export function useFleetCounts(): FleetCounts {
  return useSnapshot(counts);
}
