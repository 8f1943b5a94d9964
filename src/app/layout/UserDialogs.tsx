import { MenuDivider, MenuItem } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { endSession } from '../../api/auth.ts';
import { ModifyPasswordDialog } from '../../pages/account/ModifyPasswordDialog.tsx';
import { UserCenterDialog } from '../../pages/account/UserCenterDialog.tsx';
import { appStore } from '../../state/app.ts';
import { clearSession } from '../../state/session.ts';
import { LockDialog } from './LockDialog.tsx';

/** Which of the user's dialogs is open. */
export type UserDialog = 'none' | 'center' | 'password' | 'lock';

/** The user's own entries (user center, password, lock, logout), for the user menu and the phone menu. */
export function UserMenuItems({ onOpen }: { onOpen: (dialog: UserDialog) => void }) {
  const { t } = useTranslation('layout');
  return (
    <>
      <MenuItem icon="user" text={t('userCenter')} onClick={() => onOpen('center')} />
      <MenuItem icon="key" text={t('modifyPassword')} onClick={() => onOpen('password')} />
      <MenuItem icon="lock" text={t('lockScreen')} onClick={() => onOpen('lock')} />
      <MenuDivider />
      <MenuItem icon="log-out" intent="danger" text={t('logout')} onClick={() => void logout()} />
    </>
  );
}

/** The dialogs the user's entries open; `open` picks the one on screen. */
export function UserDialogs({ open, onClose }: { open: UserDialog; onClose: () => void }) {
  return (
    <>
      <UserCenterDialog isOpen={open === 'center'} onClose={onClose} />
      <ModifyPasswordDialog isOpen={open === 'password'} onClose={onClose} />
      <LockDialog isOpen={open === 'lock'} onClose={onClose} />
    </>
  );
}

/**
 * Logout ends the session on the server (a copied token must not outlive it), then forgets the user
 * and the stored session and reloads (spec §4). A server that cannot be reached does not keep the
 * user signed in here.
 */
async function logout() {
  const refreshToken = appStore.authorization?.refresh_token;
  if (refreshToken) await endSession(refreshToken).catch(() => undefined);
  clearSession();
  window.location.assign('/login');
}
