import { Button, ButtonGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { ControlBarController } from './useControlBarController.ts';

interface Props {
  controller: Pick<ControlBarController, 'busy' | 'setTakeoff' | 'setAskRth' | 'simple'>;
  /** Whether the take-off's starting point is known (the button is off until it is). */
  canTakeOff: boolean;
}

/** The flight's buttons: take-off, return home and its cancel, the route's pause and resume. */
export function FlightButtons({ controller, canTakeOff }: Props) {
  const { t } = useTranslation('cockpit');
  const { busy, setTakeoff, setAskRth, simple } = controller;
  return (
    <ButtonGroup>
      <Button
        icon="airplane"
        intent="primary"
        text={t('act.takeoff')}
        data-testid="act-takeoff"
        onClick={() => setTakeoff(true)}
        disabled={!canTakeOff}
      />
      <Button
        icon="home"
        text={t('act.rth')}
        data-testid="act-rth"
        onClick={() => setAskRth(true)}
        loading={busy === 'return_home'}
      />
      <Button
        icon="undo"
        text={t('act.rthCancel')}
        data-testid="act-rth-cancel"
        onClick={() => simple('return_home_cancel', t('act.rthCancel'))}
      />
      <Button
        icon="pause"
        text={t('act.pause')}
        onClick={() => simple('flighttask_pause', t('act.pause'))}
      />
      <Button
        icon="play"
        text={t('act.resume')}
        onClick={() => simple('flighttask_recovery', t('act.resume'))}
      />
    </ButtonGroup>
  );
}
