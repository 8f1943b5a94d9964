import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditLogEntry, Page } from '../../protocol/http.ts';
import type { Seeded } from './helpers/accounts.ts';
import { seeded } from './helpers/accounts.ts';
import { backends } from './helpers/backends.ts';
import { startServer } from './helpers/testServer.ts';
import type { TestServer } from './helpers/testServer.ts';

describe.each(backends)('refused changes in the audit log on $name', (backend) => {
  let server: TestServer;
  let s: Seeded;
  beforeAll(async () => {
    server = await startServer(backend);
    s = await seeded(server);
  });
  afterAll(() => server.close());

  it('records a change the caller’s role refuses, as a failure in their name', async () => {
    const refused = await server.call('POST', '/api/device/del', {
      token: s.viewer,
      body: { device_sn: 'ANY1' },
    });
    expect(refused.status).toBe(403);
    const roles = await server.call('POST', '/api/roles/add', {
      token: s.viewer,
      body: { name: 'x', workspace_id: s.org },
    });
    expect(roles.status).toBe(403);
    const logs = await server.call<Page<AuditLogEntry>>('GET', '/api/logs/list', {
      token: s.admin,
      query: { username: 'viewer', result: 'failure', size: 20 },
    });
    const rows = logs.body.data.data.map((r) => [r.module, r.action, r.result, r.username]);
    expect(rows).toEqual(
      expect.arrayContaining([
        ['device', 'del', 'failure', 'viewer'],
        ['role', 'add', 'failure', 'viewer'],
      ]),
    );
  });

  it('does not log refused reads', async () => {
    expect((await server.call('GET', '/api/logs/list', { token: s.viewer })).status).toBe(403);
    const logs = await server.call<Page<AuditLogEntry>>('GET', '/api/logs/list', {
      token: s.admin,
      query: { username: 'viewer', module: 'log', size: 20 },
    });
    expect(logs.body.data.total).toBe(0);
  });
});
