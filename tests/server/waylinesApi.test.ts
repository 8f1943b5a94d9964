import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Envelope, Page } from '../../protocol/http.ts';
import { WAYLINE_API, type Wayline } from '../../protocol/waylines.ts';
import { fixtureKmz } from '../fixtures/wpml/kmz.ts';
import type { Seeded } from './helpers/accounts.ts';
import { seeded } from './helpers/accounts.ts';
import { backends } from './helpers/backends.ts';
import { startServer } from './helpers/testServer.ts';
import type { TestServer } from './helpers/testServer.ts';

const md5 = (bytes: Uint8Array) => createHash('md5').update(bytes).digest('hex');

describe.each(backends)('the wayline library on $name', (backend) => {
  let server: TestServer;
  let s: Seeded;
  const actions = fixtureKmz('waypoint-actions-1.0.6');

  /** Sends a KMZ the way the console does: raw bytes, name and project in the query. */
  async function upload(
    token: string,
    bytes: Uint8Array,
    query: { workspace_id?: number; name?: string },
    lang = 'zh-CN',
  ) {
    const url = new URL(WAYLINE_API.upload, server.url);
    for (const [k, v] of Object.entries(query)) url.searchParams.set(k, String(v));
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/octet-stream',
        'accept-language': lang,
      },
      body: bytes,
    });
    return { status: response.status, body: (await response.json()) as Envelope<Wayline> };
  }

  const list = async (token: string, query: Record<string, string | number | boolean> = {}) =>
    (await server.call<Page<Wayline>>('GET', WAYLINE_API.list, { token, query })).body.data;

  const auditRows = (action: string) =>
    server.handle.db.query<{ username: string; result: string; detail: string; target: string }>(
      `select username, result, detail, target from audit_logs where module = 'wayline' and action = $1 order by id`,
      [action],
    );

  beforeAll(async () => {
    server = await startServer(backend);
    s = await seeded(server);
  });
  afterAll(() => server.close());

  it('imports a KMZ, lists it with its facts and gives back the same bytes', async () => {
    const answer = await upload(s.operator, actions, {
      workspace_id: s.home,
      name: '北门巡检.kmz',
    });
    expect(answer.status).toBe(200);
    const w = answer.body.data;
    expect(w).toMatchObject({
      name: '北门巡检',
      workspace_id: s.home,
      md5: md5(actions),
      size_bytes: actions.length,
      drone_model_key: '0-67-1',
      payload_model_key: '1-53-0',
      template_type: 'waypoint',
      waypoint_count: 4,
      finish_action: 'goHome',
      height_mode: 'relativeToStartPoint',
      wpmz_version: '1.0.6',
      creator_name: 'operator',
      favorite: false,
    });
    expect(w.outline).toHaveLength(4);
    expect((await list(s.viewer, { workspace_id: s.home })).data.map((x) => x.id)).toContain(w.id);

    const file = await fetch(new URL(`${WAYLINE_API.download}?id=${w.id}`, server.url), {
      headers: { authorization: `Bearer ${s.viewer}` },
    });
    expect(file.status).toBe(200);
    expect(file.headers.get('etag')).toBe(`"${md5(actions)}"`);
    expect(file.headers.get('content-disposition')).toContain(encodeURIComponent('北门巡检.kmz'));
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(actions);
    expect((await auditRows('add')).at(-1)).toMatchObject({
      username: 'operator',
      result: 'success',
    });
  });

  it('searches by name, model, type, favourite, creator and date', async () => {
    const mapping = await upload(s.admin, fixtureKmz('mapping2d-1.0.6'), {
      workspace_id: s.home,
      name: '测绘区 A',
    });
    const old = await upload(s.admin, fixtureKmz('waypoint-1.0.2'), {
      workspace_id: s.home,
      name: 'Old route',
    });
    await server.call('POST', WAYLINE_API.favorite, {
      token: s.operator,
      body: { id: old.body.data.id, favorite: true },
    });
    const names = async (query: Record<string, string | number | boolean>) =>
      (await list(s.operator, { workspace_id: s.home, ...query })).data.map((w) => w.name).sort();
    expect(await names({ name: '测绘' })).toEqual(['测绘区 A']);
    expect(await names({ model: '0-60-0' })).toEqual(['Old route']);
    expect(await names({ template_type: 'mapping2d' })).toEqual(['测绘区 A']);
    expect(await names({ favorite: true })).toEqual(['Old route']);
    expect(await names({ creator: 'admin' })).toEqual(['Old route', '测绘区 A']);
    expect(await names({ from: '2000-01-01', to: '2000-12-31' })).toEqual([]);
    const page = await list(s.operator, { workspace_id: s.home, size: 2, current: 1 });
    expect(page).toMatchObject({ total: 3 });
    expect(page.data).toHaveLength(2);
    expect(mapping.body.data.length_m).toBeGreaterThan(500);
  });

  it('renames, duplicates and deletes, auditing each change', async () => {
    const first = await upload(s.operator, actions, { workspace_id: s.home, name: 'to-edit' });
    const id = first.body.data.id;
    const renamed = await server.call<Wayline>('POST', WAYLINE_API.rename, {
      token: s.operator,
      body: { id, name: '  南门巡检  ' },
    });
    expect(renamed.body.data.name).toBe('南门巡检');
    const copy = await server.call<Wayline>('POST', WAYLINE_API.duplicate, {
      token: s.operator,
      body: { id },
    });
    expect(copy.body.data).toMatchObject({ name: '南门巡检 (copy)', md5: md5(actions) });
    expect(copy.body.data.id).not.toBe(id);

    const del = await server.call('POST', WAYLINE_API.del, { token: s.operator, body: { id } });
    expect(del.status).toBe(200);
    const gone = await server.call('GET', WAYLINE_API.info, { token: s.operator, query: { id } });
    expect(gone.status).toBe(404);
    expect(gone.body.msg).toBe('航线文件不存在');
    // The copy has its own file: deleting the original leaves it downloadable.
    const file = await fetch(
      new URL(`${WAYLINE_API.download}?id=${copy.body.data.id}`, server.url),
      {
        headers: { authorization: `Bearer ${s.operator}` },
      },
    );
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(actions);
    expect(file.headers.get('content-disposition')).toBe(
      `attachment; filename="____ (copy).kmz"; filename*=UTF-8''${encodeURIComponent('南门巡检')}%20%28copy%29.kmz`,
    );
    expect((await auditRows('edit')).map((r) => r.detail)).toContainEqual(
      'rename "to-edit" → "南门巡检"',
    );
    expect((await auditRows('del')).at(-1)?.target).toBe(`${id} 南门巡检`);
  });

  it('refuses bad files with what is wrong and stores nothing', async () => {
    const before = (await list(s.admin)).total;
    const notZip = await upload(s.operator, new TextEncoder().encode('hello'), {
      workspace_id: s.home,
      name: 'x.kmz',
    });
    expect(notZip).toMatchObject({ status: 400, body: { code: 100, msg: '不是 KMZ（ZIP）文件' } });
    const broken = fixtureKmz('waypoint-1.0.2', (path, text) =>
      path.endsWith('.wpml')
        ? text.replace('<wpml:index>1</wpml:index>', '<wpml:index>1</index>')
        : text,
    );
    const xml = await upload(s.operator, broken, { workspace_id: s.home, name: 'x' }, 'en');
    expect(xml.status).toBe(400);
    expect(xml.body.msg).toMatch(/^XML error in wpmz\/waylines\.wpml at line \d+: /);
    // An unknown aircraft is kept (waylinesForeign.test.ts); coordinates off the globe are not.
    const offGlobe = fixtureKmz('waypoint-1.0.2', (path, text) =>
      path.endsWith('.wpml') ? text.replace('114.059,22.5431', '114.059,95.5431') : text,
    );
    const coordinates = await upload(
      s.operator,
      offGlobe,
      { workspace_id: s.home, name: 'x' },
      'en',
    );
    expect(coordinates.body.msg).toBe('waypoint 2: coordinates out of range: 114.059,95.5431');
    expect((await list(s.admin)).total).toBe(before);
    expect((await server.handle.deps.storage.list('waylines/')).length).toBe(before);
    expect((await auditRows('add')).filter((r) => r.result === 'failure')).toHaveLength(3);
  });

  it('refuses a zip that declares a huge uncompressed size, before inflating it', async () => {
    const forged = actions.slice();
    const view = new DataView(forged.buffer);
    for (let at = 0; at + 46 <= forged.length; at++)
      if (view.getUint32(at, true) === 0x02014b50) view.setUint32(at + 24, 0xfff00000, true);
    const answer = await upload(s.operator, forged, { workspace_id: s.home, name: 'bomb' }, 'en');
    expect(answer).toMatchObject({
      status: 400,
      body: { msg: 'refused: more than 128 MB once uncompressed' },
    });
  });

  it('answers 400 naming the field for bad input', async () => {
    const noName = await upload(s.operator, actions, { workspace_id: s.home });
    expect(noName.status).toBe(400);
    expect(noName.body.msg).toContain('name');
    const slash = await upload(s.operator, actions, { workspace_id: s.home, name: '../evil' });
    expect(slash.status).toBe(400);
    expect(slash.body.msg).toContain('name');
    const badId = await server.call('POST', WAYLINE_API.rename, {
      token: s.operator,
      body: { id: 'abc', name: 'x' },
    });
    expect(badId.status).toBe(400);
    expect(badId.body.msg).toContain('id');
    const badType = await server.call('GET', WAYLINE_API.list, {
      token: s.operator,
      query: { template_type: 'spiral' },
    });
    expect(badType.status).toBe(400);
    expect(badType.body.msg).toContain('template_type');
  });

  it('keeps viewers read-only and everyone inside their projects', async () => {
    const mine = await upload(s.admin, actions, { workspace_id: s.other, name: 'other project' });
    expect(mine.status).toBe(200);
    const viewerUpload = await upload(s.viewer, actions, { workspace_id: s.home, name: 'v' });
    expect(viewerUpload.status).toBe(403);
    for (const [path, body] of [
      [WAYLINE_API.rename, { id: mine.body.data.id, name: 'x' }],
      [WAYLINE_API.favorite, { id: mine.body.data.id, favorite: true }],
      [WAYLINE_API.duplicate, { id: mine.body.data.id }],
      [WAYLINE_API.del, { id: mine.body.data.id }],
    ] as const) {
      expect((await server.call('POST', path, { token: s.viewer, body })).status).toBe(403);
    }
    // The operator's scope is its own project: the other one's routes do not exist for it.
    expect((await list(s.operator)).data.map((w) => w.name)).not.toContain('other project');
    const info = await server.call('GET', WAYLINE_API.info, {
      token: s.operator,
      query: { id: mine.body.data.id },
    });
    expect(info.status).toBe(404);
    const into = await upload(s.operator, actions, { workspace_id: s.other, name: 'x' });
    expect(into.status).toBe(404);
    const del = await server.call('POST', WAYLINE_API.del, {
      token: s.operator,
      body: { id: mine.body.data.id },
    });
    expect(del.status).toBe(404);
  });

  it('refuses to delete a project that still holds waylines, saying how many', async () => {
    const project = await server.call<{ id: number }>('POST', '/api/workspace/add', {
      token: s.admin,
      body: { parent_id: s.org, name: '航线项目' },
    });
    const id = project.body.data.id;
    const stored = await upload(s.admin, actions, { workspace_id: id, name: 'kept' });
    expect(stored.status).toBe(200);
    const refused = await server.call('POST', '/api/workspace/del', {
      token: s.admin,
      body: { workspace_id: id },
      lang: 'en',
    });
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toBe('the workspace is not empty and cannot be deleted: 1 wayline(s)');
    const info = await server.call('GET', WAYLINE_API.info, {
      token: s.admin,
      query: { id: stored.body.data.id },
    });
    expect(info.status).toBe(200);
    // Once the wayline is gone the project goes too.
    await server.call('POST', WAYLINE_API.del, {
      token: s.admin,
      body: { id: stored.body.data.id },
    });
    const del = await server.call('POST', '/api/workspace/del', {
      token: s.admin,
      body: { workspace_id: id },
    });
    expect(del.status).toBe(200);
  });
});
