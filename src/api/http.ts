import { i18n } from '../i18n/index.ts';
import { WAYLINE_ID_SESSION_KEY } from '../lib/storage.ts';
import { appStore, setAuthorization } from '../state/app.ts';
import { clearToken } from '../state/session.ts';
import { loginAddress, navigateTo } from '../app/navigation.ts';
import { toastError } from '../app/toaster.ts';
import { createClient } from './createClient.ts';
import type { BlobTransport } from './createClient.ts';

/** Uploads through `XMLHttpRequest`, the browser's one way to report upload progress. */
const sendWithProgress: BlobTransport = ({ url, headers, body, onProgress }) =>
  new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress?.(e.loaded / e.total);
    };
    xhr.onload = () => resolve({ status: xhr.status, text: xhr.responseText });
    xhr.onerror = () => reject(new TypeError(i18n.t('unknownError')));
    xhr.send(body);
  });

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
  sendBlob: sendWithProgress,
  get text() {
    return { unknownError: i18n.t('unknownError'), serverError: i18n.t('serverError') };
  },
});
