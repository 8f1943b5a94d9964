import { useTranslation } from 'react-i18next';
import { useDeviceAlarms } from '../../state/fleet.ts';
import { hudAirspaceAlarm } from './airspaceAlarm.ts';

/**
 * The aircraft near or inside a no-fly area, in the HUD: the area's name and the distance to its
 * boundary, red inside and amber near. It shows while the alarm is active in the feed.
 */
export function AirspaceAlert({ sn }: { sn: string }) {
  const { t } = useTranslation('droneCtl');
  const alarm = hudAirspaceAlarm(useDeviceAlarms(sn));
  if (alarm === null) return null;
  const { area, distance, inside } = alarm;
  return (
    <div
      className={`dc-airspace-alert${inside ? ' dc-airspace-inside' : ''}`}
      role="alert"
      data-testid="hud-airspace"
      data-inside={inside}
    >
      {inside
        ? t('airspace.inside', { name: area })
        : t('airspace.near', { name: area, distance: Math.round(distance) })}
    </div>
  );
}
