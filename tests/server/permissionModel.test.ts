import { describe, expect, it } from 'vitest';
import type { Device, Page, UserInfo } from '../../protocol/http.ts';
import { roleHasPermission, subtreeDeviceSns } from '../../server/mqtt/authQueries.ts';
import { backends } from './helpers/backends.ts';
import { customUser, menuIdsFor } from './helpers/customUser.ts';
import { useSeededServer } from './helpers/seededServer.ts';

describe.each(backends)('one permission model for the API and the broker on $name', (backend) => {
  const world = useSeededServer(backend);

  it('splits a button’s codes on commas and ignores the spaces around them, on both paths', async () => {
    const user = await customUser(world.server, world.s.admin, world.s.home, [
      'device',
      'device:edit',
    ]);
    const [buttonId] = await menuIdsFor(world.server, world.s.admin, ['device:edit']);
    // The API refuses such perms text, but older data or a hand edit may hold it.
    await world.server.handle.db.query('update menus set perms = $2 where id = $1', [
      buttonId,
      ' device:edit , device:del,,device:control ',
    ]);
    const db = world.server.handle.db;
    for (const code of ['device:edit', 'device:del', 'device:control'])
      expect(await roleHasPermission(db, user.roleId, code), code).toBe(true);
    expect(await roleHasPermission(db, user.roleId, 'device:add')).toBe(false);
    expect(await roleHasPermission(db, user.roleId, ' device:del')).toBe(false);

    const me = await world.server.call<UserInfo>('GET', '/api/userinfo', {
      token: user.token,
      query: { id: user.userId },
    });
    expect(me.body.data.permissions).toEqual(['device:control', 'device:del', 'device:edit']);
    // `device:del` reaches the route (404: no such device), `device:add` does not (403).
    const del = await world.server.call('POST', '/api/device/del', {
      token: user.token,
      body: { device_sn: 'NOSUCH1' },
    });
    const add = await world.server.call('POST', '/api/device/add', {
      token: user.token,
      body: { device_sn: 'NEW1', domain: 0, type: 1, sub_type: 0, workspace_id: world.s.home },
    });
    expect([del.status, add.status]).toEqual([404, 403]);
  });

  it('gives the broker and the API the same workspace subtree', async () => {
    for (const [sn, workspace] of [
      ['PMHOME1', world.s.home],
      ['PMOTHER1', world.s.other],
    ] as const)
      await world.server.call('POST', '/api/device/add', {
        token: world.s.admin,
        body: { device_sn: sn, domain: 3, type: 1, sub_type: 0, workspace_id: workspace },
      });
    const listed = await world.server.call<Page<Device>>('GET', '/api/device/list', {
      token: world.s.operator,
      query: { size: 1000 },
    });
    const broker = await subtreeDeviceSns(world.server.handle.db, world.s.home);
    expect(new Set(listed.body.data.data.map((d) => d.device_sn))).toEqual(broker);
    expect(broker.has('PMHOME1')).toBe(true);
    expect(broker.has('PMOTHER1')).toBe(false);
    expect((await subtreeDeviceSns(world.server.handle.db, world.s.org)).has('PMOTHER1')).toBe(
      true,
    );
  });
});
