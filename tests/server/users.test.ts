import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, UserInfo } from '../../protocol/http.ts';
import type { Seeded } from './helpers/accounts.ts';
import { seeded } from './helpers/accounts.ts';
import { backends } from './helpers/backends.ts';
import { PASSWORD, startServer } from './helpers/testServer.ts';
import type { TestServer } from './helpers/testServer.ts';

describe.each(backends)('users on $name', (backend) => {
  let server: TestServer;
  let s: Seeded;
  let outsider: UserInfo;
  beforeAll(async () => {
    server = await startServer(backend);
    s = await seeded(server);
    const added = await server.call<UserInfo>('POST', '/api/user/add', {
      token: s.admin,
      body: {
        username: 'qh_pilot',
        password: 'pilot1',
        nickname: '前海飞手',
        role_id: 2,
        workspace_id: s.other,
      },
    });
    outsider = added.body.data;
  });
  afterAll(() => server.close());

  it('answers own user info with role, workspace and permission codes', async () => {
    const me = await server.call<UserInfo>('GET', '/api/userinfo', {
      token: s.viewer,
      query: { id: 3 },
    });
    expect(me.body.code).toBe(200);
    expect(me.body.data).toMatchObject({
      username: 'viewer',
      role_name: 'viewer',
      workspace: { id: s.home, name: '深圳湾巡检', mold_id: 2 },
    });
    expect(me.body.data.permissions).toEqual([]);
    expect(me.body.data).not.toHaveProperty('password_hash');
  });

  it("answers another user's info only to user editors in scope", async () => {
    expect(
      (await server.call('GET', '/api/userinfo', { token: s.viewer, query: { id: 1 } })).status,
    ).toBe(403);
    const admin = await server.call<UserInfo>('GET', '/api/userinfo', {
      token: s.admin,
      query: { id: outsider.id },
    });
    expect(admin.body.data.username).toBe('qh_pilot');
    expect((await server.call('GET', '/api/userinfo', { query: { id: 1 } })).status).toBe(401);
    const bad = await server.call('GET', '/api/userinfo', {
      token: s.admin,
      query: { id: 'abc' },
      lang: 'en',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('id: invalid value');
  });

  it('lists users paged with filters', async () => {
    const all = await server.call<Page<UserInfo>>('GET', '/api/user/list', {
      token: s.admin,
      query: { current: 1, size: 2 },
    });
    expect(all.body.data.total).toBe(4);
    expect(all.body.data.data).toHaveLength(2);
    const filtered = await server.call<Page<UserInfo>>('GET', '/api/user/list', {
      token: s.admin,
      query: {
        workspace_id: s.home,
        role_id: 3,
        enabled: true,
        created_from: '2000-01-01 00:00:00',
      },
    });
    expect(filtered.body.data.data.map((u) => u.username)).toEqual(['viewer']);
    const byName = await server.call<Page<UserInfo>>('GET', '/api/user/list', {
      token: s.admin,
      query: { nickname: '飞手' },
    });
    expect(byName.body.data.data.map((u) => u.username)).toEqual(['qh_pilot']);
    expect((await server.call('GET', '/api/user/list', { token: s.operator })).status).toBe(403);
    expect((await server.call('GET', '/api/user/list')).status).toBe(401);
  });

  it('adds a user, refusing a duplicate name and a bad password', async () => {
    const dup = await server.call('POST', '/api/user/add', {
      token: s.admin,
      body: { username: 'viewer', password: 'abc123', role_id: 3, workspace_id: s.home },
    });
    expect(dup.status).toBe(409);
    expect(dup.body.msg).toBe('用户名 viewer 不可用，请换一个');
    const short = await server.call('POST', '/api/user/add', {
      token: s.admin,
      body: { username: 'new1', password: 'abc', role_id: 3, workspace_id: s.home },
    });
    expect(short.status).toBe(400);
    expect(short.body.msg).toBe('password: 密码长度为 6 到 12 位');
    const long = await server.call('POST', '/api/user/add', {
      token: s.admin,
      body: { username: 'new1', password: 'abcdefghijklm', role_id: 3, workspace_id: s.home },
      lang: 'en',
    });
    expect(long.body.msg).toBe('password: a password has 6 to 12 characters');
    expect(
      (await server.call('POST', '/api/user/add', { token: s.operator, body: { username: 'x' } }))
        .status,
    ).toBe(403);
  });

  it('edits a user and keeps an admin from disabling or deleting themselves', async () => {
    const edited = await server.call<UserInfo>('POST', '/api/user/edit', {
      token: s.admin,
      body: { id: outsider.id, nickname: '前海一号', email: 'pilot@example.com', role_id: 3 },
    });
    expect(edited.body.data).toMatchObject({
      nickname: '前海一号',
      email: 'pilot@example.com',
      role_name: 'viewer',
    });
    const badEmail = await server.call('POST', '/api/user/edit', {
      token: s.admin,
      body: { id: outsider.id, email: 'nope' },
    });
    expect(badEmail.body.msg).toMatch(/^email: /);
    const self = await server.call('POST', '/api/user/edit', {
      token: s.admin,
      body: { id: 1, enabled: false },
    });
    expect(self.status).toBe(409);
    expect(
      (await server.call('POST', '/api/user/del', { token: s.admin, body: { id: 1 } })).status,
    ).toBe(409);
  });

  it('resets a password: old sessions end and the new password works', async () => {
    const before = await server.signIn('qh_pilot', 'pilot1');
    const reset = await server.call('POST', '/api/user/resetPassword', {
      token: s.admin,
      body: { id: outsider.id, password: 'fresh77' },
    });
    expect(reset.status).toBe(200);
    expect(
      (await server.call('PUT', '/api/authorizations', { token: before.refresh })).status,
    ).toBe(401);
    await expect(server.signIn('qh_pilot', 'fresh77')).resolves.toHaveProperty('token');
    expect(
      (
        await server.call('POST', '/api/user/resetPassword', {
          token: s.viewer,
          body: { id: 1, password: 'abcdef' },
        })
      ).status,
    ).toBe(403);
  });

  it('lets a user change their own password with the old one', async () => {
    const session = await server.signIn('operator');
    const wrong = await server.call('POST', '/api/user/changePassword', {
      token: session.token,
      body: { old_password: 'not-it', new_password: 'newpass1' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.msg).toBe('密码错误');
    const missing = await server.call('POST', '/api/user/changePassword', {
      token: session.token,
      body: { new_password: 'newpass1' },
    });
    expect(missing.body.msg).toBe('old_password: 必填');
    const changed = await server.call('POST', '/api/user/changePassword', {
      token: session.token,
      body: { old_password: PASSWORD, new_password: 'newpass1' },
    });
    expect(changed.status).toBe(200);
    expect(
      (await server.call('PUT', '/api/authorizations', { token: session.refresh })).status,
    ).toBe(401);
    await expect(server.signIn('operator', 'newpass1')).resolves.toHaveProperty('token');
    expect((await server.call('POST', '/api/user/changePassword', { body: {} })).status).toBe(401);
  });

  it('updates the own profile and checks the own password for the lock screen', async () => {
    const profile = await server.call<UserInfo>('POST', '/api/user/profile', {
      token: s.viewer,
      body: { nickname: '值班员', phone: '13800000000' },
    });
    expect(profile.body.data).toMatchObject({
      nickname: '值班员',
      phone: '13800000000',
      username: 'viewer',
    });
    const good = await server.call('POST', '/api/user/checkPassword', {
      token: s.viewer,
      body: { password: PASSWORD },
    });
    expect(good.body).toMatchObject({ code: 200, data: true });
    const bad = await server.call('POST', '/api/user/checkPassword', {
      token: s.viewer,
      body: { password: 'nope' },
    });
    expect(bad.body.code).toBe(100);
    expect(
      (await server.call('POST', '/api/user/checkPassword', { body: { password: 'x' } })).status,
    ).toBe(401);
  });

  it("keeps users of other workspaces out of a project member's reach", async () => {
    const role = await server.call<{ id: number }>('POST', '/api/roles/add', {
      token: s.admin,
      body: {
        workspace_id: s.home,
        name: 'hr',
        menu_ids: await menuIdsFor(['users', 'user:add', 'user:edit', 'user:del', 'user:reset']),
      },
    });
    await server.call('POST', '/api/user/add', {
      token: s.admin,
      body: {
        username: 'hr1',
        password: 'abc123',
        role_id: role.body.data.id,
        workspace_id: s.home,
      },
    });
    const { token } = await server.signIn('hr1', 'abc123');
    const list = await server.call<Page<UserInfo>>('GET', '/api/user/list', { token });
    expect(list.body.data.data.map((u) => u.username)).not.toContain('qh_pilot');
    expect(
      (await server.call('GET', '/api/userinfo', { token, query: { id: outsider.id } })).status,
    ).toBe(404);
    expect(
      (await server.call('POST', '/api/user/del', { token, body: { id: outsider.id } })).status,
    ).toBe(404);
    expect(
      (
        await server.call('POST', '/api/user/resetPassword', {
          token,
          body: { id: outsider.id, password: 'abcdef' },
        })
      ).status,
    ).toBe(404);
    // The admin role is outside this project and all-access: not assignable from here.
    const escalate = await server.call('POST', '/api/user/add', {
      token,
      body: { username: 'x1', password: 'abc123', role_id: 1, workspace_id: s.home },
    });
    expect(escalate.status).toBe(404);
  });

  it('deletes a user', async () => {
    const del = await server.call('POST', '/api/user/del', {
      token: s.admin,
      body: { id: outsider.id },
    });
    expect(del.status).toBe(200);
    expect(
      (await server.call('GET', '/api/userinfo', { token: s.admin, query: { id: outsider.id } }))
        .status,
    ).toBe(404);
  });

  async function menuIdsFor(codes: string[]): Promise<number[]> {
    const rows = await server.handle.db.query<{ id: number }>(
      `select id from menus where name = any($1::text[]) or perms = any($1::text[])`,
      [codes],
    );
    return rows.map((r) => r.id);
  }
});
