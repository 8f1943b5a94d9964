import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginResult, TokenPair, UserInfo } from '../../protocol/http.ts';
import { backends } from './helpers/backends.ts';
import { PASSWORD, startServer } from './helpers/testServer.ts';
import type { TestServer } from './helpers/testServer.ts';

describe.each(backends)('sign-in and tokens on $name', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(backend);
  });
  afterAll(() => server.close());

  it('signs in with the right password and answers the token pair and the user', async () => {
    const answer = await server.call<LoginResult>('POST', '/api/login', {
      body: { username: 'operator', password: PASSWORD },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.code).toBe(200);
    expect(answer.body.data.token.split('.')).toHaveLength(3);
    expect(answer.body.data.refresh_token.length).toBeGreaterThan(20);
    expect(answer.body.data.user).toMatchObject({ username: 'operator', role_name: 'operator' });
    expect(answer.body.data.user.workspace.name).toBe('深圳湾巡检');
    expect(answer.body.data.user.permissions).toContain('device:add');
    expect(answer.body.data.user.permissions).not.toContain('user:add');
  });

  it('gives the same code-100 message for a wrong password and an unknown user', async () => {
    const wrong = await server.call('POST', '/api/login', {
      body: { username: 'viewer', password: 'nope-nope' },
    });
    const unknown = await server.call('POST', '/api/login', {
      body: { username: 'ghost', password: 'nope-nope' },
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ code: 100, data: null, msg: '用户名或密码错误' });
    expect(unknown.status).toBe(wrong.status);
    expect(unknown.body).toEqual(wrong.body);
  });

  it('answers in English when Accept-Language prefers it', async () => {
    const answer = await server.call('POST', '/api/login', {
      body: { username: 'viewer', password: 'nope-nope' },
      lang: 'en-US,en;q=0.9,zh-CN;q=0.8',
    });
    expect(answer.body.msg).toBe('Wrong username or password');
  });

  it('names the missing field on bad input, in both languages', async () => {
    const zh = await server.call('POST', '/api/login', { body: { password: 'x' } });
    expect(zh.status).toBe(400);
    expect(zh.body).toMatchObject({ code: 100, msg: 'username: 必填' });
    const en = await server.call('POST', '/api/login', { body: { username: 'admin' }, lang: 'en' });
    expect(en.body.msg).toBe('password: required');
  });

  it('rotates the refresh token and returns the new pair in data', async () => {
    const first = await server.signIn('viewer');
    const rotated = await server.call<TokenPair>('PUT', '/api/authorizations', {
      token: first.refresh,
    });
    expect(rotated.status).toBe(200);
    expect(rotated.body.data.refresh_token).not.toBe(first.refresh);
    const me = await server.call<UserInfo>('GET', '/api/userinfo', {
      token: rotated.body.data.token,
      query: { id: 3 },
    });
    expect(me.body.data.username).toBe('viewer');
    const again = await server.call<TokenPair>('PUT', '/api/authorizations', {
      token: rotated.body.data.refresh_token,
    });
    expect(again.status).toBe(200);
  });

  it('revokes the whole family when a used refresh token comes back', async () => {
    const first = await server.signIn('viewer');
    const second = await server.call<TokenPair>('PUT', '/api/authorizations', {
      token: first.refresh,
    });
    const replay = await server.call('PUT', '/api/authorizations', { token: first.refresh });
    expect(replay.status).toBe(401);
    expect(replay.body.code).toBe(100);
    // The thief's replay also ends the legitimate holder's newer token of the same family.
    const afterReplay = await server.call('PUT', '/api/authorizations', {
      token: second.body.data.refresh_token,
    });
    expect(afterReplay.status).toBe(401);
  });

  it('refuses refresh without a token or with a made-up one', async () => {
    expect((await server.call('PUT', '/api/authorizations')).status).toBe(401);
    expect((await server.call('PUT', '/api/authorizations', { token: 'made-up' })).status).toBe(
      401,
    );
  });

  it('refuses API calls without a token, with a forged one and with a refresh token', async () => {
    const { refresh } = await server.signIn('admin');
    for (const token of [undefined, 'a.b.c', refresh]) {
      const answer = await server.call('GET', '/api/workspace/tree', { token });
      expect(answer.status).toBe(401);
      expect(answer.body.code).toBe(100);
    }
  });

  it('keeps a disabled user out of sign-in, refresh and the API', async () => {
    const admin = await server.signIn('admin');
    const added = await server.call<UserInfo>('POST', '/api/user/add', {
      token: admin.token,
      body: { username: 'soon_off', password: 'abc123', role_id: 3, workspace_id: 2 },
    });
    expect(added.status).toBe(200);
    const session = await server.signIn('soon_off', 'abc123');
    await server.call('POST', '/api/user/edit', {
      token: admin.token,
      body: { id: added.body.data.id, enabled: false },
    });
    const login = await server.call('POST', '/api/login', {
      body: { username: 'soon_off', password: 'abc123' },
    });
    expect(login.status).toBe(403);
    expect(login.body.msg).toBe('账号已停用，请联系管理员');
    expect(
      (await server.call('PUT', '/api/authorizations', { token: session.refresh })).status,
    ).toBe(401);
    expect((await server.call('GET', '/api/workspace/tree', { token: session.token })).status).toBe(
      401,
    );
  });
});
