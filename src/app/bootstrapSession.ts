import type { UserInfo } from '../../protocol/http.ts';
import { fetchRoleMenu, fetchUserInfo } from '../api/auth.ts';
import { fetchWorkspaceTree } from '../api/workspaces.ts';
import { i18n } from '../i18n/index.ts';
import { accountStore, setUserInfo } from '../state/account.ts';
import { loadSessionMarker } from '../state/authorization.ts';
import { showNotice } from '../state/notice.ts';
import { clearToken } from '../state/session.ts';
import { toastError } from './toaster.ts';
import { chooseWorkspace, pickWorkspace } from './workspaces.ts';

async function loadUser(): Promise<UserInfo | null> {
  if (accountStore.userInfo) return accountStore.userInfo;
  try {
    const user = await fetchUserInfo(loadSessionMarker()?.id ?? 0);
    setUserInfo(user);
    return user;
  } catch {
    toastError(i18n.t('session:userInfoExpired'));
    return null;
  }
}

async function loadMenus(user: UserInfo): Promise<boolean> {
  if (accountStore.menus !== null) return true;
  const menus = await fetchRoleMenu(user.role_id).catch(() => null);
  if (menus === null) return false;
  if (menus.length === 0) {
    showNotice({
      title: i18n.t('session:noPermissionTitle'),
      message: i18n.t('session:noPermission'),
    });
    return false;
  }
  accountStore.menus = menus;
  return true;
}

async function loadWorkspace(): Promise<boolean> {
  const tree = await fetchWorkspaceTree().catch(() => null);
  if (tree === null) return false;
  accountStore.projects = tree;
  const chosen = pickWorkspace(tree, accountStore.workspace);
  if (!chosen) {
    showNotice({
      title: i18n.t('session:noWorkspaceTitle'),
      message: i18n.t('session:noWorkspace'),
    });
    return false;
  }
  void chooseWorkspace(chosen);
  return true;
}

/**
 * Settles a session that has a token (spec §4): user info, then the role's menu, then the workspace.
 * Any failure clears the token, which sends the guard to the sign-in page.
 */
async function settle(): Promise<boolean> {
  const user = await loadUser();
  const ok = user !== null && (await loadMenus(user)) && (await loadWorkspace());
  if (ok) accountStore.sessionReady = true;
  else clearToken();
  return ok;
}

let running: Promise<boolean> | null = null;

/** Runs the session bootstrap once, however many guards ask for it at the same time. */
export function bootstrapSession(): Promise<boolean> {
  running ??= settle().finally(() => {
    running = null;
  });
  return running;
}
