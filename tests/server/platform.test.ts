import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SkydeckExtension } from '../../server/app.ts';
import { migrate } from '../../server/db/migrate.ts';
import { seedIfEmpty } from '../../server/db/seed.ts';
import { backends } from './helpers/backends.ts';
import { startServer } from './helpers/testServer.ts';
import type { TestServer } from './helpers/testServer.ts';

describe.each(backends)('envelope, limits, docs and console on $name', (backend) => {
  let server: TestServer;
  let dist: string;
  beforeAll(async () => {
    dist = await mkdtemp(join(tmpdir(), 'skydeck-dist-'));
    await mkdir(join(dist, 'assets'));
    await writeFile(join(dist, 'index.html'), '<!doctype html><title>Skydeck console</title>');
    await writeFile(join(dist, 'assets', 'app.js'), 'console.log(1)');
    server = await startServer(backend, { distDir: dist });
  });
  afterAll(async () => {
    await server.close();
    await rm(dist, { recursive: true, force: true });
  });

  it('answers unknown API paths with a 404 envelope', async () => {
    const get = await server.call('GET', '/api/no/such/thing');
    expect(get.status).toBe(404);
    expect(get.body).toEqual({ code: 100, data: null, msg: '接口不存在' });
    const post = await server.call('POST', '/api/nothing', { body: {}, lang: 'en' });
    expect(post.body.msg).toBe('no such API route');
  });

  it('refuses bodies over 1 MiB with 413 and malformed JSON with 400', async () => {
    const big = await server.call('POST', '/api/login', {
      body: { username: 'x'.repeat(1_100_000), password: 'y' },
    });
    expect(big.status).toBe(413);
    expect(big.body).toMatchObject({ code: 100, msg: '请求内容过大' });
    const response = await fetch(new URL('/api/login', server.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"username":',
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { code: number }).code).toBe(100);
  });

  it('describes the API as OpenAPI from the same schemas, with Swagger UI at /api/docs', async () => {
    const spec = (await (await fetch(new URL('/api/docs/json', server.url))).json()) as {
      paths: Record<
        string,
        Record<string, { requestBody?: unknown; parameters?: { name: string }[] }>
      >;
    };
    expect(Object.keys(spec.paths)).toEqual(
      expect.arrayContaining(['/api/login', '/api/device/list', '/api/user/add']),
    );
    expect(JSON.stringify(spec.paths['/api/login']?.post?.requestBody)).toContain('username');
    expect(spec.paths['/api/device/list']?.get?.parameters?.map((p) => p.name)).toContain(
      'workspace_id',
    );
    const ui = await fetch(new URL('/api/docs/', server.url));
    expect(ui.status).toBe(200);
    expect(await ui.text()).toContain('<html');
  });

  it('serves the console and falls back to index.html for client routes', async () => {
    for (const path of ['/', '/device', '/error/403', '/taskInfo/12']) {
      const page = await fetch(new URL(path, server.url));
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('Skydeck console');
    }
    expect(await (await fetch(new URL('/assets/app.js', server.url))).text()).toBe(
      'console.log(1)',
    );
    expect((await fetch(new URL('/assets/missing.js', server.url))).status).toBe(404);
  });

  it('applies migrations once and seeds only an empty database', async () => {
    expect(await migrate(server.handle.db)).toEqual([]);
    expect(await seedIfEmpty(server.handle.db, 'another1')).toBeNull();
    const users = await server.handle.db.query<{ n: number }>(
      'select count(*)::int as n from users',
    );
    expect(users[0]?.n).toBe(3);
  });
});

describe.each(backends)('unexpected errors on $name', (backend) => {
  const boom: SkydeckExtension = async (app) => {
    app.get('/api/test/boom', { config: { access: 'public' } }, () => {
      throw new Error('secret internal detail');
    });
    app.get('/api/test/undeclared', () => 'open');
    await Promise.resolve();
  };
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(backend, { extensions: [boom] });
  });
  afterAll(() => server.close());

  it('refuses a route that forgot to declare who may call it', async () => {
    const answer = await server.call('GET', '/api/test/undeclared');
    expect(answer.status).toBe(403);
    expect(answer.body.code).toBe(100);
  });

  it('answers 500 with a generic message and no details', async () => {
    const zh = await server.call('GET', '/api/test/boom');
    expect(zh.status).toBe(500);
    expect(zh.body).toEqual({ code: 100, data: null, msg: '服务器错误' });
    const en = await server.call('GET', '/api/test/boom', { lang: 'en' });
    expect(en.body.msg).toBe('server error');
  });
});
