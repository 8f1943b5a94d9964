import { Alert, Button, ButtonGroup, Callout } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { controlFlight, type FlightControl } from '../../api/tasks.ts';
import { toastSuccess } from '../../app/shellApi.ts';
import { usePermission } from '../../components/Permission/Permission.tsx';

const CONFIRM = {
  pause: 'confirmPause',
  resume: 'confirmResume',
  returnHome: 'confirmReturnHome',
} as const;

interface Props {
  taskId: number;
  executionId: number;
  name: string;
  /** The run's state now: which controls make sense. */
  state: string;
  onDone: () => void;
}

/**
 * Pause, resume and return home for a flight in progress, each confirmed first. Only holders of
 * `task:edit` see them (the server checks again); a refusal stays on screen with the dock's reason.
 */
export function FlightControls({ taskId, executionId, name, state, onDone }: Props) {
  const { t } = useTranslation('subtasksInfo');
  const allowed = usePermission('task:edit');
  const [asking, setAsking] = useState<FlightControl | null>(null);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  if (!allowed) return null;
  const send = (control: FlightControl) => {
    setBusy(true);
    controlFlight(control, taskId, executionId)
      .then(() => {
        setRefusal(null);
        toastSuccess(t('sent'));
        onDone();
      })
      .catch((error: unknown) => setRefusal(error instanceof Error ? error.message : ''))
      .finally(() => {
        setBusy(false);
        setAsking(null);
      });
  };
  return (
    <div className="sd-subtask-controls" data-report="hide">
      <ButtonGroup>
        <Button
          icon="pause"
          text={t('pause')}
          disabled={state === 'paused'}
          onClick={() => setAsking('pause')}
        />
        <Button
          icon="play"
          text={t('resume')}
          disabled={state !== 'paused'}
          onClick={() => setAsking('resume')}
        />
        <Button
          icon="home"
          intent="warning"
          text={t('returnHome')}
          onClick={() => setAsking('returnHome')}
        />
      </ButtonGroup>
      {refusal !== null && (
        <Callout intent="danger" title={t('refusedTitle')} data-testid="control-refusal">
          {refusal}
        </Callout>
      )}
      {asking !== null && (
        <Alert
          isOpen
          intent={asking === 'returnHome' ? 'warning' : 'primary'}
          loading={busy}
          canEscapeKeyCancel
          cancelButtonText={t('cancel')}
          confirmButtonText={t(asking)}
          onCancel={() => setAsking(null)}
          onConfirm={() => send(asking)}
        >
          {t(CONFIRM[asking], { name })}
        </Alert>
      )}
    </div>
  );
}
