import { Breadcrumbs, Button, Navbar, NavbarDivider, NavbarGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { setTheme, useAppState } from '../../state/app.ts';
import { HOME_PATH } from '../routeCatalog.ts';
import { ConnectionIndicator } from './ConnectionIndicator.tsx';
import { HeaderMenu } from './HeaderMenu.tsx';
import { LanguageSwitch } from './LanguageSwitch.tsx';
import { menuLabel } from './menuLabel.ts';
import { UserMenu } from './UserMenu.tsx';
import { WorkspaceSwitcher } from './WorkspaceSwitcher.tsx';

interface Props {
  crumbs: string[];
  /** Wide screens: whether the sidebar is folded to icons. */
  collapsed: boolean;
  /** Narrow screens: the sidebar is a drawer and the right side folds into one menu. */
  narrow: boolean;
  onMenu: () => void;
}

/** The top bar: menu toggle, breadcrumbs, workspace, connection, theme, language and user menu. */
export function TopBar({ crumbs, collapsed, narrow, onMenu }: Props) {
  const { t } = useTranslation('layout');
  const { t: tm } = useTranslation('menu');
  const navigate = useNavigate();
  const items = [
    { text: t('home'), icon: 'home' as const, onClick: () => void navigate(HOME_PATH) },
    ...crumbs.map((name) => ({ text: menuLabel(tm, name) })),
  ];
  const toggleLabel = narrow ? t('menu') : collapsed ? t('expand') : t('collapse');
  return (
    <Navbar className="sd-topbar">
      <NavbarGroup align="left" className="sd-topbar__left">
        <Button
          variant="minimal"
          icon={narrow ? 'menu' : collapsed ? 'menu-open' : 'menu-closed'}
          aria-label={toggleLabel}
          title={toggleLabel}
          data-testid="menu-toggle"
          onClick={onMenu}
        />
        <NavbarDivider />
        {narrow ? (
          <span className="sd-topbar__title">{menuLabel(tm, crumbs[crumbs.length - 1] ?? '')}</span>
        ) : (
          <Breadcrumbs items={items} />
        )}
      </NavbarGroup>
      <NavbarGroup align="right">
        {narrow ? (
          <>
            <ConnectionIndicator />
            <HeaderMenu />
          </>
        ) : (
          <WideActions />
        )}
      </NavbarGroup>
    </Navbar>
  );
}

function WideActions() {
  const { t } = useTranslation('layout');
  const { theme } = useAppState();
  return (
    <>
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
    </>
  );
}
