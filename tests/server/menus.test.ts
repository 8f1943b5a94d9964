import { describe, expect, it } from 'vitest';
import type { MenuNode } from '../../protocol/http.ts';
import { backends } from './helpers/backends.ts';
import { useSeededServer } from './helpers/seededServer.ts';

const PAGES = [
  ['workbench', '/dashboard'],
  ['task', '/task'],
  ['wayline', '/wayline'],
  ['device', '/device'],
  ['workspace', '/workspace'],
  ['users', '/users'],
  ['role', '/role'],
  ['resources', '/resources'],
  ['aralm', '/aralm'],
  ['model', '/model'],
  ['model_ai', '/model_ai'],
  ['meunan', '/meunan'],
  ['video_square', '/video_square'],
  ['logs', '/logs'],
  ['drone_ctl', '/drone_ctl'],
  ['linxiu', '/linxiu'],
  ['notifications', '/notifications'],
  ['replay', '/replay'],
  ['airspace', '/airspace'],
];

describe.each(backends)('menus on $name', (backend) => {
  const world = useSeededServer(backend);

  it('seeds one menu per page of the spec, each with an icon', async () => {
    const tree = await world.server.call<MenuNode[]>('GET', '/api/menu/list', {
      token: world.s.admin,
    });
    expect(tree.body.data.map((m) => [m.name, m.path])).toEqual(PAGES);
    expect(tree.body.data.every((m) => m.kind === 'menu' && m.icon !== '')).toBe(true);
    const codes = tree.body.data.flatMap((m) => m.children?.map((b) => b.perms) ?? []);
    // Button names double as i18n keys, so they avoid i18next's ':' namespace separator.
    const device = tree.body.data.find((m) => m.name === 'device');
    expect(device?.children?.map((b) => [b.kind, b.name, b.perms])).toContainEqual([
      'button',
      'device_add',
      'device:add',
    ]);
    for (const code of [
      'report:export',
      'user:reset',
      'drc:control',
      'gas:edit',
      'menu:del',
      'log:export',
    ])
      expect(codes).toContain(code);
  });

  it('refuses the menu list to a role without the menu or role page', async () => {
    expect(
      (await world.server.call('GET', '/api/menu/list', { token: world.s.operator })).status,
    ).toBe(403);
    expect((await world.server.call('GET', '/api/menu/list')).status).toBe(401);
  });

  it('adds a button, moves and re-sorts it, then deletes it', async () => {
    const tree = await world.server.call<MenuNode[]>('GET', '/api/menu/list', {
      token: world.s.admin,
    });
    const [task, wayline] = [tree.body.data[1], tree.body.data[2]];
    const added = await world.server.call<{ id: number }>('POST', '/api/menu/add', {
      token: world.s.admin,
      body: {
        parent_id: task?.id,
        name: 'task:export',
        kind: 'button',
        perms: 'task:export',
        sort: 9,
      },
    });
    expect(added.status).toBe(200);
    const moved = await world.server.call('POST', '/api/menu/edit', {
      token: world.s.admin,
      body: { id: added.body.data.id, parent_id: wayline?.id, sort: 0 },
    });
    expect(moved.status).toBe(200);
    const after = await world.server.call<MenuNode[]>('GET', '/api/menu/list', {
      token: world.s.admin,
    });
    const waylineButtons = after.body.data[2]?.children?.map((b) => b.perms);
    expect(waylineButtons?.[0]).toBe('task:export');
    const del = await world.server.call('POST', '/api/menu/del', {
      token: world.s.admin,
      body: { id: added.body.data.id },
    });
    expect(del.status).toBe(200);
    const gone = await world.server.call('POST', '/api/menu/del', {
      token: world.s.admin,
      body: { id: added.body.data.id },
    });
    expect(gone.status).toBe(404);
  });

  it('refuses to put a menu under itself', async () => {
    const tree = await world.server.call<MenuNode[]>('GET', '/api/menu/list', {
      token: world.s.admin,
    });
    const task = tree.body.data[1];
    const child = task?.children?.[0];
    const answer = await world.server.call('POST', '/api/menu/edit', {
      token: world.s.admin,
      body: { id: task?.id, parent_id: child?.id },
    });
    expect(answer.status).toBe(409);
  });

  it('validates menu writes and refuses roles without menu buttons', async () => {
    const noName = await world.server.call('POST', '/api/menu/add', {
      token: world.s.admin,
      body: { kind: 'menu' },
      lang: 'en',
    });
    expect(noName.status).toBe(400);
    expect(noName.body.msg).toBe('name: required');
    const badKind = await world.server.call('POST', '/api/menu/add', {
      token: world.s.admin,
      body: { name: 'x', kind: 'link' },
    });
    expect(badKind.body.msg).toMatch(/^kind: /);
    expect(
      (
        await world.server.call('POST', '/api/menu/add', {
          token: world.s.operator,
          body: { name: 'x' },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await world.server.call('POST', '/api/menu/edit', {
          token: world.s.viewer,
          body: { id: 1, name: 'x' },
        })
      ).status,
    ).toBe(403);
    expect((await world.server.call('POST', '/api/menu/del', { body: { id: 1 } })).status).toBe(
      401,
    );
  });
});
