import { beforeAll, describe, expect, it } from 'vitest';
import type { Device } from '../../protocol/http.ts';
import { backends } from './helpers/backends.ts';
import { useSeededServer } from './helpers/seededServer.ts';

describe.each(backends)('device info takes the device list’s params on $name', (backend) => {
  const world = useSeededServer(backend);
  beforeAll(async () => {
    const { server, s } = world;
    for (const [sn, workspace] of [
      ['INFOHOME1', s.home],
      ['INFOHOME2', s.home],
      ['INFOOTHER1', s.other],
    ] as const)
      await server.call('POST', '/api/device/add', {
        token: s.admin,
        body: { device_sn: sn, domain: 3, type: 1, sub_type: 0, workspace_id: workspace },
      });
  });

  const info = <T>(token: string, query: Record<string, string | number | boolean>) =>
    world.server.call<T>('GET', '/api/deviceinfo', { token, query });
  const sns = (devices: Device[]) => devices.map((d) => d.device_sn).sort();

  it('answers the devices of the current workspace, or of every workspace with the flag', async () => {
    const home = await info<Device[]>(world.s.admin, { workspace_id: world.s.home });
    expect(home.status).toBe(200);
    expect(sns(home.body.data)).toEqual(['INFOHOME1', 'INFOHOME2']);
    const all = await info<Device[]>(world.s.admin, { workspace_id: '', all: true });
    expect(sns(all.body.data)).toEqual(['INFOHOME1', 'INFOHOME2', 'INFOOTHER1']);
    const scoped = await info<Device[]>(world.s.operator, { all: true });
    expect(sns(scoped.body.data)).toEqual(['INFOHOME1', 'INFOHOME2']);
    expect((await info(world.s.operator, { workspace_id: world.s.other })).status).toBe(404);
  });

  it('still answers one device by serial number, checked against the workspace when given', async () => {
    const one = await info<Device>(world.s.admin, { device_sn: 'INFOHOME1' });
    expect(one.body.data.device_sn).toBe('INFOHOME1');
    const both = await info<Device>(world.s.admin, {
      device_sn: 'INFOHOME1',
      workspace_id: world.s.home,
    });
    expect(both.body.data.workspace_id).toBe(world.s.home);
    expect(
      (await info(world.s.admin, { device_sn: 'INFOHOME1', workspace_id: world.s.other })).status,
    ).toBe(404);
    expect((await info(world.s.operator, { device_sn: 'INFOOTHER1' })).status).toBe(404);
  });
});
