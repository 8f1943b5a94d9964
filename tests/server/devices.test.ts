import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Device, DeviceAdded, Page, RowsPage } from '../../protocol/http.ts';
import type { Seeded } from './helpers/accounts.ts';
import { seeded } from './helpers/accounts.ts';
import { backends } from './helpers/backends.ts';
import { startServer } from './helpers/testServer.ts';
import type { TestServer } from './helpers/testServer.ts';

describe.each(backends)('devices on $name', (backend) => {
  let server: TestServer;
  let s: Seeded;
  const dock = (sn: string, workspace_id: number) => ({
    device_sn: sn,
    name: `机场 ${sn}`,
    domain: 3,
    type: 2,
    sub_type: 0,
    model_name: 'Dock 2',
    workspace_id,
  });

  beforeAll(async () => {
    server = await startServer(backend);
    s = await seeded(server);
    for (const [sn, ws] of [
      ['DOCKHOME1', s.home],
      ['DOCKHOME2', s.home],
      ['DOCKOTHER', s.other],
    ] as const) {
      const added = await server.call('POST', '/api/device/add', {
        token: s.admin,
        body: dock(sn, ws),
      });
      if (added.status !== 200) throw new Error(added.body.msg);
    }
    // The broker marks devices online; here the database stands in for it.
    await server.handle.db.query(
      `update devices set online = true where device_sn in ('DOCKHOME1', 'DOCKOTHER')`,
    );
  });
  afterAll(() => server.close());

  it('adds a device, shows its secret once and stores only its hash', async () => {
    const added = await server.call<DeviceAdded>('POST', '/api/device/add', {
      token: s.operator,
      body: { ...dock('RCNEW001', s.home), domain: 2, type: 144, sub_type: 0, gateway_sn: null },
    });
    expect(added.status).toBe(200);
    expect(added.body.data).toMatchObject({
      device_sn: 'RCNEW001',
      model_key: '2-144-0',
      workspace_name: '深圳湾巡检',
    });
    expect(added.body.data.device_secret.length).toBeGreaterThanOrEqual(32);
    const info = await server.call<Record<string, unknown>>('GET', '/api/deviceinfo', {
      token: s.operator,
      query: { device_sn: 'RCNEW001' },
    });
    expect(info.body.data).not.toHaveProperty('device_secret');
    const [row] = await server.handle.db.query<{ secret_hash: string }>(
      `select secret_hash from devices where device_sn = 'RCNEW001'`,
    );
    expect(row?.secret_hash).toBe(
      createHash('sha256').update(added.body.data.device_secret).digest('hex'),
    );
  });

  it('refuses a duplicate serial number with 409, a viewer with 403, no token with 401', async () => {
    const dup = await server.call('POST', '/api/device/add', {
      token: s.admin,
      body: dock('DOCKHOME1', s.home),
    });
    expect(dup.status).toBe(409);
    expect(dup.body.msg).toBe('设备序列号 DOCKHOME1 无法登记，请核对序列号');
    expect(
      (await server.call('POST', '/api/device/add', { token: s.viewer, body: dock('V1', s.home) }))
        .status,
    ).toBe(403);
    expect(
      (await server.call('POST', '/api/device/add', { body: dock('V1', s.home) })).status,
    ).toBe(401);
  });

  it('names the bad field', async () => {
    const answer = await server.call('POST', '/api/device/add', {
      token: s.admin,
      body: { ...dock('X1', s.home), domain: 9 },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.msg).toMatch(/^domain: /);
    // The serial number becomes an MQTT topic level, so only letters and digits are accepted.
    const badSn = await server.call('POST', '/api/device/add', {
      token: s.admin,
      body: dock('DOCK/1', s.home),
    });
    expect(badSn.status).toBe(400);
    expect(badSn.body.msg).toMatch(/^device_sn: /);
    const list = await server.call('GET', '/api/device/list', {
      token: s.admin,
      query: { workspace_id: 'home' },
      lang: 'en',
    });
    expect(list.body.msg).toBe('workspace_id: invalid value');
  });

  it('lists everything in scope when the workspace is left empty, as the console does', async () => {
    const empty = await server.call<Page<Device>>('GET', '/api/device/list', {
      token: s.viewer,
      query: { workspace_id: '' },
    });
    expect(empty.body.data.data.map((d) => d.device_sn).sort()).toEqual([
      'DOCKHOME1',
      'DOCKHOME2',
      'RCNEW001',
    ]);
  });

  it("lists a workspace's devices paged, and everything in scope with all=true", async () => {
    const page = await server.call<Page<Device>>('GET', '/api/device/list', {
      token: s.admin,
      query: { workspace_id: s.home, current: 1, size: 1 },
    });
    expect(page.body.data.total).toBe(3);
    expect(page.body.data.data).toHaveLength(1);
    const all = await server.call<Page<Device>>('GET', '/api/device/list', {
      token: s.admin,
      query: { all: true, size: 100 },
    });
    expect(all.body.data.data.map((d) => d.device_sn).sort()).toEqual([
      'DOCKHOME1',
      'DOCKHOME2',
      'DOCKOTHER',
      'RCNEW001',
    ]);
    const online = await server.call<Page<Device>>('GET', '/api/device/list', {
      token: s.admin,
      query: { all: true, online: true, domain: 3 },
    });
    expect(online.body.data.data.map((d) => d.device_sn).sort()).toEqual([
      'DOCKHOME1',
      'DOCKOTHER',
    ]);
  });

  it("never shows another workspace's devices", async () => {
    const all = await server.call<Page<Device>>('GET', '/api/device/list', {
      token: s.viewer,
      query: { all: true },
    });
    expect(all.body.data.data.map((d) => d.device_sn)).not.toContain('DOCKOTHER');
    const info = await server.call('GET', '/api/deviceinfo', {
      token: s.viewer,
      query: { device_sn: 'DOCKOTHER' },
    });
    expect(info.status).toBe(404);
    expect(info.body.data).toBeNull();
    const list = await server.call('GET', '/api/device/list', {
      token: s.viewer,
      query: { workspace_id: s.other },
    });
    expect(list.status).toBe(404);
    const edit = await server.call('POST', '/api/device/edit', {
      token: s.operator,
      body: { device_sn: 'DOCKOTHER', name: 'mine' },
    });
    expect(edit.status).toBe(404);
    const accounts = await server.call<RowsPage<Device>>('GET', '/api/device/accountList', {
      token: s.viewer,
      query: { pageIndex: 1, pageSize: 100 },
    });
    expect(accounts.body.data.rows.map((d) => d.device_sn)).not.toContain('DOCKOTHER');
    expect(accounts.body.data.total).toBe(accounts.body.data.rows.length);
    const elsewhere = await server.call('GET', '/api/device/accountList', {
      token: s.viewer,
      query: { workspace_id: s.other },
    });
    expect(elsewhere.status).toBe(404);
  });

  it("lists only the asked workspace's devices in the account list", async () => {
    const home = await server.call<RowsPage<Device>>('GET', '/api/device/accountList', {
      token: s.admin,
      query: { workspace_id: s.home, pageIndex: 1, pageSize: 100 },
    });
    expect(home.status).toBe(200);
    const sns = home.body.data.rows.map((d) => d.device_sn);
    expect(sns).toContain('DOCKHOME1');
    expect(sns).not.toContain('DOCKOTHER');
    expect(home.body.data.total).toBe(sns.length);
    const bad = await server.call('GET', '/api/device/accountList', {
      token: s.admin,
      query: { workspace_id: 'x' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toContain('workspace_id');
  });

  it('answers the online devices among the given serial numbers', async () => {
    const sns = JSON.stringify(['DOCKHOME1', 'DOCKHOME2', 'DOCKOTHER', 'NOPE']);
    const answer = await server.call<Device[]>('GET', '/api/device/onlineList', {
      token: s.viewer,
      query: { sns },
    });
    expect(answer.body.data.map((d) => d.device_sn)).toEqual(['DOCKHOME1']);
    const bad = await server.call('GET', '/api/device/onlineList', {
      token: s.viewer,
      query: { sns: 'DOCK-1' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toMatch(/^sns: /);
    expect((await server.call('GET', '/api/device/onlineList', { query: { sns } })).status).toBe(
      401,
    );
  });

  it('edits and deletes a device within scope, refusing the viewer', async () => {
    const edited = await server.call<Device>('POST', '/api/device/edit', {
      token: s.operator,
      body: { device_sn: 'DOCKHOME2', name: '二号机场' },
    });
    expect(edited.body.data.name).toBe('二号机场');
    expect(
      (
        await server.call('POST', '/api/device/del', {
          token: s.viewer,
          body: { device_sn: 'DOCKHOME2' },
        })
      ).status,
    ).toBe(403);
    const moved = await server.call('POST', '/api/device/edit', {
      token: s.operator,
      body: { device_sn: 'DOCKHOME2', workspace_id: s.other },
    });
    expect(moved.status).toBe(404);
    const del = await server.call('POST', '/api/device/del', {
      token: s.operator,
      body: { device_sn: 'DOCKHOME2', workspace_id: s.home },
    });
    expect(del.status).toBe(200);
    expect(
      (
        await server.call('GET', '/api/deviceinfo', {
          token: s.operator,
          query: { device_sn: 'DOCKHOME2' },
        })
      ).status,
    ).toBe(404);
  });
});
