import { useState, type ReactNode } from 'react';
import { Alert } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

/**
 * Asks before a destructive action. The action runs on confirm; when it fails (the client has already
 * shown the server's reason) the alert closes all the same, because retrying would fail again.
 */
export function ConfirmDelete({
  message,
  confirmText,
  onConfirm,
  onClose,
  children,
}: {
  /** `null` keeps the alert closed. */
  message: string | null;
  /** Further lines under the message (what else goes with the thing). */
  children?: ReactNode;
  confirmText: string;
  onConfirm: () => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation('common');
  const [busy, setBusy] = useState(false);
  return (
    <Alert
      isOpen={message !== null}
      intent="danger"
      icon="trash"
      className="sd-confirm-delete"
      loading={busy}
      canEscapeKeyCancel
      cancelButtonText={t('cancel')}
      confirmButtonText={confirmText}
      onCancel={onClose}
      onConfirm={() => {
        setBusy(true);
        void onConfirm()
          .catch(() => undefined)
          .finally(() => {
            setBusy(false);
            onClose();
          });
      }}
    >
      <p>{message}</p>
      {children}
    </Alert>
  );
}
