import {
  Dialog,
  DialogBody,
  FormGroup,
  InputGroup,
  NumericInput,
  SegmentedControl,
  Switch,
} from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { MenuNode } from '../../../protocol/http.ts';
import { FormDialogFooter } from '../../components/FormDialogFooter/FormDialogFooter.tsx';
import type { MenuDraft } from './menuDraft.ts';
import { MenuParentSelect } from './MenuParentSelect.tsx';
import { MenuTargetFields } from './MenuTargetFields.tsx';
import { useMenuForm } from './useMenuForm.ts';

export type { MenuDraft } from './menuDraft.ts';

interface Props {
  draft: MenuDraft;
  tree: readonly MenuNode[];
  onClose: () => void;
  onSaved: () => void;
}

/** Adds or edits a menu or button: kind, name, parent and order, path and icon, or permission code. */
export function MenuDialog({ draft, tree, onClose, onSaved }: Props) {
  const { t } = useTranslation('menus');
  const { form, set, submit, help } = useMenuForm(draft, onSaved);

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
          <MenuParentSelect
            value={form.parent_id}
            onChange={(parent_id) => set({ parent_id })}
            tree={tree}
            self={draft.id ?? null}
          />
          <MenuTargetFields form={form} set={set} help={help} />
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
