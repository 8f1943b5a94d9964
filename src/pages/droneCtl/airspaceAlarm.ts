import type { AlarmEntry } from '../../telemetry/alarms.ts';

/** An active airspace alarm: the area, the distance when raised (m), and whether inside. */
export type AirspaceAlarm = NonNullable<AlarmEntry['airspace']> & { ts: number };

/**
 * The airspace alarm the HUD shows of an aircraft's active alarms: inside a no-fly area before
 * near one, then the newest; null when there is none.
 */
export function hudAirspaceAlarm(alarms: readonly AlarmEntry[]): AirspaceAlarm | null {
  let best: AirspaceAlarm | null = null;
  for (const alarm of alarms) {
    if (!alarm.airspace) continue;
    const candidate = { ...alarm.airspace, ts: alarm.ts };
    const better =
      best === null ||
      (candidate.inside && !best.inside) ||
      (candidate.inside === best.inside && candidate.ts > best.ts);
    if (better) best = candidate;
  }
  return best;
}
