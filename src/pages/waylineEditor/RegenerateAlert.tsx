import { Alert } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

interface Props {
  isOpen: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * Before lines edited by hand are generated again (a hole added or removed, Regenerate): says that
 * the changes will be replaced, and goes on only when told to. Escape keeps them, as Cancel does.
 */
export function RegenerateAlert({ isOpen, onConfirm, onCancel }: Props) {
  const { t } = useTranslation('waylineEditor');
  return (
    <Alert
      isOpen={isOpen}
      intent="warning"
      icon="warning-sign"
      confirmButtonText={t('mapping.handEdits.confirm')}
      cancelButtonText={t('mapping.handEdits.cancel')}
      canEscapeKeyCancel
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      <div data-testid="editor-regenerate-alert">
        <p>
          <strong>{t('mapping.handEdits.title')}</strong>
        </p>
        <p>{t('mapping.handEdits.body')}</p>
      </div>
    </Alert>
  );
}
