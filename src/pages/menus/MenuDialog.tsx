import { useState } from 'react';
import {
  Dialog,
  DialogBody,
  FormGroup,
  HTMLSelect,
  InputGroup,
  NumericInput,
  SegmentedControl,
  Switch,
} from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { MenuNode } from '../../../protocol/http.ts';
import { addMenu, editMenu, type MenuFields } from '../../api/menus.ts';
import { toastSuccess } from '../../app/toaster.ts';
import { IconPicker } from './IconPicker.tsx';
import { cleanMenu, menuProblems } from './menuForm.ts';
import { parentChoices } from './menuTreeOps.ts';
import { FormDialogFooter } from '../../components/FormDialogFooter/FormDialogFooter.tsx';
import { useFormSubmit } from '../../components/FormDialogFooter/useFormSubmit.ts';

/** What the dialog edits: a node (`id` set) or a new entry with its starting values. */
export type MenuDraft = MenuFields & { id?: number };

interface Props {
  draft: MenuDraft;
  tree: readonly MenuNode[];
  onClose: () => void;
  onSaved: () => void;
}

/** Adds or edits a menu or button: kind, name, parent and order, path and icon, or permission code. */
export function MenuDialog({ draft, tree, onClose, onSaved }: Props) {
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
  const help = (key: 'name' | 'perms' | 'path') => {
    const problem = problems[key];
    const text = problem ? t(problem) : submit.serverErrors[key];
    return text === undefined ? {} : { intent: 'danger' as const, helperText: text };
  };

  const button = form.kind === 'button';
  return (
    <Dialog
      isOpen
      onClose={onClose}
      icon={button ? 'widget-button' : 'menu'}
      title={draft.id === undefined ? t('addTitle') : t('editTitle', { name: draft.name })}
      className="sd-menu-dialog"
    >
      <form onSubmit={submit.onSubmit}>
        <DialogBody>
          <FormGroup label={t('kind')}>
            <SegmentedControl
              value={form.kind}
              onValueChange={(kind) => set({ kind: kind === 'button' ? 'button' : 'menu' })}
              options={[
                { value: 'menu', label: t('kindMenu') },
                { value: 'button', label: t('kindButton') },
              ]}
            />
          </FormGroup>
          <FormGroup
            label={t('name')}
            labelFor="menu-name"
            labelInfo="*"
            helperText={button ? undefined : t('nameHelp')}
            {...help('name')}
          >
            <InputGroup
              id="menu-name"
              autoFocus
              value={form.name}
              onValueChange={(name) => set({ name })}
            />
          </FormGroup>
          <FormGroup label={t('parent')} labelFor="menu-parent">
            <HTMLSelect
              id="menu-parent"
              fill
              value={form.parent_id ?? ''}
              onChange={(e) =>
                set({ parent_id: e.target.value === '' ? null : Number(e.target.value) })
              }
            >
              <option value="">{t('topLevel')}</option>
              {parentChoices(tree, draft.id ?? null).map(({ node, depth }) => (
                <option key={node.id} value={node.id}>
                  {`${'\u00a0\u00a0'.repeat(depth)}${node.name}`}
                </option>
              ))}
            </HTMLSelect>
          </FormGroup>
          {button ? (
            <FormGroup label={t('perms')} labelFor="menu-perms" labelInfo="*" {...help('perms')}>
              <InputGroup
                id="menu-perms"
                placeholder="device:add"
                value={form.perms}
                onValueChange={(perms) => set({ perms })}
              />
            </FormGroup>
          ) : (
            <div className="sd-menu-dialog__row">
              <FormGroup label={t('path')} labelFor="menu-path" {...help('path')}>
                <InputGroup
                  id="menu-path"
                  placeholder="/device"
                  value={form.path}
                  onValueChange={(path) => set({ path })}
                />
              </FormGroup>
              <FormGroup label={t('icon')} labelFor="menu-icon">
                <IconPicker value={form.icon} onChange={(icon) => set({ icon })} />
              </FormGroup>
            </div>
          )}
          <FormGroup label={t('sort')} labelFor="menu-sort">
            <NumericInput
              id="menu-sort"
              value={form.sort}
              min={-100000}
              max={100000}
              stepSize={10}
              clampValueOnBlur
              onValueChange={(n) => set({ sort: Number.isFinite(n) ? Math.trunc(n) : 0 })}
            />
          </FormGroup>
          <Switch
            checked={!form.hidden}
            label={t('visible')}
            onChange={(e) => set({ hidden: !e.currentTarget.checked })}
          />
          <p className="bp6-text-muted bp6-text-small">{t('hiddenHelp')}</p>
        </DialogBody>
        <FormDialogFooter busy={submit.busy} onCancel={onClose} />
      </form>
    </Dialog>
  );
}
