import { breaches } from '../../../protocol/airspace.ts';
import type { FlightAreaDroneLocation } from '../../../protocol/airspace.ts';
import type { AlarmEntry } from '../../fleet/derive/alarms.ts';

/** An active airspace alarm: the area, the distance when raised (m), and whether it was breached. */
export type AirspaceAlarm = NonNullable<AlarmEntry['airspace']> & { ts: number };

/** The dock's latest `flight_areas_drone_location`: when it arrived (console clock) and its areas. */
export interface AreaDistances {
  receivedAt: number;
  locations: readonly FlightAreaDroneLocation[];
}

/** A report older than this, ms, no longer says where the aircraft is (the dock reports each second). */
export const DISTANCES_STALE_MS = 5_000;

/**
 * The airspace alarm the HUD shows of an aircraft's active alarms: a breached area (inside a no-fly
 * area, outside an operation area) before a near one, then the newest; null when there is none.
 */
export function hudAirspaceAlarm(alarms: readonly AlarmEntry[]): AirspaceAlarm | null {
  let best: AirspaceAlarm | null = null;
  for (const alarm of alarms) {
    if (!alarm.airspace) continue;
    const candidate = { ...alarm.airspace, ts: alarm.ts };
    const better =
      best === null ||
      (candidate.breach && !best.breach) ||
      (candidate.breach === best.breach && candidate.ts > best.ts);
    if (better) best = candidate;
  }
  return best;
}

/**
 * The alarm with the aircraft's distance as the dock reports it now, when its latest report names
 * the alarm's area and is fresh; otherwise the alarm as raised. `live` says which.
 */
export function liveAirspaceAlarm(
  alarm: AirspaceAlarm,
  distances: AreaDistances | null,
  now: number,
): AirspaceAlarm & { live: boolean } {
  const fresh = distances !== null && now - distances.receivedAt <= DISTANCES_STALE_MS;
  const location = fresh ? distances.locations.find((l) => l.area_id === alarm.areaId) : undefined;
  if (location === undefined) return { ...alarm, live: false };
  return {
    ...alarm,
    distance: location.area_distance,
    breach: breaches(alarm.kind, location.is_in_area),
    live: true,
  };
}
