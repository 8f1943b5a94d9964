import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditLogEntry, Page } from '../../protocol/http.ts';
import type { Seeded } from './helpers/accounts.ts';
import { seeded } from './helpers/accounts.ts';
import { backends } from './helpers/backends.ts';
import { startServer } from './helpers/testServer.ts';
import type { TestServer } from './helpers/testServer.ts';

describe.each(backends)('audit logs on $name', (backend) => {
  let server: TestServer;
  let s: Seeded;
  beforeAll(async () => {
    server = await startServer(backend);
    await server.call('POST', '/api/login', {
      body: { username: 'admin', password: 'wrong-pass' },
    });
    await server.call('POST', '/api/login', {
      body: { username: 'ghost', password: 'wrong-pass' },
    });
    s = await seeded(server);
    await server.call('POST', '/api/workspace/add', {
      token: s.admin,
      body: { parent_id: s.org, name: '=cmd' },
    });
  });
  afterAll(() => server.close());

  const list = (query: Record<string, string | number>, token = s.admin) =>
    server.call<Page<AuditLogEntry>>('GET', '/api/logs/list', { token, query });

  it('records every sign-in attempt with its outcome and address', async () => {
    const logins = await list({ module: 'auth', action: 'login', size: 50 });
    const rows = logins.body.data.data;
    expect(
      rows
        .filter((r) => r.result === 'failure')
        .map((r) => r.username)
        .sort(),
    ).toEqual(['admin', 'ghost']);
    expect(
      rows
        .filter((r) => r.result === 'success')
        .map((r) => r.username)
        .sort(),
    ).toEqual(['admin', 'operator', 'viewer']);
    expect(rows.every((r) => r.ip.includes('127.0.0.1'))).toBe(true);
  });

  it('filters by result, username and time and pages newest first', async () => {
    const failures = await list({ result: 'failure' });
    expect(failures.body.data.total).toBe(2);
    const byUser = await list({ username: 'oper', current: 1, size: 1 });
    expect(byUser.body.data.data).toHaveLength(1);
    const future = await list({ from: '2999-01-01 00:00:00' });
    expect(future.body.data.total).toBe(0);
    const all = await list({ size: 100 });
    const ids = all.body.data.data.map((r) => r.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const bad = await list({ result: 'maybe' });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toMatch(/^result: /);
  });

  it('refuses the logs to roles without the logs page and to no token', async () => {
    expect((await list({}, s.operator)).status).toBe(403);
    expect((await server.call('GET', '/api/logs/list')).status).toBe(401);
    expect((await server.call('GET', '/api/logs/export', { token: s.viewer })).status).toBe(403);
  });

  it('exports the filtered logs as CSV with formulas defused', async () => {
    const response = await fetch(new URL('/api/logs/export?module=workspace', server.url), {
      headers: { authorization: `Bearer ${s.admin}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/csv');
    const text = await response.text();
    const lines = text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('id,created_at,username,user_id,module,action,target,ip,result,detail');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`"'=cmd"`);
  });
});
