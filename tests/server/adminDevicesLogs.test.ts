import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Device, Page } from '../../protocol/http.ts';
import type { Seeded } from './helpers/accounts.ts';
import { seeded } from './helpers/accounts.ts';
import { backends } from './helpers/backends.ts';
import { startServer } from './helpers/testServer.ts';
import type { TestServer } from './helpers/testServer.ts';

// The devices page searches by model: a model key picks the exact triple, other text the model name.
describe.each(backends)('the device list model filter on $name', (backend) => {
  let server: TestServer;
  let s: Seeded;
  const bind = (device_sn: string, type: number, model_name: string) => ({
    device_sn,
    domain: 0,
    type,
    sub_type: 0,
    model_name,
    workspace_id: s.home,
  });

  beforeAll(async () => {
    server = await startServer(backend);
    s = await seeded(server);
    for (const body of [bind('AIRM30', 67, 'Matrice 30'), bind('AIRM3D', 91, 'Matrice 3D')]) {
      const added = await server.call('POST', '/api/device/add', { token: s.admin, body });
      if (added.status !== 200) throw new Error(added.body.msg);
    }
  });
  afterAll(() => server.close());

  const serials = async (model: string) => {
    const answer = await server.call<Page<Device>>('GET', '/api/device/list', {
      token: s.admin,
      query: { all: 'true', model },
    });
    expect(answer.status).toBe(200);
    return answer.body.data.data.map((d) => d.device_sn).sort();
  };

  it('matches a model key exactly', async () => {
    expect(await serials('0-91-0')).toEqual(['AIRM3D']);
    expect(await serials('0-67-0')).toEqual(['AIRM30']);
    expect(await serials('3-2-0')).toEqual([]);
  });

  it('matches other text against the model name, ignoring case', async () => {
    expect(await serials('matrice 3')).toEqual(['AIRM30', 'AIRM3D']);
    expect(await serials('3d')).toEqual(['AIRM3D']);
  });

  it('ignores an empty model', async () => {
    expect(await serials('')).toEqual(expect.arrayContaining(['AIRM30', 'AIRM3D']));
  });
});
