import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginResult, WorkspaceNode } from '../../protocol/http.ts';
import { createSkydeck } from '../../server/app.ts';
import type { SkydeckHandle } from '../../server/app.ts';
import { testConfig } from './helpers/testServer.ts';

async function post(
  handle: SkydeckHandle,
  path: string,
  body: unknown,
  token?: string,
): Promise<{ code: number; data: unknown }> {
  const response = await fetch(new URL(path, handle.url), {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  return (await response.json()) as { code: number; data: unknown };
}

describe('PGlite on disk under DATA_DIR', () => {
  let dataDir: string;
  const start = () =>
    createSkydeck(testConfig({ dataDir, adminPassword: undefined }), {
      distDir: '/nonexistent-skydeck-dist',
    });
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'skydeck-data-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('generates one 12-character password per demo account on first start and keeps data across a restart', async () => {
    const first = await start();
    expect(first.seeded?.generated).toBe(true);
    expect(first.passwordFile).toBe(join(dataDir, 'initial-admin-password'));
    const file = await readFile(join(dataDir, 'initial-admin-password'), 'utf8');
    const accounts = file
      .split('\n')
      .filter((line) => line && !line.startsWith('#'))
      .map((line) => line.split('\t'));
    expect(accounts.map((a) => a[0])).toEqual(['admin', 'operator', 'viewer']);
    const passwords = accounts.map((a) => a[1] ?? '');
    expect(passwords.every((p) => p.length === 12)).toBe(true);
    expect(new Set(passwords).size).toBe(3);

    const login = (await post(first, '/api/login', {
      username: 'admin',
      password: passwords[0],
    })) as { code: number; data: LoginResult };
    expect(login.code).toBe(200);
    const { token } = login.data;
    const added = (await post(
      first,
      '/api/workspace/add',
      { parent_id: 1, name: '持久化测试' },
      token,
    )) as { code: number; data: WorkspaceNode };
    expect(added.code).toBe(200);
    await first.close();

    const second = await start();
    try {
      expect(second.seeded).toBeNull();
      // The token secret is kept in DATA_DIR too, so the token from before the restart still works.
      const info = await fetch(
        new URL(`/api/workspaceInfo?workspace_id=${added.data.id}`, second.url),
        {
          headers: { authorization: `Bearer ${token}` },
        },
      );
      expect(((await info.json()) as { data: WorkspaceNode }).data.name).toBe('持久化测试');
    } finally {
      await second.close();
    }
  });
});

const pgUrl = process.env.TEST_DATABASE_URL;

describe.runIf(pgUrl !== undefined)('PostgreSQL through DATABASE_URL', () => {
  it('migrates, seeds once and keeps data across a restart', async () => {
    const { backends } = await import('./helpers/backends.ts');
    const postgres = backends.find((b) => b.name === 'postgres');
    const opened = await postgres?.open();
    if (!opened?.url) throw new Error('no PostgreSQL back end');
    // Only the URL is wanted: the server opens its own pool from DATABASE_URL.
    await opened.db.close();
    const dataDir = await mkdtemp(join(tmpdir(), 'skydeck-pg-'));
    const start = () =>
      createSkydeck(testConfig({ dataDir, databaseUrl: opened.url }), {
        distDir: '/nonexistent-skydeck-dist',
      });
    try {
      const first = await start();
      expect(first.db.kind).toBe('postgres');
      expect(first.seeded?.generated).toBe(false);
      await first.db.query(`update workspaces set description = 'kept' where id = 1`);
      await first.close();
      const second = await start();
      expect(second.seeded).toBeNull();
      const rows = await second.db.query<{ description: string }>(
        'select description from workspaces where id = 1',
      );
      expect(rows[0]?.description).toBe('kept');
      await second.close();
    } finally {
      await opened.dispose();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
