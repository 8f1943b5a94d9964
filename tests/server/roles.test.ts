import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MenuNode, Page, Role } from '../../protocol/http.ts';
import type { Seeded } from './helpers/accounts.ts';
import { seeded } from './helpers/accounts.ts';
import { backends } from './helpers/backends.ts';
import { startServer } from './helpers/testServer.ts';
import type { TestServer } from './helpers/testServer.ts';

const names = (tree: MenuNode[]) => tree.map((m) => m.name);

describe.each(backends)('roles and role menus on $name', (backend) => {
  let server: TestServer;
  let s: Seeded;
  let viewerRole: number;
  beforeAll(async () => {
    server = await startServer(backend);
    s = await seeded(server);
    const me = await server.call<{ role_id: number }>('GET', '/api/userinfo', {
      token: s.viewer,
      query: { id: 3 },
    });
    viewerRole = me.body.data.role_id;
  });
  afterAll(() => server.close());

  it("answers each role's menu tree: viewer pages without buttons, admin everything", async () => {
    const viewer = await server.call<MenuNode[]>('GET', '/api/role/menu/list', {
      token: s.viewer,
      query: { role_id: viewerRole },
    });
    expect(viewer.body.code).toBe(200);
    expect(names(viewer.body.data)).toEqual([
      'workbench',
      'task',
      'wayline',
      'device',
      'resources',
      'video_square',
      'linxiu',
      'replay',
      'airspace',
    ]);
    expect(viewer.body.data.every((m) => m.children === undefined)).toBe(true);
    const admin = await server.call<MenuNode[]>('GET', '/api/role/menu/list', {
      token: s.admin,
      query: { role_id: 1 },
    });
    expect(names(admin.body.data)).toHaveLength(19);
    const device = admin.body.data.find((m) => m.name === 'device');
    expect(device?.children?.map((b) => b.perms)).toEqual([
      'device:add',
      'device:edit',
      'device:del',
      'device:control',
    ]);
    expect(admin.body.data.find((m) => m.name === 'drone_ctl')?.hidden).toBe(true);
  });

  it("refuses another role's menus to a user without the role page", async () => {
    const answer = await server.call('GET', '/api/role/menu/list', {
      token: s.viewer,
      query: { role_id: 1 },
    });
    expect(answer.status).toBe(403);
    expect(
      (await server.call('GET', '/api/role/menu/list', { query: { role_id: 1 } })).status,
    ).toBe(401);
    const bad = await server.call('GET', '/api/role/menu/list', { token: s.viewer });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('role_id: 必填');
  });

  it('lists roles paged with user counts and menu ids', async () => {
    const page = await server.call<Page<Role>>('GET', '/api/roles/list', {
      token: s.admin,
      query: { current: 1, size: 10 },
    });
    expect(page.body.data.total).toBe(3);
    const operator = page.body.data.data.find((r) => r.name === 'operator');
    expect(operator?.user_count).toBe(1);
    expect(operator?.menu_ids.length).toBeGreaterThan(11);
    expect((await server.call('GET', '/api/roles/list', { token: s.operator })).status).toBe(403);
  });

  it('adds, updates, reassigns menus and deletes a role', async () => {
    const menus = await server.call<MenuNode[]>('GET', '/api/menu/list', { token: s.admin });
    const logs = menus.body.data.find((m) => m.name === 'logs');
    const exportButton = logs?.children?.[0];
    const added = await server.call<Role>('POST', '/api/roles/add', {
      token: s.admin,
      body: { workspace_id: s.org, name: 'auditor', description: '审计', menu_ids: [logs?.id] },
    });
    expect(added.status).toBe(200);
    expect(added.body.data).toMatchObject({ name: 'auditor', user_count: 0, menu_ids: [logs?.id] });
    const dup = await server.call('POST', '/api/roles/add', {
      token: s.admin,
      body: { workspace_id: s.org, name: 'auditor' },
    });
    expect(dup.status).toBe(409);
    const updated = await server.call<Role>('POST', '/api/roles/update', {
      token: s.admin,
      body: { id: added.body.data.id, description: '日志审计' },
    });
    expect(updated.body.data.description).toBe('日志审计');
    const assigned = await server.call<Role>('POST', '/api/role/menu/update', {
      token: s.admin,
      body: { role_id: added.body.data.id, menu_ids: [logs?.id, exportButton?.id] },
    });
    expect(assigned.body.data.menu_ids).toHaveLength(2);
    const tree = await server.call<MenuNode[]>('GET', '/api/role/menu/list', {
      token: s.admin,
      query: { role_id: added.body.data.id },
    });
    expect(tree.body.data[0]?.children?.[0]?.perms).toBe('log:export');
    const del = await server.call('POST', '/api/roles/del', {
      token: s.admin,
      body: { id: added.body.data.id, workspace_id: s.org },
    });
    expect(del.status).toBe(200);
  });

  it('refuses to delete a role in use, saying how many users hold it', async () => {
    const answer = await server.call('POST', '/api/roles/del', {
      token: s.admin,
      body: { id: viewerRole, workspace_id: s.org },
    });
    expect(answer.status).toBe(409);
    expect(answer.body.msg).toBe('该角色仍有 1 个用户，无法删除');
  });

  it('validates role writes and refuses callers without role buttons', async () => {
    const noName = await server.call('POST', '/api/roles/add', {
      token: s.admin,
      body: { workspace_id: s.org },
    });
    expect(noName.status).toBe(400);
    expect(noName.body.msg).toBe('name: 必填');
    expect(
      (
        await server.call('POST', '/api/roles/add', {
          token: s.operator,
          body: { workspace_id: s.home, name: 'x' },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await server.call('POST', '/api/roles/update', {
          token: s.viewer,
          body: { id: viewerRole, name: 'x' },
        })
      ).status,
    ).toBe(403);
    expect((await server.call('POST', '/api/roles/del', { body: { id: viewerRole } })).status).toBe(
      401,
    );
    const menus = await server.call('POST', '/api/role/menu/update', {
      token: s.admin,
      body: { role_id: viewerRole, menu_ids: [99999] },
    });
    expect(menus.status).toBe(404);
  });

  it('keeps roles of other workspaces out of a project-level role manager', async () => {
    const all = (await server.handle.db.query<{ id: number }>('select id from menus')).map(
      (r) => r.id,
    );
    const role = await server.call<Role>('POST', '/api/roles/add', {
      token: s.admin,
      body: { workspace_id: s.home, name: 'lead', menu_ids: all },
    });
    await server.call('POST', '/api/user/add', {
      token: s.admin,
      body: {
        username: 'lead1',
        password: 'abc123',
        role_id: role.body.data.id,
        workspace_id: s.home,
      },
    });
    const { token } = await server.signIn('lead1', 'abc123');
    const list = await server.call<Page<Role>>('GET', '/api/roles/list', { token });
    expect(list.body.data.data.map((r) => r.name)).toEqual(['lead']);
    const edit = await server.call('POST', '/api/roles/update', {
      token,
      body: { id: viewerRole, name: 'hijack' },
    });
    expect(edit.status).toBe(404);
  });
});
