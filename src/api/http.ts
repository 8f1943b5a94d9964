import { i18n } from '../i18n/index.ts';
import { WAYLINE_ID_SESSION_KEY } from '../lib/storage.ts';
import { appStore, setAuthorization } from '../state/app.ts';
import { clearToken } from '../state/session.ts';
import { loginAddress, navigateTo } from '../app/navigation.ts';
import { toastError } from '../app/toaster.ts';
import { createClient } from './createClient.ts';

/** The console's one HTTP client, wired to the stores, the toaster and the router. */
export const http = createClient({
  fetch: (input, init) => fetch(input, init),
  baseUrl: `${window.location.origin}/`,
  getTokens: () => appStore.authorization,
  setTokens: (pair) => {
    setAuthorization({ ...appStore.authorization, ...pair });
  },
  onSessionLost: () => {
    const target = loginAddress();
    clearToken();
    navigateTo(target, true);
  },
  isOnLoginPage: () => window.location.pathname === '/login',
  notifyError: toastError,
  forgetWayline: () => {
    sessionStorage.removeItem(WAYLINE_ID_SESSION_KEY);
  },
  language: () => i18n.language,
  get text() {
    return { unknownError: i18n.t('unknownError'), serverError: i18n.t('serverError') };
  },
});
