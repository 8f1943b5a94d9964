import { Breadcrumbs, Button, Navbar, NavbarDivider, NavbarGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { setCollapse, setTheme, useAppState } from '../../state/app.ts';
import { HOME_PATH } from '../routeTable.ts';
import { ConnectionIndicator } from './ConnectionIndicator.tsx';
import { LanguageSwitch } from './LanguageSwitch.tsx';
import { menuLabel } from './menuLabel.ts';
import { UserMenu } from './UserMenu.tsx';
import { WorkspaceSwitcher } from './WorkspaceSwitcher.tsx';

/** The top bar: menu toggle, breadcrumbs, workspace, connection, theme, language and user menu. */
export function TopBar({ crumbs, collapsed }: { crumbs: string[]; collapsed: boolean }) {
  const { t } = useTranslation('layout');
  const { t: tm } = useTranslation('menu');
  const { theme } = useAppState();
  const navigate = useNavigate();
  const items = [
    { text: t('home'), icon: 'home' as const, onClick: () => void navigate(HOME_PATH) },
    ...crumbs.map((name) => ({ text: menuLabel(tm, name) })),
  ];
  return (
    <Navbar className="sd-topbar">
      <NavbarGroup align="left">
        <Button
          variant="minimal"
          icon={collapsed ? 'menu-open' : 'menu-closed'}
          aria-label={collapsed ? t('expand') : t('collapse')}
          onClick={() => setCollapse(!collapsed)}
        />
        <NavbarDivider />
        <Breadcrumbs items={items} />
      </NavbarGroup>
      <NavbarGroup align="right">
        <WorkspaceSwitcher />
        <NavbarDivider />
        <ConnectionIndicator />
        <Button
          variant="minimal"
          icon={theme === 'dark' ? 'flash' : 'moon'}
          aria-label={theme === 'dark' ? t('themeLight') : t('themeDark')}
          title={theme === 'dark' ? t('themeLight') : t('themeDark')}
          onClick={() => setTheme(theme === 'dark' ? 'light' : 'dark')}
        />
        <LanguageSwitch />
        <UserMenu />
      </NavbarGroup>
    </Navbar>
  );
}
