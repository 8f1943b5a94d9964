import { clearLocalStorage } from '../lib/storage.ts';
import { accountStore, setUserInfo } from './account.ts';
import { appStore, setAuthorization } from './app.ts';
import type { Authorization } from './authorization.ts';
import { resetTags } from './tags.ts';

/** Clears the token; tabs and menus go with it (spec §4). */
export function clearToken(): void {
  setAuthorization(null);
  resetTags();
  accountStore.menus = null;
  accountStore.sessionReady = false;
}

/** Forgets the user and everything the session stored (logout, before the page reloads). */
export function clearSession(): void {
  clearToken();
  setUserInfo(null);
  accountStore.workspace = null;
  accountStore.devices = [];
  clearLocalStorage();
}

/** Stores an encrypted screen code: from now on every page but login and lock shows the lock page. */
export function setScreenCode(screenCode: string | undefined): void {
  const auth = appStore.authorization;
  if (auth === null) return;
  const next: Authorization = { token: auth.token, refresh_token: auth.refresh_token };
  if (screenCode !== undefined) next.screenCode = screenCode;
  setAuthorization(next);
}
