import { Callout, Icon, Menu, MenuDivider, MenuItem, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { MenuNode } from '../../../protocol/http.ts';
import { buildSidebar, menuLabel, permittedRoutes, type SidebarItem } from '../../app/shellApi.ts';

/** Button codes granted under the page menu named `name` in the picked tree. */
function buttonsOf(picked: readonly MenuNode[], name: string): string[] {
  for (const node of picked) {
    if (node.name === name && node.kind === 'menu')
      return (node.children ?? []).filter((c) => c.kind === 'button').map((c) => c.perms);
    const inner = buttonsOf(node.children ?? [], name);
    if (inner.length > 0) return inner;
  }
  return [];
}

/**
 * The sidebar a role's users will see, built by the real sidebar's rules (`buildSidebar` over the
 * permitted routes) from the checked part of the menu tree; each page shows how many buttons it grants.
 */
export function SidebarPreview({ picked }: { picked: readonly MenuNode[] }) {
  const { t } = useTranslation('roles');
  const items = buildSidebar(picked, permittedRoutes(picked));
  return (
    <aside className="sd-role-preview" aria-label={t('preview')}>
      <h5 className="bp6-heading">{t('preview')}</h5>
      <p className="bp6-text-muted bp6-text-small">{t('previewHint')}</p>
      {items.length === 0 ? (
        <Callout intent="warning" icon="warning-sign" compact>
          {t('previewEmpty')}
        </Callout>
      ) : (
        <Menu className="sd-role-preview__menu">
          {items.map((item) => (
            <PreviewEntry key={item.key} item={item} picked={picked} />
          ))}
        </Menu>
      )}
    </aside>
  );
}

function PreviewEntry({ item, picked }: { item: SidebarItem; picked: readonly MenuNode[] }) {
  const { t } = useTranslation('roles');
  const { t: tm } = useTranslation('menu');
  if (item.kind === 'group')
    return (
      <>
        <MenuDivider title={menuLabel(tm, item.name)} />
        {item.children.map((child) => (
          <PreviewEntry key={child.key} item={child} picked={picked} />
        ))}
      </>
    );
  const buttons = buttonsOf(picked, item.route.menu);
  return (
    <MenuItem
      tagName="div"
      icon={item.icon}
      text={tm(item.route.title)}
      data-preview-menu={item.route.title}
      htmlTitle={buttons.join(', ')}
      labelElement={
        buttons.length > 0 ? (
          <Tag minimal round>
            {t('buttons', { count: buttons.length })}
          </Tag>
        ) : (
          <Icon icon="eye-open" size={12} />
        )
      }
    />
  );
}
