import { describe, expect, it } from 'vitest';
import type { Page, WorkspaceNode } from '../../protocol/http.ts';
import { backends } from './helpers/backends.ts';
import { useSeededServer } from './helpers/seededServer.ts';

describe.each(backends)('workspaces on $name', (backend) => {
  const world = useSeededServer(backend);

  it('gives the admin the whole tree with counts', async () => {
    const tree = await world.server.call<WorkspaceNode[]>('GET', '/api/workspace/tree', {
      token: world.s.admin,
    });
    expect(tree.body.code).toBe(200);
    const [root] = tree.body.data;
    expect(root).toMatchObject({ name: 'Skydeck 演示组织', mold_id: 1, user_count: 1 });
    expect(root?.children?.map((c) => c.name)).toEqual(['深圳湾巡检', '前海应急', '南山测绘']);
    expect(root?.children?.[0]).toMatchObject({ mold_id: 2, user_count: 2, device_count: 0 });
  });

  it("gives a project member only their project's subtree", async () => {
    const tree = await world.server.call<WorkspaceNode[]>('GET', '/api/workspace/tree', {
      token: world.s.viewer,
    });
    expect(tree.body.data.map((n) => n.name)).toEqual(['深圳湾巡检']);
    expect(tree.body.data[0]?.children).toBeUndefined();
  });

  it('lists workspaces paged, filtered by name', async () => {
    const page = await world.server.call<Page<WorkspaceNode>>('GET', '/api/workspace/list', {
      token: world.s.admin,
      query: { current: 1, size: 2 },
    });
    expect(page.body.data.total).toBe(4);
    expect(page.body.data.data).toHaveLength(2);
    const named = await world.server.call<Page<WorkspaceNode>>('GET', '/api/workspace/list', {
      token: world.s.admin,
      query: { name: '前海' },
    });
    expect(named.body.data.data.map((w) => w.name)).toEqual(['前海应急']);
  });

  it('refuses the list to a role without the workspace page, and to no token', async () => {
    expect(
      (await world.server.call('GET', '/api/workspace/list', { token: world.s.operator })).status,
    ).toBe(403);
    expect((await world.server.call('GET', '/api/workspace/list')).status).toBe(401);
  });

  it('answers workspaceInfo inside the scope and 404 outside it', async () => {
    const mine = await world.server.call<WorkspaceNode>('GET', '/api/workspaceInfo', {
      token: world.s.viewer,
      query: { workspace_id: world.s.home },
    });
    expect(mine.body.data.name).toBe('深圳湾巡检');
    const other = await world.server.call('GET', '/api/workspaceInfo', {
      token: world.s.viewer,
      query: { workspace_id: world.s.other },
    });
    expect(other.status).toBe(404);
    expect(other.body.data).toBeNull();
    const bad = await world.server.call('GET', '/api/workspaceInfo', {
      token: world.s.viewer,
      query: { workspace_id: 'x' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toContain('workspace_id');
  });

  it('adds, edits and deletes a workspace, writing audit rows', async () => {
    const added = await world.server.call<WorkspaceNode>('POST', '/api/workspace/add', {
      token: world.s.admin,
      body: { parent_id: world.s.other, name: '应急二组', description: '夜班' },
    });
    expect(added.status).toBe(200);
    expect(added.body.data).toMatchObject({
      name: '应急二组',
      parent_id: world.s.other,
      mold_id: 2,
    });
    const edited = await world.server.call<WorkspaceNode>('POST', '/api/workspace/edit', {
      token: world.s.admin,
      body: { id: added.body.data.id, name: '应急三组' },
    });
    expect(edited.body.data.name).toBe('应急三组');
    const del = await world.server.call('POST', '/api/workspace/del', {
      token: world.s.admin,
      body: { workspace_id: added.body.data.id, name: 'x' },
    });
    expect(del.status).toBe(200);
    const info = await world.server.call('GET', '/api/workspaceInfo', {
      token: world.s.admin,
      query: { workspace_id: added.body.data.id },
    });
    expect(info.status).toBe(404);
    const audit = await world.server.handle.db.query<{ action: string }>(
      `select action from audit_logs where module = 'workspace' order by id`,
    );
    expect(audit.map((r) => r.action)).toEqual(['add', 'edit', 'del']);
  });

  it('refuses a second project of the same name beside the first, by add and by rename', async () => {
    const add = (name: string) =>
      world.server.call<WorkspaceNode>('POST', '/api/workspace/add', {
        token: world.s.admin,
        body: { parent_id: world.s.other, name },
      });
    const first = await add('巡检一队');
    expect(first.status).toBe(200);
    const again = await add(' 巡检一队 ');
    expect(again.status).toBe(409);
    expect(again.body.msg).toContain('巡检一队');
    const second = await add('巡检二队');
    expect(second.status).toBe(200);
    const rename = await world.server.call('POST', '/api/workspace/edit', {
      token: world.s.admin,
      body: { id: second.body.data.id, name: '巡检一队' },
    });
    expect(rename.status).toBe(409);
    // Keeping its own name is no conflict.
    const same = await world.server.call('POST', '/api/workspace/edit', {
      token: world.s.admin,
      body: { id: first.body.data.id, name: '巡检一队', description: '白班' },
    });
    expect(same.status).toBe(200);
    const rows = await world.server.handle.db.query<{ n: number }>(
      `select count(*)::int as n from workspaces where name = '巡检一队'`,
    );
    expect(rows[0]?.n).toBe(1);
  });

  it('refuses to delete a workspace that still holds things, naming them', async () => {
    const answer = await world.server.call('POST', '/api/workspace/del', {
      token: world.s.admin,
      body: { workspace_id: world.s.home },
    });
    expect(answer.status).toBe(409);
    expect(answer.body.msg).toBe('项目仍有内容，无法删除：2 个用户');
    const en = await world.server.call('POST', '/api/workspace/del', {
      token: world.s.admin,
      body: { workspace_id: world.s.org },
      lang: 'en',
    });
    expect(en.status).toBe(409);
  });

  it('validates writes and checks roles and scope', async () => {
    const noName = await world.server.call('POST', '/api/workspace/add', {
      token: world.s.admin,
      body: { parent_id: world.s.org },
    });
    expect(noName.status).toBe(400);
    expect(noName.body.msg).toBe('name: 必填');
    const viewer = await world.server.call('POST', '/api/workspace/add', {
      token: world.s.viewer,
      body: { parent_id: world.s.home, name: 'x' },
    });
    expect(viewer.status).toBe(403);
    expect(
      (
        await world.server.call('POST', '/api/workspace/add', {
          body: { parent_id: world.s.home, name: 'x' },
        })
      ).status,
    ).toBe(401);
  });

  it('hides other workspaces from a project-level editor', async () => {
    // A project admin: every page and button, but placed in the home project.
    const role = await world.server.call<{ id: number }>('POST', '/api/roles/add', {
      token: world.s.admin,
      body: { workspace_id: world.s.home, name: 'project-admin', menu_ids: await allMenuIds() },
    });
    await world.server.call('POST', '/api/user/add', {
      token: world.s.admin,
      body: {
        username: 'padmin',
        password: 'abc123',
        role_id: role.body.data.id,
        workspace_id: world.s.home,
      },
    });
    const { token } = await world.server.signIn('padmin', 'abc123');
    const edit = await world.server.call('POST', '/api/workspace/edit', {
      token,
      body: { id: world.s.other, name: 'taken' },
    });
    expect(edit.status).toBe(404);
    const del = await world.server.call('POST', '/api/workspace/del', {
      token,
      body: { workspace_id: world.s.other },
    });
    expect(del.status).toBe(404);
    const list = await world.server.call<Page<WorkspaceNode>>('GET', '/api/workspace/list', {
      token,
    });
    expect(list.body.data.data.map((w) => w.name)).toEqual(['深圳湾巡检']);
    const own = await world.server.call('POST', '/api/workspace/del', {
      token,
      body: { workspace_id: world.s.home },
    });
    expect(own.status).toBe(409);
  });

  async function allMenuIds(): Promise<number[]> {
    const rows = await world.server.handle.db.query<{ id: number }>('select id from menus');
    return rows.map((r) => r.id);
  }
});
