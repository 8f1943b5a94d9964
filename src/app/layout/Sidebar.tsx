import { useState } from 'react';
import { Collapse, Icon, Menu, MenuItem } from '@blueprintjs/core';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { SidebarItem } from './sidebarItems.ts';
import { menuLabel } from './menuLabel.ts';
import { UnreadBadge } from '../../components/AlarmToast/UnreadBadge.tsx';

interface Props {
  items: readonly SidebarItem[];
  activeTitle: string | null;
  collapsed: boolean;
  /** Called after a link is followed (the phone drawer closes itself). */
  onNavigate?: () => void;
}

/** The collapsible side menu: icons and labels, nested groups (fly-outs when collapsed). */
export function Sidebar({ items, activeTitle, collapsed, onNavigate }: Props) {
  return (
    <nav className={`sd-sidebar${collapsed ? ' sd-sidebar--collapsed' : ''}`} aria-label="menu">
      <div className="sd-brand">
        <Icon icon="airplane" size={20} />
        {!collapsed && <span>Skydeck</span>}
      </div>
      <Menu className="sd-menu">
        {items.map((item) => (
          <Entry
            key={item.key}
            item={item}
            activeTitle={activeTitle}
            collapsed={collapsed}
            onNavigate={onNavigate}
          />
        ))}
      </Menu>
    </nav>
  );
}

function Entry({
  item,
  activeTitle,
  collapsed,
  onNavigate,
}: { item: SidebarItem } & Omit<Props, 'items'>) {
  const { t } = useTranslation('menu');
  const navigate = useNavigate();
  if (item.kind === 'link') {
    const label = t(item.route.title);
    return (
      <MenuItem
        icon={item.icon}
        text={collapsed ? '' : label}
        htmlTitle={collapsed ? label : undefined}
        aria-label={label}
        active={item.route.title === activeTitle}
        data-menu={item.route.title}
        labelElement={item.route.path === '/aralm' ? <UnreadBadge /> : undefined}
        onClick={() => {
          void navigate(item.route.path);
          onNavigate?.();
        }}
      />
    );
  }
  return (
    <Group item={item} activeTitle={activeTitle} collapsed={collapsed} onNavigate={onNavigate} />
  );
}

function Group({
  item,
  activeTitle,
  collapsed,
  onNavigate,
}: { item: SidebarItem & { kind: 'group' } } & Omit<Props, 'items'>) {
  const { t } = useTranslation('menu');
  const [open, setOpen] = useState(true);
  const label = menuLabel(t, item.name);
  const children = item.children.map((child) => (
    <Entry
      key={child.key}
      item={child}
      activeTitle={activeTitle}
      collapsed={false}
      onNavigate={onNavigate}
    />
  ));
  if (collapsed)
    return (
      <MenuItem icon={item.icon ?? 'folder-close'} text="" aria-label={label}>
        {children}
      </MenuItem>
    );
  return (
    <>
      <MenuItem
        icon={item.icon ?? (open ? 'folder-open' : 'folder-close')}
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
