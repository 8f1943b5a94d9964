/** The alarms active on one device, in words, inside its panel. */
import { useTranslation } from 'react-i18next';
import type { AlarmEntry } from '../../fleet/derive/alarms.ts';
import { useAlarmText, useHmsTextRequests } from './useAlarmText.ts';

/** Nothing when the device has no active alarm. */
export function ActiveAlarms({ alarms }: { alarms: readonly AlarmEntry[] }) {
  const { t } = useTranslation('dashboard');
  const text = useAlarmText();
  useHmsTextRequests(alarms);
  if (alarms.length === 0) return null;
  return (
    <div className="wb-panel-alarms" data-testid="panel-alarms">
      <div>{t('panel.activeAlarms')}</div>
      {alarms.map((alarm) => (
        <div key={alarm.id} className={`wb-panel-alarm wb-level-${alarm.level}`}>
          {text(alarm).title}
        </div>
      ))}
    </div>
  );
}
