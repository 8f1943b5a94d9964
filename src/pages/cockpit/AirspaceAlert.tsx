import { useTranslation } from 'react-i18next';
import { areaSituation } from '../../../protocol/airspace.ts';
import { useDeviceAlarms } from '../../fleet/fleet.ts';
import { hudAirspaceAlarm, liveAirspaceAlarm } from './airspaceAlarm.ts';
import { useAreaDistances } from './useAreaDistances.ts';

/**
 * The aircraft near a flight area's boundary or on its wrong side, in the HUD: the area's name and
 * the distance to its boundary, red inside a no-fly area or outside an operation area, amber near.
 * It shows while the alarm is active in the feed; the distance follows the dock's reports each
 * second, and is the one the alarm was raised with when none is fresh.
 */
export function AirspaceAlert({ sn, dockSn, now }: { sn: string; dockSn: string; now: number }) {
  const { t } = useTranslation('cockpit');
  const raised = hudAirspaceAlarm(useDeviceAlarms(sn));
  const distances = useAreaDistances(dockSn);
  if (raised === null) return null;
  const { area, kind, distance, breach, live } = liveAirspaceAlarm(raised, distances, now);

  return (
    <div
      className={`dc-airspace-alert${breach ? ' dc-airspace-inside' : ''}`}
      role="alert"
      data-testid="hud-airspace"
      data-kind={kind}
      data-breach={breach}
      data-live={live}
    >
      {t(`airspace.${areaSituation(kind, breach)}`, { name: area, distance: Math.round(distance) })}
    </div>
  );
}
