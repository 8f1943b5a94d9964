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

  /** The export's lines (BOM and trailing line break removed), fetched with these extras. */
  async function exportCsv(query: string, lang = 'zh-CN'): Promise<string[]> {
    const response = await fetch(new URL(`/api/logs/export?${query}`, server.url), {
      headers: { authorization: `Bearer ${s.admin}`, 'accept-language': lang },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/csv');
    return (await response.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
  }

  it('exports what the page shows: words, names and local times, with formulas defused', async () => {
    const lines = await exportCsv('module=workspace&tz=Asia%2FShanghai');
    expect(lines[0]).toBe(
      '"编号","时间 (Asia/Shanghai)","用户","模块","操作","对象","IP 地址","结果","详情","时间 (UTC, ISO 8601)"',
    );
    expect(lines).toHaveLength(2);
    const cells = (lines[1] ?? '').slice(1, -1).split('","');
    expect(cells.slice(2, 6)).toEqual(['admin', '项目', '新增', "'=cmd"]);
    expect(cells[7]).toBe('成功');
    // Shanghai is UTC+8 all year: the local column is the ISO column eight hours later.
    const iso = cells[9] ?? '';
    expect(iso).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const local = new Date(Date.parse(iso) + 8 * 3600_000).toISOString();
    expect(cells[1]).toBe(`${local.slice(0, 10)} ${local.slice(11, 19)}`);
  });

  it('exports in English when the console is in English, and refuses an unknown time zone', async () => {
    const lines = await exportCsv('module=auth&result=failure&tz=UTC', 'en');
    expect(lines[0]).toContain('"Module","Action","Target"');
    expect(lines[1]).toContain('"Sign-in","Sign in"');
    expect(lines[1]).toContain('"Failure","Wrong username or password"');
    const bad = await server.call('GET', '/api/logs/export', {
      token: s.admin,
      query: { tz: 'Mars/Olympus' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toMatch(/^tz: /);
  });

  it('names targets as they were, and old rows that kept only an id by their current name', async () => {
    const added = await server.call<{ id: number }>('POST', '/api/workspace/add', {
      token: s.admin,
      body: { parent_id: s.org, name: '旧名项目' },
    });
    const projectId = added.body.data.id;
    await server.call('POST', '/api/workspace/edit', {
      token: s.admin,
      body: { id: projectId, name: '新名项目' },
    });
    await server.call('POST', '/api/workspace/del', {
      token: s.admin,
      body: { workspace_id: projectId },
    });
    // A row from before names were recorded: only the user's id.
    await server.handle.db.query(
      `insert into audit_logs (user_id, username, module, action, target, ip, result)
       values (1, 'admin', 'user', 'edit', '3', '127.0.0.1', 'success')`,
    );
    const rows = (await list({ size: 10 })).body.data.data;
    const del = rows.find((r) => r.module === 'workspace' && r.action === 'del');
    expect(del?.target_name).toBe('新名项目');
    expect(rows.find((r) => r.module === 'user' && r.target === '3')?.target_name).toBe('viewer');
    const lines = await exportCsv('module=workspace&action=del');
    expect(lines[1]).toContain('"新名项目"');
    expect(lines[1]).not.toContain(`"${projectId}"`);
  });

  it('reads a refused change in words in either language, with what was refused', async () => {
    const refused = await server.call('POST', '/api/user/add', {
      token: s.admin,
      body: { username: 'operator', password: 'Taken#12', role_id: 3, workspace_id: s.home },
    });
    expect(refused.status).toBe(409);
    const query = 'module=user&action=add&result=failure&tz=UTC';
    const zh = await exportCsv(query);
    expect(zh[1]).toContain('"失败","用户名 operator 不可用"');
    const en = await exportCsv(query, 'en');
    expect(en[1]).toContain('"Failure","Username operator not available"');
    expect(en.join('\n')).not.toContain('conflict.');
  });
});
