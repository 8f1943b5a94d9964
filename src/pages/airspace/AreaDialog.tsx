/**
 * Names a new area (and chooses its kind) after it was drawn, or renames one. The server checks the
 * shape; its refusal (a 400 naming the problem) is shown by the client and the dialog stays open.
 */
import { useState } from 'react';
import { Classes, Dialog, FormGroup, InputGroup, Radio, RadioGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { AIRSPACE_KINDS, AIRSPACE_NAME_MAX } from '../../../protocol/airspace.ts';
import type { AirspaceKind } from '../../../protocol/airspace.ts';
import { FormDialogFooter } from '../../components/FormDialogFooter/FormDialogFooter.tsx';

export interface AreaDraft {
  name: string;
  kind: AirspaceKind;
}

interface Props {
  /** Rename: only the name is asked. */
  mode: 'new' | 'rename';
  initial: AreaDraft;
  onSave: (draft: AreaDraft) => Promise<void>;
  onClose: () => void;
}

/** The dialog; mounted when it opens, so its fields start from `initial`. */
export function AreaDialog({ mode, initial, onSave, onClose }: Props) {
  const { t } = useTranslation('airspace');
  const [draft, setDraft] = useState(initial);
  const [busy, setBusy] = useState(false);
  const submit = () => {
    if (draft.name.trim() === '') return;
    setBusy(true);
    onSave({ ...draft, name: draft.name.trim() })
      .then(onClose, () => undefined)
      .finally(() => setBusy(false));
  };
  return (
    <Dialog
      isOpen
      onClose={onClose}
      title={t(mode === 'new' ? 'dialog.newTitle' : 'dialog.renameTitle')}
      className="sd-airspace-dialog"
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <div className={Classes.DIALOG_BODY}>
          <FormGroup label={t('dialog.name')} labelFor="airspace-name">
            <InputGroup
              id="airspace-name"
              autoFocus
              maxLength={AIRSPACE_NAME_MAX}
              value={draft.name}
              onValueChange={(name) => setDraft({ ...draft, name })}
              data-testid="airspace-name"
            />
          </FormGroup>
          {mode === 'new' && (
            <RadioGroup
              label={t('dialog.kind')}
              selectedValue={draft.kind}
              onChange={(e) => {
                const kind = AIRSPACE_KINDS.find((k) => k === e.currentTarget.value);
                if (kind) setDraft({ ...draft, kind });
              }}
            >
              {AIRSPACE_KINDS.map((kind) => (
                <Radio key={kind} value={kind} data-testid={`airspace-kind-${kind}`}>
                  {t(`kinds.${kind}`)}
                  <span className="sd-airspace-muted"> · {t(`kindHint.${kind}`)}</span>
                </Radio>
              ))}
            </RadioGroup>
          )}
        </div>
        <FormDialogFooter busy={busy} onCancel={onClose} />
      </form>
    </Dialog>
  );
}
