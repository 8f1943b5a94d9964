import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MenuNode, UserInfo } from '../../protocol/http.ts';
import type { Seeded } from './helpers/accounts.ts';
import { seeded } from './helpers/accounts.ts';
import { backends } from './helpers/backends.ts';
import { customUser, menuIdsFor } from './helpers/customUser.ts';
import { startServer } from './helpers/testServer.ts';
import type { TestServer } from './helpers/testServer.ts';

const MENU_PAGE = ['meunan', 'menu:add', 'menu:edit', 'menu:del'];

describe.each(backends)(
  'menus are changed only by organisation administrators on $name',
  (backend) => {
    let server: TestServer;
    let s: Seeded;
    let menuAddId: number;
    beforeAll(async () => {
      server = await startServer(backend);
      s = await seeded(server);
      [menuAddId = 0] = await menuIdsFor(server, s.admin, ['menu:add']);
    });
    afterAll(() => server.close());

    const perms = async () => {
      const tree = await server.call<MenuNode[]>('GET', '/api/menu/list', { token: s.admin });
      return tree.body.data.flatMap((m) => m.children ?? []).find((b) => b.id === menuAddId)?.perms;
    };

    it('refuses a project user with the menu page any menu change, storing nothing', async () => {
      const project = await customUser(server, s.admin, s.home, MENU_PAGE);
      const relabel = await server.call('POST', '/api/menu/edit', {
        token: project.token,
        body: { id: menuAddId, perms: 'user:add' },
      });
      expect(relabel.status).toBe(403);
      expect(await perms()).toBe('menu:add');
      const add = await server.call('POST', '/api/menu/add', {
        token: project.token,
        body: { name: 'sneaky', kind: 'menu' },
      });
      const del = await server.call('POST', '/api/menu/del', {
        token: project.token,
        body: { id: menuAddId },
      });
      expect([add.status, del.status]).toEqual([403, 403]);
      const me = await server.call<UserInfo>('GET', '/api/userinfo', {
        token: project.token,
        query: { id: project.userId },
      });
      expect(me.body.data.permissions).not.toContain('user:add');
    });

    it('lets an organisation user edit menus but never into a code they do not hold', async () => {
      const org = await customUser(server, s.admin, s.org, MENU_PAGE);
      const relabel = await server.call('POST', '/api/menu/edit', {
        token: org.token,
        body: { id: menuAddId, perms: 'user:add' },
      });
      expect(relabel.status).toBe(403);
      expect(await perms()).toBe('menu:add');
      const rename = await server.call('POST', '/api/menu/add', {
        token: org.token,
        body: { name: 'users', kind: 'menu' },
      });
      expect(rename.status).toBe(403);
      const harmless = await server.call('POST', '/api/menu/edit', {
        token: org.token,
        body: { id: menuAddId, sort: 7 },
      });
      expect(harmless.status).toBe(200);
      const own = await server.call('POST', '/api/menu/edit', {
        token: org.token,
        body: { id: menuAddId, perms: 'menu:edit' },
      });
      expect(own.status).toBe(200);
      expect(await perms()).toBe('menu:edit');
    });
  },
);
