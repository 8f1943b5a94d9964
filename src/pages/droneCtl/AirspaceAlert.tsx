import { useTranslation } from 'react-i18next';
import { useDeviceAlarms } from '../../state/fleet.ts';
import { hudAirspaceAlarm, liveAirspaceAlarm } from './airspaceAlarm.ts';
import { useAreaDistances } from './useAreaDistances.ts';

/**
 * The aircraft near or inside a no-fly area, in the HUD: the area's name and the distance to its
 * boundary, red inside and amber near. It shows while the alarm is active in the feed; the distance
 * follows the dock's reports each second, and is the one the alarm was raised with when none is
 * fresh.
 */
export function AirspaceAlert({ sn, dockSn, now }: { sn: string; dockSn: string; now: number }) {
  const { t } = useTranslation('droneCtl');
  const raised = hudAirspaceAlarm(useDeviceAlarms(sn));
  const distances = useAreaDistances(dockSn);
  if (raised === null) return null;
  const { area, distance, inside, live } = liveAirspaceAlarm(raised, distances, now);
  return (
    <div
      className={`dc-airspace-alert${inside ? ' dc-airspace-inside' : ''}`}
      role="alert"
      data-testid="hud-airspace"
      data-inside={inside}
      data-live={live}
    >
      {inside
        ? t('airspace.inside', { name: area })
        : t('airspace.near', { name: area, distance: Math.round(distance) })}
    </div>
  );
}
