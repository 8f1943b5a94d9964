import { FormGroup, InputGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { MenuFields } from '../../api/menus.ts';
import { IconPicker } from './IconPicker.tsx';
import type { FieldHelp } from './useMenuForm.ts';

interface Props {
  form: MenuFields;
  set: (patch: Partial<MenuFields>) => void;
  help: FieldHelp;
}

/**
 * What an entry leads to, which depends on its kind: a button guards an action with a permission
 * code, a menu opens a path and shows an icon.
 */
export function MenuTargetFields({ form, set, help }: Props) {
  const { t } = useTranslation('menus');
  if (form.kind === 'button')
    return (
      <FormGroup label={t('perms')} labelFor="menu-perms" labelInfo="*" {...help('perms')}>
        <InputGroup
          id="menu-perms"
          placeholder="device:add"
          value={form.perms}
          onValueChange={(perms) => set({ perms })}
        />
      </FormGroup>
    );
  return (
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
  );
}
