import { Button, DialogFooter } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

/**
 * The footer every form dialog shares: Cancel, and Save as the form's submit button (so Enter in any
 * field saves), spinning while the save is under way.
 */
export function FormDialogFooter({ busy, onCancel }: { busy: boolean; onCancel: () => void }) {
  const { t } = useTranslation();
  return (
    <DialogFooter
      actions={
        <>
          <Button text={t('cancel', { ns: 'common' })} onClick={onCancel} />
          <Button
            type="submit"
            intent="primary"
            text={t('save', { ns: 'common' })}
            loading={busy}
          />
        </>
      }
    />
  );
}
