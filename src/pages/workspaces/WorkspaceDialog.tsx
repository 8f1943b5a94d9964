import { useState } from 'react';
import { Dialog, DialogBody, FormGroup, HTMLSelect, InputGroup, TextArea } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { MOLD_ORGANISATION, MOLD_PROJECT, type WorkspaceNode } from '../../../protocol/http.ts';
import { addWorkspace, editWorkspace } from '../../api/workspaces.ts';
import { toastSuccess } from '../../app/toaster.ts';
import { FormDialogFooter } from '../../components/FormDialogFooter/FormDialogFooter.tsx';
import { useFormSubmit } from '../../components/FormDialogFooter/useFormSubmit.ts';

/** What the dialog is for: a new child under `parent`, or editing `node`. */
export type WorkspaceEdit =
  { kind: 'add'; parent: WorkspaceNode } | { kind: 'edit'; node: WorkspaceNode };

interface Draft {
  name: string;
  mold_id: number;
  description: string;
}

const NAME_MAX = 64;
const DESCRIPTION_MAX = 500;

function problems(d: Draft) {
  const name = d.name.trim();
  return {
    name: name === '' ? 'nameRequired' : name.length > NAME_MAX ? 'nameTooLong' : undefined,
    description: d.description.length > DESCRIPTION_MAX ? 'descriptionTooLong' : undefined,
  } as const;
}

function initial(edit: WorkspaceEdit): Draft {
  if (edit.kind === 'add') return { name: '', mold_id: MOLD_PROJECT, description: '' };
  const { name, mold_id, description } = edit.node;
  return { name, mold_id, description };
}

/** Adds a child workspace or edits one; Enter saves, Esc closes. Mount it with a `key` per target. */
export function WorkspaceDialog({
  edit,
  onClose,
  onSaved,
}: {
  edit: WorkspaceEdit;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('workspaces');
  const [draft, setDraft] = useState(() => initial(edit));
  const found = problems(draft);
  const submit = useFormSubmit({
    invalid: () => (found.name ?? found.description) !== undefined,
    save: async () => {
      const body = { ...draft, name: draft.name.trim(), description: draft.description.trim() };
      if (edit.kind === 'add') await addWorkspace({ ...body, parent_id: edit.parent.id });
      else await editWorkspace({ ...body, id: edit.node.id });
      toastSuccess(t(edit.kind === 'add' ? 'added' : 'saved', { name: body.name }));
    },
    onDone: onSaved,
    fields: ['name', 'description'],
  });
  /** The client-side problem once Save was pressed, else what the server said about the field. */
  const shown = (field: 'name' | 'description'): string | undefined => {
    const key = submit.touched ? found[field] : undefined;
    return key === undefined ? submit.serverErrors[field] : t(key);
  };

  const title =
    edit.kind === 'add'
      ? t('addTitle', { parent: edit.parent.name })
      : t('editTitle', { name: edit.node.name });
  return (
    <Dialog isOpen onClose={onClose} title={title} icon={edit.kind === 'add' ? 'add' : 'edit'}>
      <form className="sd-workspace-form" onSubmit={submit.onSubmit}>
        <DialogBody>
          <FormGroup
            label={t('name')}
            labelFor="workspace-name"
            labelInfo="*"
            intent={shown('name') ? 'danger' : 'none'}
            helperText={shown('name')}
          >
            <InputGroup
              id="workspace-name"
              autoFocus
              value={draft.name}
              intent={shown('name') ? 'danger' : 'none'}
              onValueChange={(name) => setDraft({ ...draft, name })}
            />
          </FormGroup>
          <FormGroup label={t('mold')} labelFor="workspace-mold">
            <HTMLSelect
              id="workspace-mold"
              fill
              value={draft.mold_id}
              onChange={(e) => setDraft({ ...draft, mold_id: Number(e.target.value) })}
            >
              <option value={MOLD_ORGANISATION}>{t('organisation')}</option>
              <option value={MOLD_PROJECT}>{t('project')}</option>
            </HTMLSelect>
          </FormGroup>
          <FormGroup
            label={t('description')}
            labelFor="workspace-description"
            intent={shown('description') ? 'danger' : 'none'}
            helperText={shown('description')}
          >
            <TextArea
              id="workspace-description"
              fill
              value={draft.description}
              onChange={(e) => setDraft({ ...draft, description: e.target.value })}
            />
          </FormGroup>
        </DialogBody>
        <FormDialogFooter busy={submit.busy} onCancel={onClose} />
      </form>
    </Dialog>
  );
}
