import { Button, Callout } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

/** Says that a draft of unsaved edits was put back into the editor, with a way back to the saved route. */
export function DraftNotice({ onDiscard }: { onDiscard: () => void }) {
  const { t } = useTranslation('waylineEditor');
  return (
    <Callout
      compact
      intent="primary"
      icon="history"
      className="sd-editor-draft"
      data-testid="editor-draft-notice"
    >
      <div className="sd-editor-draft__body">
        <span>
          <strong>{t('draft.restored')}</strong> {t('draft.hint')}
        </span>
        <Button
          size="small"
          icon="undo"
          text={t('draft.discard')}
          data-testid="editor-draft-discard"
          onClick={onDiscard}
        />
      </div>
    </Callout>
  );
}
