import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addMenu, editMenu, type MenuFields } from '../../api/menus.ts';
import { toastSuccess } from '../../app/toaster.ts';
import { useFormSubmit } from '../../components/FormDialogFooter/useFormSubmit.ts';
import { cleanMenu, menuProblems } from './menuForm.ts';
import type { MenuDraft } from './menuDraft.ts';

/** The menu form's fields whose problems are shown under them. */
export type MenuField = 'name' | 'perms' | 'path';

/**
 * The menu dialog's form without its looks: the fields being edited, saving them as a new entry or
 * over the node, and what to say under a field that is wrong, so the dialog only lays fields out.
 */
export function useMenuForm(draft: MenuDraft, onSaved: () => void) {
  const { t } = useTranslation('menus');
  const [form, setForm] = useState<MenuFields>(draft);
  const submit = useFormSubmit({
    invalid: () => Object.keys(menuProblems(form)).length > 0,
    save: async () => {
      const body = cleanMenu(form);
      if (draft.id === undefined) await addMenu(body);
      else await editMenu({ id: draft.id, ...body });
      toastSuccess(t(draft.id === undefined ? 'added' : 'saved'));
    },
    onDone: onSaved,
    fields: ['name', 'perms', 'path'],
  });
  const problems = submit.touched ? menuProblems(form) : {};
  const set = (patch: Partial<MenuFields>) => setForm({ ...form, ...patch });
  const help = (key: MenuField) => {
    const problem = problems[key];
    const text = problem ? t(problem) : submit.serverErrors[key];
    return text === undefined ? {} : { intent: 'danger' as const, helperText: text };
  };
  return { form, set, submit, help };
}

/** The FormGroup props that show a field's problem: nothing, or a red helper text. */
export type FieldHelp = ReturnType<typeof useMenuForm>['help'];
