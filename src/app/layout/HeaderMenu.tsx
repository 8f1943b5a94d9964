import { useState } from 'react';
import { Button, Menu, MenuDivider, MenuItem, PopoverNext } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { setLanguage, type Language } from '../../i18n/index.ts';
import { useAccountState } from '../../state/account.ts';
import { setTheme, useAppState } from '../../state/app.ts';
import { LANGUAGE_NAMES } from './LanguageSwitch.tsx';
import { UserDialogs, UserMenuItems, type UserDialog } from './UserDialogs.tsx';
import { WorkspaceMenuItems } from './WorkspaceMenuItems.tsx';

/**
 * The top bar's right side folded into one menu for narrow screens: project, theme, language and the
 * user's entries. Lists stay flat (no fly-out submenus), which a thumb reaches on a phone.
 */
export function HeaderMenu() {
  const { t, i18n } = useTranslation('layout');
  const { userInfo } = useAccountState();
  const { theme } = useAppState();
  const [open, setOpen] = useState<UserDialog>('none');
  const menu = (
    <Menu className="sd-header-menu" data-testid="header-menu">
      <MenuDivider title={t('workspace')} />
      <WorkspaceMenuItems />
      <MenuDivider title={t('language')} />
      {(Object.keys(LANGUAGE_NAMES) as Language[]).map((lng) => (
        <MenuItem
          key={lng}
          icon="translate"
          text={LANGUAGE_NAMES[lng]}
          active={i18n.language === lng}
          onClick={() => void setLanguage(lng)}
        />
      ))}
      <MenuDivider />
      <MenuItem
        icon={theme === 'dark' ? 'flash' : 'moon'}
        text={theme === 'dark' ? t('themeLight') : t('themeDark')}
        onClick={() => setTheme(theme === 'dark' ? 'light' : 'dark')}
      />
      <MenuDivider title={userInfo?.nickname === '' ? userInfo.username : userInfo?.nickname} />
      <UserMenuItems onOpen={setOpen} />
    </Menu>
  );
  return (
    <>
      {/* No focus back to the button on close: the user's items open dialogs (see UserMenu). */}
      <PopoverNext content={menu} placement="bottom-end" shouldReturnFocusOnClose={false}>
        <Button variant="minimal" icon="more" aria-label={t('more')} data-testid="header-more" />
      </PopoverNext>
      <UserDialogs open={open} onClose={() => setOpen('none')} />
    </>
  );
}
