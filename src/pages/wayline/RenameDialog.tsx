import { useState } from 'react';
import { Dialog, DialogBody, FormGroup, InputGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { Wayline } from '../../../protocol/waylines.ts';
import { renameWayline } from '../../api/waylines.ts';
import { toastSuccess } from '../../app/shellApi.ts';
import { FormDialogFooter } from '../../components/FormDialogFooter/FormDialogFooter.tsx';
import { useFormSubmit } from '../../components/FormDialogFooter/useFormSubmit.ts';

/** Longest name the server accepts. */
const NAME_MAX = 100;

/** Renames a wayline; a refusal that names the field shows under it, any other as a toast. */
export function RenameDialog({
  wayline,
  onClose,
  onSaved,
}: {
  wayline: Wayline;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('wayline');
  const [name, setName] = useState(wayline.name);
  const trimmed = name.trim();
  const submit = useFormSubmit({
    invalid: () => trimmed === '',
    save: async () => {
      const saved = await renameWayline(wayline.id, trimmed);
      toastSuccess(t('renamed', { name: saved.name }));
    },
    onDone: onSaved,
    fields: ['name'],
  });
  const problem = submit.serverErrors.name;
  return (
    <Dialog isOpen onClose={onClose} title={t('renameTitle')} icon="edit">
      <form onSubmit={submit.onSubmit}>
        <DialogBody>
          <FormGroup
            label={t('name')}
            labelFor="wayline-name"
            labelInfo="*"
            helperText={problem}
            intent={problem === undefined ? 'none' : 'danger'}
          >
            <InputGroup
              id="wayline-name"
              autoFocus
              value={name}
              maxLength={NAME_MAX}
              intent={trimmed === '' || problem !== undefined ? 'danger' : 'none'}
              onValueChange={setName}
            />
          </FormGroup>
        </DialogBody>
        <FormDialogFooter busy={submit.busy} onCancel={onClose} />
      </form>
    </Dialog>
  );
}
