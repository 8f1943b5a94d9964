/**
 * The emergency stop: always on screen while the pilot holds control. A click (or Space, handled by
 * the page) asks first; holding the button for {@link LONG_PRESS_MS} stops at once, for the moment
 * when there is no time to read a dialog.
 */
import { Alert, Button } from '@blueprintjs/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { clock } from '../../lib/clock.ts';
import type { Cancel } from '../../lib/clock.ts';

/** A deliberate hold: long enough not to happen by accident, short enough in an emergency. */
export const LONG_PRESS_MS = 1_000;

interface Props {
  confirming: boolean;
  onAsk: () => void;
  onCancel: () => void;
  onStop: () => void;
}

export function EmergencyStop({ confirming, onAsk, onCancel, onStop }: Props) {
  const { t } = useTranslation('cockpit');
  const hold = useRef<Cancel | null>(null);
  const fired = useRef(false);
  useEffect(() => () => hold.current?.(), []);
  const start = (): void => {
    fired.current = false;
    hold.current?.();
    hold.current = clock.setTimeout(() => {
      fired.current = true;
      onStop();
    }, LONG_PRESS_MS);
  };
  const end = (): void => {
    hold.current?.();
    hold.current = null;
  };
  return (
    <>
      <Button
        className="dc-estop"
        intent="danger"
        size="large"
        icon="stop"
        data-testid="estop"
        onPointerDown={start}
        onPointerUp={end}
        onPointerLeave={end}
        onClick={() => {
          if (!fired.current) onAsk();
        }}
      >
        <span className="dc-estop-text">{t('estop.button')}</span>
        <span className="dc-estop-hint">{t('estop.hint')}</span>
      </Button>
      <Alert
        isOpen={confirming}
        intent="danger"
        icon="stop"
        canEscapeKeyCancel
        cancelButtonText={t('act.cancel')}
        confirmButtonText={t('estop.confirm')}
        onCancel={onCancel}
        onConfirm={onStop}
      >
        <h4>{t('estop.title')}</h4>
        <p>{t('estop.body')}</p>
      </Alert>
    </>
  );
}
