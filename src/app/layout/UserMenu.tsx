import { useState } from 'react';
import { Button, Menu, MenuDivider, MenuItem, PopoverNext } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useAccountState } from '../../state/account.ts';
import { clearSession } from '../../state/session.ts';
import { ModifyPasswordDialog } from '../../pages/user/ModifyPasswordDialog.tsx';
import { UserCenterDialog } from '../../pages/user/UserCenterDialog.tsx';
import { LockDialog } from './LockDialog.tsx';

type Open = 'none' | 'center' | 'password' | 'lock';

/** The user menu: user center, modify password, lock screen, logout. */
export function UserMenu() {
  const { t } = useTranslation('layout');
  const { userInfo } = useAccountState();
  const [open, setOpen] = useState<Open>('none');
  const close = () => setOpen('none');
  const menu = (
    <Menu>
      <MenuItem icon="user" text={t('userCenter')} onClick={() => setOpen('center')} />
      <MenuItem icon="key" text={t('modifyPassword')} onClick={() => setOpen('password')} />
      <MenuItem icon="lock" text={t('lockScreen')} onClick={() => setOpen('lock')} />
      <MenuDivider />
      <MenuItem icon="log-out" intent="danger" text={t('logout')} onClick={logout} />
    </Menu>
  );
  return (
    <>
      <PopoverNext content={menu} placement="bottom-end">
        <Button
          variant="minimal"
          icon="user"
          endIcon="caret-down"
          text={userInfo?.nickname === '' ? userInfo.username : userInfo?.nickname}
          data-testid="user-menu"
        />
      </PopoverNext>
      <UserCenterDialog isOpen={open === 'center'} onClose={close} />
      <ModifyPasswordDialog isOpen={open === 'password'} onClose={close} />
      <LockDialog isOpen={open === 'lock'} onClose={close} />
    </>
  );
}

/** Logout forgets the user and the stored session, then reloads (spec §4). */
function logout() {
  clearSession();
  window.location.assign('/login');
}
