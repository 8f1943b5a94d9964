import { FormGroup, HTMLSelect } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { MenuNode } from '../../../protocol/http.ts';
import { parentChoices } from './menuTreeOps.ts';

interface Props {
  /** The parent picked, `null` for the top level. */
  value: number | null;
  onChange: (parent: number | null) => void;
  tree: readonly MenuNode[];
  /** The entry being edited, which cannot sit under itself; `null` for a new one. */
  self: number | null;
}

/** Where an entry hangs in the menu tree: the top level or any node it may sit under, indented. */
export function MenuParentSelect({ value, onChange, tree, self }: Props) {
  const { t } = useTranslation('menus');
  return (
    <FormGroup label={t('parent')} labelFor="menu-parent">
      <HTMLSelect
        id="menu-parent"
        fill
        value={value ?? ''}
        onChange={(e) => onChange(e.target.value === '' ? null : Number(e.target.value))}
      >
        <option value="">{t('topLevel')}</option>
        {parentChoices(tree, self).map(({ node, depth }) => (
          <option key={node.id} value={node.id}>
            {`${'\u00a0\u00a0'.repeat(depth)}${node.name}`}
          </option>
        ))}
      </HTMLSelect>
    </FormGroup>
  );
}
