import { proxy, useSnapshot } from 'valtio';
import { clock } from '../../lib/clock.ts';
import type { FleetCounts } from '../derive/fleetCounts.ts';
import { EMPTY_COUNTS } from '../derive/fleetCounts.ts';
import { expireAlarms, refreshAlarmFeed } from './alarmFeed.ts';
import { judgeFleet } from './deviceStates.ts';

const counts = proxy<FleetCounts>({ ...EMPTY_COUNTS });

/**
 * Judges every device again and recounts: called per delta and on a timer, since silence is news.
 */
export function refreshFleetCounts(now = clock.now()): void {
  expireAlarms(now);
  Object.assign(counts, judgeFleet(now));
  refreshAlarmFeed();
}

/** Zeroes every counter (the fleet was forgotten). */
export function clearFleetCounts(): void {
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
