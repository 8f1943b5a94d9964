import { Alert } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FlightTask } from '../../../protocol/tasks.ts';
import { cancelTask, deleteTask } from '../../api/tasks.ts';
import { toastSuccess } from '../../app/shellApi.ts';
import { ConfirmDelete } from '../../components/ConfirmDelete/ConfirmDelete.tsx';

interface Props {
  task: FlightTask;
  onClose: () => void;
  onDone: () => void;
}

/** Asks before deleting a task; the server refuses while it flies (its message is toasted). */
export function DeleteTaskAlert({ task, onClose, onDone }: Props) {
  const { t } = useTranslation('task');
  return (
    <ConfirmDelete
      message={t('confirmDelete', { name: task.name })}
      confirmText={t('del')}
      onClose={onClose}
      onConfirm={async () => {
        await deleteTask(task.id);
        toastSuccess(t('deleted', { name: task.name }));
        onDone();
      }}
    />
  );
}

/**
 * Asks before canceling a task's pending runs; a run its dock holds is withdrawn, and the dock's
 * refusal, if any, is shown as the server words it.
 */
export function CancelTaskAlert({ task, onClose, onDone }: Props) {
  const { t } = useTranslation('task');
  const common = useTranslation('common').t;
  const [busy, setBusy] = useState(false);
  return (
    <Alert
      isOpen
      intent="warning"
      icon="disable"
      loading={busy}
      canEscapeKeyCancel
      cancelButtonText={common('cancel')}
      confirmButtonText={t('cancel')}
      onCancel={onClose}
      onConfirm={() => {
        setBusy(true);
        cancelTask(task.id)
          .then(() => {
            toastSuccess(t('canceled', { name: task.name }));
            onDone();
          })
          // The server's message is toasted; a dock that would not give a run back still leaves
          // the task canceled, so the list is read again either way.
          .catch(onDone);
      }}
    >
      {t('confirmCancel', { name: task.name })}
    </Alert>
  );
}
