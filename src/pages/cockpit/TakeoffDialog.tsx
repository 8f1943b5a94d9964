/** Asks for the take-off height before a one-key take-off (`takeoff_to_point`, protocol §5.5). */
import {
  Button,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  NumericInput,
} from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface TakeoffChoice {
  /** Metres above the dock, 20–1500. */
  height: number;
  /** Return altitude, metres above the dock, 20–1500. */
  rthAltitude: number;
}

interface Props {
  isOpen: boolean;
  busy: boolean;
  onClose: () => void;
  onConfirm: (choice: TakeoffChoice) => void;
}

const clampHeight = (v: number): number => Math.min(1500, Math.max(20, Math.round(v)));

export function TakeoffDialog({ isOpen, busy, onClose, onConfirm }: Props) {
  const { t } = useTranslation('cockpit');
  const [height, setHeight] = useState(60);
  const [rth, setRth] = useState(100);
  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={t('act.takeoffTitle')} icon="airplane">
      <DialogBody>
        <FormGroup label={t('act.height')} labelFor="dc-takeoff-height">
          <NumericInput
            id="dc-takeoff-height"
            min={20}
            max={1500}
            value={height}
            onValueChange={(v) => setHeight(Number.isFinite(v) ? v : 60)}
            fill
          />
        </FormGroup>
        <FormGroup label={t('act.rthHeight')} labelFor="dc-takeoff-rth">
          <NumericInput
            id="dc-takeoff-rth"
            min={20}
            max={1500}
            value={rth}
            onValueChange={(v) => setRth(Number.isFinite(v) ? v : 100)}
            fill
          />
        </FormGroup>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t('act.cancel')} onClick={onClose} />
            <Button
              intent="primary"
              loading={busy}
              text={t('act.takeoffConfirm')}
              data-testid="takeoff-confirm"
              onClick={() =>
                onConfirm({ height: clampHeight(height), rthAltitude: clampHeight(rth) })
              }
            />
          </>
        }
      />
    </Dialog>
  );
}
