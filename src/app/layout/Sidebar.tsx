import { useState } from 'react';
import { Collapse, Icon, Menu, MenuItem } from '@blueprintjs/core';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { SidebarItem } from './sidebarItems.ts';
import { menuLabel } from './menuLabel.ts';

interface Props {
  items: readonly SidebarItem[];
  activeTitle: string | null;
  collapsed: boolean;
}

/** The collapsible side menu: icons and labels, nested groups (fly-outs when collapsed). */
export function Sidebar({ items, activeTitle, collapsed }: Props) {
  return (
    <nav className={`sd-sidebar${collapsed ? ' sd-sidebar--collapsed' : ''}`} aria-label="menu">
      <div className="sd-brand">
        <Icon icon="airplane" size={20} />
        {!collapsed && <span>Skydeck</span>}
      </div>
      <Menu className="sd-menu">
        {items.map((item) => (
          <Entry key={item.key} item={item} activeTitle={activeTitle} collapsed={collapsed} />
        ))}
      </Menu>
    </nav>
  );
}

function Entry({ item, activeTitle, collapsed }: { item: SidebarItem } & Omit<Props, 'items'>) {
  const { t } = useTranslation('menu');
  const navigate = useNavigate();
  if (item.kind === 'link') {
    const label = t(item.route.title);
    return (
      <MenuItem
        icon={item.route.icon}
        text={collapsed ? '' : label}
        htmlTitle={collapsed ? label : undefined}
        aria-label={label}
        active={item.route.title === activeTitle}
        data-menu={item.route.title}
        onClick={() => void navigate(item.route.path)}
      />
    );
  }
  return <Group item={item} activeTitle={activeTitle} collapsed={collapsed} />;
}

function Group({
  item,
  activeTitle,
  collapsed,
}: { item: SidebarItem & { kind: 'group' } } & Omit<Props, 'items'>) {
  const { t } = useTranslation('menu');
  const [open, setOpen] = useState(true);
  const label = menuLabel(t, item.name);
  const children = item.children.map((child) => (
    <Entry key={child.key} item={child} activeTitle={activeTitle} collapsed={false} />
  ));
  if (collapsed)
    return (
      <MenuItem icon="folder-close" text="" aria-label={label}>
        {children}
      </MenuItem>
    );
  return (
    <>
      <MenuItem
        icon={open ? 'folder-open' : 'folder-close'}
        text={label}
        labelElement={<Icon icon={open ? 'chevron-up' : 'chevron-down'} />}
        shouldDismissPopover={false}
        onClick={() => setOpen(!open)}
      />
      <Collapse isOpen={open}>
        <div className="sd-submenu">{children}</div>
      </Collapse>
    </>
  );
}
