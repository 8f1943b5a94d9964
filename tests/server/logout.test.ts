/**
 * Logout ends the sign-in session on the server, not only in the browser: afterwards its refresh
 * token renews nothing and its access token answers 401, while the same user's other sessions go on.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TokenPair } from '../../protocol/http.ts';
import { backends } from './helpers/backends.ts';
import { startServer } from './helpers/testServer.ts';
import type { TestServer } from './helpers/testServer.ts';

describe.each(backends)('logout on $name', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(backend);
  });
  afterAll(() => server.close());

  const me = (token: string) => server.call('GET', '/api/workspace/tree', { token });
  const refresh = (token: string) =>
    server.call<TokenPair>('PUT', '/api/authorizations', { token });
  const logout = (token?: string) => server.call<null>('DELETE', '/api/authorizations', { token });

  it('ends the session: its refresh token and its access token answer 401', async () => {
    const session = await server.signIn('viewer');
    expect((await me(session.token)).status).toBe(200);
    const out = await logout(session.refresh);
    expect(out.status).toBe(200);
    expect(out.body.code).toBe(200);
    const renewed = await refresh(session.refresh);
    expect(renewed.status).toBe(401);
    expect(renewed.body.msg).toBe('登录已过期，请重新登录');
    const old = await me(session.token);
    expect(old.status).toBe(401);
    expect(old.body.msg).toBe('登录已过期，请重新登录');
  });

  it("leaves the same user's other sessions signed in", async () => {
    const leaving = await server.signIn('operator');
    const staying = await server.signIn('operator');
    expect((await logout(leaving.refresh)).status).toBe(200);
    expect((await me(leaving.token)).status).toBe(401);
    expect((await me(staying.token)).status).toBe(200);
    const renewed = await refresh(staying.refresh);
    expect(renewed.status).toBe(200);
    expect((await me(renewed.body.data.token)).status).toBe(200);
  });

  it('ends every token the session was given, and a stale token afterwards is no reuse', async () => {
    const first = await server.signIn('admin');
    const other = await server.signIn('admin');
    const rotated = await refresh(first.refresh);
    expect(rotated.status).toBe(200);
    expect((await logout(rotated.body.data.refresh_token)).status).toBe(200);
    for (const token of [first.token, rotated.body.data.token])
      expect((await me(token)).status).toBe(401);
    // An old tab still holding a token of the ended session: refused, but it is not a stolen copy,
    // so the user's other session keeps its access token.
    for (const token of [first.refresh, rotated.body.data.refresh_token]) {
      const stale = await refresh(token);
      expect(stale.status).toBe(401);
      expect(stale.body.msg).toBe('登录已过期，请重新登录');
    }
    expect((await me(other.token)).status).toBe(200);
    const rows = await server.handle.db.query<{ n: number }>(
      `select count(*)::int as n from audit_logs where module = 'auth' and action = 'logout'`,
    );
    expect(rows[0]?.n).toBeGreaterThanOrEqual(1);
  });

  it('takes the access token as well, and treats an unknown session as already ended', async () => {
    const session = await server.signIn('viewer');
    expect((await logout(session.token)).status).toBe(200);
    expect((await refresh(session.refresh)).status).toBe(401);
    expect((await me(session.token)).status).toBe(401);
    expect((await logout('made-up')).status).toBe(200);
    const anonymous = await logout();
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.msg).toBe('请先登录');
  });
});
