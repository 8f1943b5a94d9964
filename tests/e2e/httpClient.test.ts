import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { API, type LoginResult, type TokenPair, type UserInfo } from '../../protocol/http.ts';
import { signAccessToken } from '../../server/auth/tokens.ts';
import { ApiError } from '../../src/api/ApiError.ts';
import { createClient, type ClientDeps } from '../../src/api/createClient.ts';
import {
  startServer,
  TEST_PASSWORD,
  TEST_TOKEN_SECRET,
  type RunningServer,
} from './support/server.ts';

/** The client of the console wired to a real server, recording what it asks its surroundings. */
function harness(server: RunningServer, onLoginPage = false, language = 'zh-CN') {
  const seen = {
    calls: [] as { method: string; path: string; init: RequestInit }[],
    toasts: [] as string[],
    lost: 0,
  };
  let tokens: TokenPair | null = null;
  const deps: ClientDeps = {
    fetch: (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      seen.calls.push({ method: init?.method ?? 'GET', path: url.pathname, init: init ?? {} });
      return fetch(input, init);
    },
    baseUrl: `${server.url}/`,
    getTokens: () => tokens,
    setTokens: (pair) => {
      tokens = pair;
    },
    onSessionLost: () => {
      seen.lost += 1;
      tokens = null;
    },
    isOnLoginPage: () => onLoginPage,
    notifyError: (message) => seen.toasts.push(message),
    forgetWayline: () => undefined,
    text: { unknownError: '未知错误', serverError: '服务器错误' },
    language: () => language,
  };
  const client = createClient(deps);
  const refreshes = () => seen.calls.filter((c) => c.path === API.authorizations).length;
  return {
    client,
    seen,
    refreshes,
    tokens: () => tokens,
    setTokens: (pair: TokenPair) => {
      tokens = pair;
    },
  };
}

describe('the HTTP client against the real server', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server.stop();
  });

  let h: ReturnType<typeof harness>;
  let user: UserInfo;
  beforeEach(async () => {
    h = harness(server);
    const result = await h.client.post<LoginResult>(API.login, {
      username: 'admin',
      password: TEST_PASSWORD,
    });
    h.setTokens({ token: result.token, refresh_token: result.refresh_token });
    user = result.user;
  });

  it('sends credentials and the bearer token, and resolves with the envelope data', async () => {
    const info = await h.client.get<UserInfo>(API.userInfo, { id: user.id });
    expect(info.username).toBe('admin');
    const call = h.seen.calls.at(-1);
    expect(call?.init.credentials).toBe('include');
    expect((call?.init.headers as Record<string, string>).Authorization).toBe(
      `Bearer ${h.tokens()?.token ?? ''}`,
    );
  });

  it('refreshes once for requests that got 401 together, then retries each', async () => {
    const expired = await signAccessToken(
      TEST_TOKEN_SECRET,
      { userId: user.id, roleId: user.role_id, workspaceId: user.workspace_id },
      -60,
    );
    const before = h.tokens();
    h.setTokens({ token: expired, refresh_token: before?.refresh_token ?? '' });
    const answers = await Promise.all([
      h.client.get<UserInfo>(API.userInfo, { id: user.id }),
      h.client.get<unknown[]>(API.workspaceTree),
      h.client.get<unknown[]>(API.roleMenuList, { role_id: user.role_id }),
    ]);
    expect(answers[0].username).toBe('admin');
    expect(answers[1].length).toBeGreaterThan(0);
    expect(answers[2].length).toBeGreaterThan(0);
    expect(h.refreshes()).toBe(1);
    expect(h.tokens()?.token).not.toBe(expired);
    expect(h.tokens()?.refresh_token).not.toBe(before?.refresh_token);
    expect(h.seen.toasts).toEqual([]);
    expect(h.seen.lost).toBe(0);
  });

  it('gives up on a refused refresh: the session is lost once and the call rejects quietly', async () => {
    h.setTokens({ token: 'not-a-token', refresh_token: 'not-a-refresh-token' });
    await expect(h.client.get(API.workspaceTree)).rejects.toBeInstanceOf(ApiError);
    expect(h.refreshes()).toBe(1);
    expect(h.seen.lost).toBe(1);
    expect(h.tokens()).toBeNull();
    expect(h.seen.toasts).toEqual([]);
  });

  it('loses the session at once when there is no refresh token', async () => {
    h.setTokens({ token: 'not-a-token', refresh_token: '' });
    await expect(h.client.get(API.workspaceTree)).rejects.toMatchObject({ status: 401 });
    expect(h.refreshes()).toBe(0);
    expect(h.seen.lost).toBe(1);
  });

  it('on the sign-in page a 401 only rejects', async () => {
    const login = harness(server, true);
    const failure = login.client.post(API.login, { username: 'admin', password: 'wrong-one' });
    await expect(failure).rejects.toMatchObject({ status: 401 });
    expect(login.refreshes()).toBe(0);
    expect(login.seen.lost).toBe(0);
    expect(login.seen.toasts).toEqual([]);
  });

  it('shows the message of a code-100 answer and rejects with it', async () => {
    const failure = h.client.post(API.userChangePassword, {
      old_password: 'wrong-one',
      new_password: 'abcdef12',
    });
    const error = await failure.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe(100);
    expect(h.seen.toasts).toEqual([(error as ApiError).message]);
    expect((error as ApiError).message.length).toBeGreaterThan(0);
  });

  it('asks for the console’s language, so server messages match the page', async () => {
    const wrongOld = { old_password: 'wrong-one', new_password: 'abcdef12' };
    const zh = await h.client.post(API.userChangePassword, wrongOld).catch((e: unknown) => e);
    const english = harness(server, false, 'en');
    english.setTokens(h.tokens() ?? { token: '', refresh_token: '' });
    const en = await english.client.post(API.userChangePassword, wrongOld).catch((e: unknown) => e);
    expect((zh as ApiError).message).toMatch(/[\u4e00-\u9fff]/);
    expect((en as ApiError).message).toMatch(/^[\x20-\x7e]+$/);
  });

  it('shows the server message for other failures (an unknown route)', async () => {
    await expect(h.client.get('/api/no-such-route')).rejects.toMatchObject({ status: 404 });
    expect(h.seen.toasts).toHaveLength(1);
    expect(h.seen.toasts[0]).not.toBe('');
  });
});
