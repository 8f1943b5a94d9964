import { Button } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { setAlarmSound, useAlarmSound } from './alarmSound.ts';

/** Switches the alarm sound on and off (off by default, kept in this browser). */
export function SoundToggle() {
  const { t } = useTranslation('alarmToast');
  const on = useAlarmSound();
  const label = on ? t('soundOn') : t('soundOff');
  return (
    <Button
      variant="minimal"
      icon={on ? 'volume-up' : 'volume-off'}
      aria-label={label}
      title={label}
      aria-pressed={on}
      data-testid="alarm-sound"
      onClick={() => setAlarmSound(!on)}
    />
  );
}
