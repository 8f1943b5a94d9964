import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TokenPair, UserInfo } from '../../protocol/http.ts';
import type { PrincipalChange } from '../../server/principalEvents.ts';
import { backends } from './helpers/backends.ts';
import { PASSWORD, startServer } from './helpers/testServer.ts';
import type { TestServer } from './helpers/testServer.ts';

describe.each(backends)('session rules on $name', (backend) => {
  let server: TestServer;
  let admin: string;
  const changes: PrincipalChange[] = [];
  beforeAll(async () => {
    // Two wrong own passwords are free, four lock; sign-in limits are the same but never reached.
    server = await startServer(backend, {
      throttle: { freeFailures: 2, lockFailures: 4, delayStepMs: 1, windowMs: 60_000 },
    });
    server.handle.deps.events.onChange((change) => changes.push(change));
    admin = (await server.signIn('admin')).token;
  });
  afterAll(() => server.close());

  /** Adds a user in the seeded project and signs them in. */
  async function newUser(username: string) {
    const added = await server.call<UserInfo>('POST', '/api/user/add', {
      token: admin,
      body: { username, password: 'abc123', role_id: 3, workspace_id: 2 },
    });
    expect(added.status).toBe(200);
    return { id: added.body.data.id, ...(await server.signIn(username, 'abc123')) };
  }

  const me = (token: string) => server.call('GET', '/api/workspace/tree', { token });
  const changePassword = (token: string, old_password: string, new_password = 'newpass1') =>
    server.call('POST', '/api/user/changePassword', {
      token,
      body: { old_password, new_password },
    });

  it('throttles wrong old passwords on change-password per user, then refuses with 429', async () => {
    const user = await newUser('guess_me');
    for (let i = 0; i < 4; i++)
      expect((await changePassword(user.token, 'wrong-1')).status).toBe(400);
    const locked = await changePassword(user.token, 'abc123');
    expect(locked.status).toBe(429);
    expect(locked.body.msg).toMatch(/^密码错误次数过多，请 \d+ 秒后再试$/);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    // The lock screen's check is the same oracle and shares the count.
    const check = await server.call('POST', '/api/user/checkPassword', {
      token: user.token,
      body: { password: 'abc123' },
    });
    expect(check.status).toBe(429);
    // Another user is not affected, and the password did not change.
    const other = await newUser('not_me');
    expect((await changePassword(other.token, 'abc123')).status).toBe(200);
    await expect(server.signIn('guess_me', 'abc123')).resolves.toHaveProperty('token');
    const refused = await server.handle.db.query<{ n: number }>(
      `select count(*)::int as n from audit_logs where action = 'changePassword' and detail = 'throttled'`,
    );
    expect(refused[0]?.n).toBe(1);
  });

  it('ends every access token of a user at once when they change their password', async () => {
    const user = await newUser('changer');
    const elsewhere = await server.signIn('changer', 'abc123');
    changes.length = 0;
    expect((await changePassword(user.token, 'abc123')).status).toBe(200);
    expect((await me(user.token)).status).toBe(401);
    expect((await me(elsewhere.token)).status).toBe(401);
    expect(changes).toContainEqual({ kind: 'user', userId: user.id });
    // A fresh sign-in with the new password works at once.
    expect((await me((await server.signIn('changer', 'newpass1')).token)).status).toBe(200);
  });

  it('ends access tokens when an administrator resets the password or disables the user', async () => {
    const reset = await newUser('reset_me');
    changes.length = 0;
    await server.call('POST', '/api/user/resetPassword', {
      token: admin,
      body: { id: reset.id, password: 'fresh77' },
    });
    expect((await me(reset.token)).status).toBe(401);
    expect(changes).toContainEqual({ kind: 'user', userId: reset.id });

    const off = await newUser('switch_off');
    expect((await me(off.token)).status).toBe(200);
    await server.call('POST', '/api/user/edit', {
      token: admin,
      body: { id: off.id, enabled: false },
    });
    expect((await me(off.token)).status).toBe(401);
  });

  it('ends access tokens when a replayed refresh token revokes its family', async () => {
    const victim = await newUser('replayed');
    const otherSession = await server.signIn('replayed', 'abc123');
    const rotated = await server.call<TokenPair>('PUT', '/api/authorizations', {
      token: victim.refresh,
    });
    expect((await me(rotated.body.data.token)).status).toBe(200);
    changes.length = 0;
    expect(
      (await server.call('PUT', '/api/authorizations', { token: victim.refresh })).status,
    ).toBe(401);
    expect((await me(rotated.body.data.token)).status).toBe(401);
    expect(changes).toContainEqual({ kind: 'user', userId: victim.id });
    // The user's other session renews its access token with its own, untouched refresh token.
    const renewed = await server.call<TokenPair>('PUT', '/api/authorizations', {
      token: otherSession.refresh,
    });
    expect(renewed.status).toBe(200);
    expect((await me(renewed.body.data.token)).status).toBe(200);
  });

  it('ignores X-Forwarded-For unless TRUST_PROXY says a proxy is in front', async () => {
    await server.call('POST', '/api/login', {
      body: { username: 'viewer', password: PASSWORD },
      headers: { 'x-forwarded-for': '203.0.113.99' },
    });
    const rows = await server.handle.db.query<{ ip: string }>(
      `select ip from audit_logs where action = 'login' order by id desc limit 1`,
    );
    expect(rows[0]?.ip).toContain('127.0.0.1');
  });
});

describe.each(backends)('TRUST_PROXY on $name', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(backend, { config: { trustProxy: ['127.0.0.1', '::1'] } });
  });
  afterAll(() => server.close());

  it('audits the client address a trusted proxy forwards', async () => {
    await server.call('POST', '/api/login', {
      body: { username: 'viewer', password: PASSWORD },
      headers: { 'x-forwarded-for': '203.0.113.5, 10.1.2.3' },
    });
    const rows = await server.handle.db.query<{ ip: string }>(
      `select ip from audit_logs where action = 'login' order by id desc limit 1`,
    );
    // Only the loopback proxy is trusted: 10.1.2.3 is the client as far as we can tell.
    expect(rows[0]?.ip).toBe('10.1.2.3');
  });
});
