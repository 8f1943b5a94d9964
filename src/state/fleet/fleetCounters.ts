import { proxy, useSnapshot } from 'valtio';
import { clock } from '../../lib/clock.ts';
import type { FleetCounts } from '../../telemetry/fleetCounts.ts';
import { countFleet, EMPTY_COUNTS } from '../../telemetry/fleetCounts.ts';
import { freshVitals } from '../../telemetry/fleetPositions.ts';
import { expireAlarms, refreshAlarmFeed } from './alarmFeed.ts';
import { fleetTelemetry } from './deviceCells.ts';

const counts = proxy<FleetCounts>({ ...EMPTY_COUNTS });

/** Recounts online/offline from the clock too: called per delta and on a timer, since silence is news. */
export function refreshFleetCounts(now = clock.now()): void {
  expireAlarms(now);
  Object.assign(counts, countFleet(fleetTelemetry(), now, freshVitals));
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
