import { describe, expect, it } from 'vitest';
import type { AuditLogEntry, Page } from '../../protocol/http.ts';
import { backends } from './helpers/backends.ts';
import { useSeededServer } from './helpers/seededServer.ts';

describe.each(backends)('refused changes in the audit log on $name', (backend) => {
  const world = useSeededServer(backend);

  it('records a change the caller’s role refuses, as a failure in their name', async () => {
    const refused = await world.server.call('POST', '/api/device/del', {
      token: world.s.viewer,
      body: { device_sn: 'ANY1' },
    });
    expect(refused.status).toBe(403);
    const roles = await world.server.call('POST', '/api/roles/add', {
      token: world.s.viewer,
      body: { name: 'x', workspace_id: world.s.org },
    });
    expect(roles.status).toBe(403);
    const logs = await world.server.call<Page<AuditLogEntry>>('GET', '/api/logs/list', {
      token: world.s.admin,
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
    expect(
      (await world.server.call('GET', '/api/logs/list', { token: world.s.viewer })).status,
    ).toBe(403);
    const logs = await world.server.call<Page<AuditLogEntry>>('GET', '/api/logs/list', {
      token: world.s.admin,
      query: { username: 'viewer', module: 'log', size: 20 },
    });
    expect(logs.body.data.total).toBe(0);
  });
});
