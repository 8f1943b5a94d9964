import { beforeEach, describe, expect, it } from 'vitest';
import { currentLanguage, initI18n, setLanguage } from '../../src/i18n/index.ts';
import { clientId, STORAGE_KEYS } from '../../src/lib/storage.ts';
import { chooseBasemap } from '../../src/map/basemapStore.ts';
import { accountStore, setWorkspace } from '../../src/state/account.ts';
import { appStore, setAuthorization, setCollapse, setTheme } from '../../src/state/app.ts';
import { saveSessionMarker } from '../../src/state/authorization.ts';
import { clearSession, clearToken, setScreenCode } from '../../src/state/session.ts';
import { addTag, tagsStore } from '../../src/state/tags.ts';

const ALLOWED = new Set<string>(Object.values(STORAGE_KEYS));

describe('local storage', () => {
  beforeEach(() => {
    localStorage.clear();
  });

  it('holds only the keys of spec §3 (plus the saved theme) after a whole session', async () => {
    await initI18n();
    setAuthorization({ token: 't', refresh_token: 'r' });
    saveSessionMarker({ id: 7 });
    addTag(
      {
        path: '/task',
        fullPath: '/task',
        name: 'task',
        title: 'task',
        meta: { title: 'task', affix: false, noCache: false },
        params: {},
        query: {},
      },
      null,
      '/dashboard',
    );
    setCollapse(true);
    await setLanguage('en');
    setWorkspace({ id: 2, name: 'Bay', mold_id: 2 });
    setTheme('light');
    chooseBasemap('offline');
    clientId();
    const keys = Object.keys(localStorage);
    expect(keys.filter((k) => !ALLOWED.has(k))).toEqual([]);
    expect(keys.sort()).toEqual([...ALLOWED].sort());
    expect(STORAGE_KEYS.language.endsWith('lang')).toBe(true);
    expect(currentLanguage()).toBe('en');
    await setLanguage('zh-CN');
  });

  it('creates a 6-digit client id once', () => {
    const id = clientId();
    expect(id).toMatch(/^\d{6}$/);
    expect(clientId()).toBe(id);
  });

  it('clearing the token clears tags and menus; logout clears local storage', () => {
    setAuthorization({ token: 't', refresh_token: 'r' });
    accountStore.menus = [];
    addTag(
      {
        path: '/a',
        fullPath: '/a',
        name: 'a',
        title: 'a',
        meta: { title: 'a', affix: true, noCache: false },
        params: {},
        query: {},
      },
      null,
      '/dashboard',
    );
    clearToken();
    expect(appStore.authorization).toBeNull();
    expect(tagsStore.tags).toEqual([]);
    expect(accountStore.menus).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();

    setAuthorization({ token: 't', refresh_token: 'r' });
    saveSessionMarker({ id: 1 });
    setWorkspace({ id: 2, name: 'Bay', mold_id: 2 });
    setCollapse(true);
    clearSession();
    expect(Object.keys(localStorage)).toEqual([]);
    expect(accountStore.userInfo).toBeNull();
  });

  it('stores and removes the screen code inside the authorization', () => {
    setAuthorization({ token: 't', refresh_token: 'r' });
    setScreenCode('abc');
    expect(JSON.parse(localStorage.getItem('token') ?? '{}')).toEqual({
      token: 't',
      refresh_token: 'r',
      screenCode: 'abc',
    });
    setScreenCode(undefined);
    expect(JSON.parse(localStorage.getItem('token') ?? '{}')).toEqual({
      token: 't',
      refresh_token: 'r',
    });
  });
});
