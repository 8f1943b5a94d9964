import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role, UserInfo } from '../../protocol/http.ts';
import type { PrincipalChange } from '../../server/principalEvents.ts';
import type { Seeded } from './helpers/accounts.ts';
import { seeded } from './helpers/accounts.ts';
import { backends } from './helpers/backends.ts';
import { customUser } from './helpers/customUser.ts';
import { startServer } from './helpers/testServer.ts';
import type { TestServer } from './helpers/testServer.ts';

interface AuditRow {
  module: string;
  action: string;
  target: string;
  target_name: string;
  result: string;
  detail: string;
}

describe.each(backends)('changes are whole, audited and announced on $name', (backend) => {
  let server: TestServer;
  let s: Seeded;
  const changes: PrincipalChange[] = [];
  beforeAll(async () => {
    server = await startServer(backend);
    s = await seeded(server);
    server.handle.deps.events.onChange((change) => changes.push(change));
  });
  afterAll(() => server.close());

  const lastAudit = async (module: string, action: string) =>
    (
      await server.handle.db.query<AuditRow>(
        `select module, action, target, target_name, result, detail from audit_logs
         where module = $1 and action = $2 order by id desc limit 1`,
        [module, action],
      )
    )[0];
  const addRole = async (name: string) =>
    (
      await server.call<Role>('POST', '/api/roles/add', {
        token: s.admin,
        body: { workspace_id: s.home, name },
      })
    ).body.data;

  it('rolls a refused role update back whole, rename included', async () => {
    const role = await addRole('keeper');
    const answer = await server.call('POST', '/api/roles/update', {
      token: s.admin,
      body: { id: role.id, name: 'renamed', menu_ids: [999_999] },
    });
    expect(answer.status).toBe(404);
    const roles = await server.call<{ data: Role[] }>('GET', '/api/roles/list', {
      token: s.admin,
      query: { workspace_id: s.home },
    });
    expect(roles.body.data.data.map((r) => r.name)).toContain('keeper');
    expect(roles.body.data.data.map((r) => r.name)).not.toContain('renamed');
    expect(await lastAudit('role', 'update')).toMatchObject({ result: 'failure' });
    const added = await server.call('POST', '/api/roles/add', {
      token: s.admin,
      body: { workspace_id: s.home, name: 'half', menu_ids: [1, 999_999] },
    });
    expect(added.status).toBe(404);
    const half = await server.handle.db.query("select 1 from roles where name = 'half'");
    expect(half).toHaveLength(0);
  });

  it('keeps target names as they were, for users and projects too', async () => {
    const user = await server.call<UserInfo>('POST', '/api/user/add', {
      token: s.admin,
      body: { username: 'named', password: 'Named#1', role_id: 3, workspace_id: s.home },
    });
    const userId = user.body.data.id;
    await server.call('POST', '/api/user/edit', {
      token: s.admin,
      body: { id: userId, nickname: 'N' },
    });
    expect(await lastAudit('user', 'edit')).toMatchObject({
      target: String(userId),
      target_name: 'named',
    });
    await server.call('POST', '/api/user/del', { token: s.admin, body: { id: userId } });
    expect(await lastAudit('user', 'del')).toMatchObject({ target_name: 'named' });
    const project = await server.call<{ id: number }>('POST', '/api/workspace/add', {
      token: s.admin,
      body: { parent_id: s.org, name: 'Temp project' },
    });
    const projectId = project.body.data.id;
    await server.call('POST', '/api/workspace/edit', {
      token: s.admin,
      body: { id: projectId, name: 'Renamed project' },
    });
    expect(await lastAudit('workspace', 'edit')).toMatchObject({ target_name: 'Temp project' });
    await server.call('POST', '/api/workspace/del', {
      token: s.admin,
      body: { workspace_id: projectId },
    });
    expect(await lastAudit('workspace', 'del')).toMatchObject({
      target: String(projectId),
      target_name: 'Renamed project',
    });
  });

  it('words a duplicate the same wherever it lives, and logs the refused attempt', async () => {
    const local = await customUser(server, s.admin, s.home, [
      'users',
      'user:add',
      'device',
      'device:add',
    ]);
    await server.call('POST', '/api/device/add', {
      token: s.admin,
      body: { device_sn: 'DUPOTHER1', domain: 3, type: 1, sub_type: 0, workspace_id: s.other },
    });
    await server.call('POST', '/api/device/add', {
      token: s.admin,
      body: { device_sn: 'DUPHOME1', domain: 3, type: 1, sub_type: 0, workspace_id: s.home },
    });
    const tryUser = (username: string) =>
      server.call('POST', '/api/user/add', {
        token: local.token,
        lang: 'en',
        body: { username, password: 'Dupe#123', role_id: local.roleId, workspace_id: s.home },
      });
    const tryDevice = (sn: string) =>
      server.call('POST', '/api/device/add', {
        token: local.token,
        lang: 'en',
        body: { device_sn: sn, domain: 3, type: 1, sub_type: 0, workspace_id: s.home },
      });
    // `admin` lives in the organisation, outside this user's project; `operator` inside it.
    const [outside, inside] = [await tryUser('admin'), await tryUser('operator')];
    expect([outside.status, inside.status]).toEqual([409, 409]);
    expect(outside.body.msg.replace('admin', 'X')).toBe(inside.body.msg.replace('operator', 'X'));
    expect(outside.body.msg).not.toMatch(/exist|taken/);
    const [far, near] = [await tryDevice('DUPOTHER1'), await tryDevice('DUPHOME1')];
    expect([far.status, near.status]).toEqual([409, 409]);
    expect(far.body.msg.replace('DUPOTHER1', 'X')).toBe(near.body.msg.replace('DUPHOME1', 'X'));
    expect(await lastAudit('user', 'add')).toMatchObject({
      target: 'operator',
      result: 'failure',
      // The key and its parameters, read in words by the logs page and the CSV (auditFailures.ts).
      detail: 'conflict.username {"value":"operator"}',
    });
  });

  it('announces committed changes to users, roles, devices and projects, never refused ones', async () => {
    const role = await addRole('announced');
    const user = await server.call<UserInfo>('POST', '/api/user/add', {
      token: s.admin,
      body: { username: 'watched', password: 'Watch#1', role_id: role.id, workspace_id: s.home },
    });
    await server.call('POST', '/api/device/add', {
      token: s.admin,
      body: { device_sn: 'MOVED1', domain: 3, type: 1, sub_type: 0, workspace_id: s.home },
    });
    const project = await server.call<{ id: number }>('POST', '/api/workspace/add', {
      token: s.admin,
      body: { parent_id: s.org, name: 'Short-lived' },
    });
    const projectId = project.body.data.id;
    changes.length = 0;
    const userId = user.body.data.id;
    await server.call('POST', '/api/user/edit', {
      token: s.admin,
      body: { id: userId, enabled: false },
    });
    await server.call('POST', '/api/role/menu/update', {
      token: s.admin,
      body: { role_id: role.id, menu_ids: [1] },
    });
    await server.call('POST', '/api/device/edit', {
      token: s.admin,
      body: { device_sn: 'MOVED1', workspace_id: s.other },
    });
    await server.call('POST', '/api/device/del', { token: s.admin, body: { device_sn: 'MOVED1' } });
    await server.call('POST', '/api/user/del', { token: s.admin, body: { id: userId } });
    await server.call('POST', '/api/workspace/del', {
      token: s.admin,
      body: { workspace_id: projectId },
    });
    await server.call('POST', '/api/roles/update', {
      token: s.admin,
      body: { id: role.id, menu_ids: [999_999] },
    });
    expect(changes).toEqual([
      { kind: 'user', userId },
      { kind: 'role', roleId: role.id },
      { kind: 'device', sn: 'MOVED1' },
      { kind: 'device', sn: 'MOVED1' },
      { kind: 'user', userId },
      { kind: 'workspace', workspaceId: projectId },
    ]);
  });
});
