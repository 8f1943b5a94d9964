import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSkydeck } from '../../server/app.ts';
import type { SkydeckHandle } from '../../server/app.ts';
import { backup, BackupError, restore } from '../../server/ops/backup.ts';
import { testConfig } from './helpers/testServer.ts';

const PHOTO = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4, 0xff, 0xd9]);
const PHOTO_KEY = 'media/DOCK-BACKUP/photo.jpg';

let root: string;

/** A server on a real data folder, as `npm start` runs one (PGlite on disk, files on disk). */
function start(dataDir: string): Promise<SkydeckHandle> {
  return createSkydeck(testConfig({ dataDir }));
}

async function projectNames(handle: SkydeckHandle): Promise<string[]> {
  const rows = await handle.db.query<{ name: string }>('select name from workspaces order by id');
  return rows.map((r) => r.name);
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'skydeck-backup-test-'));
});
afterAll(() => rm(root, { recursive: true, force: true }));

describe('backup and restore of an embedded installation', () => {
  it('restores every row and file into a fresh DATA_DIR', async () => {
    const source = join(root, 'source');
    const server = await start(source);
    await server.db.query(`insert into workspaces (name, mold_id) values ('备份测试项目', 2)`);
    await server.deps.storage.put(PHOTO_KEY, PHOTO, 'image/jpeg');
    const before = await projectNames(server);
    const out = join(root, 'skydeck.zip');
    // A live server holds the folder: the backup refuses rather than copy a database mid-write.
    await expect(
      backup({ dataDir: source, out, force: false, embeddedDatabase: true }),
    ).rejects.toThrow(/running on/);
    await server.close();

    const manifest = await backup({ dataDir: source, out, force: false, embeddedDatabase: true });
    expect(manifest).toMatchObject({ database: true });
    expect(manifest.files).toBeGreaterThan(1);
    await expect(
      backup({ dataDir: source, out, force: false, embeddedDatabase: true }),
    ).rejects.toThrow(/--force/);

    const target = join(root, 'restored');
    await restore({ file: out, dataDir: target, force: false });
    const restored = await start(target);
    try {
      expect(await projectNames(restored)).toEqual(before);
      expect(before).toContain('备份测试项目');
      const photo = await restored.deps.storage.get(PHOTO_KEY);
      expect(photo?.body).toEqual(PHOTO);
      // The token secret came along: a token signed before the backup still verifies.
      expect(await readFile(join(target, 'token-secret'), 'utf8')).toBe(
        await readFile(join(source, 'token-secret'), 'utf8'),
      );
    } finally {
      await restored.close();
    }
    await expect(restore({ file: out, dataDir: target, force: false })).rejects.toThrow(
      /not empty/,
    );
  });

  it('refuses an archive that names a path outside DATA_DIR, writing nothing', async () => {
    const evil = join(root, 'evil.zip');
    await writeFile(
      evil,
      zipSync({
        'skydeck-backup.json': strToU8(
          JSON.stringify({ format: 'skydeck-backup', version: 1, database: false, files: 1 }),
        ),
        'files/../../escaped.txt': strToU8('outside'),
      }),
    );
    const target = join(root, 'evil-target');
    const error = await restore({ file: evil, dataDir: target, force: false }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(BackupError);
    expect(String(error)).toContain('outside DATA_DIR');
    expect(existsSync(join(root, 'escaped.txt'))).toBe(false);
    expect(existsSync(target)).toBe(false);
  });

  it('refuses a file that is not a backup', async () => {
    const other = join(root, 'other.zip');
    await writeFile(other, zipSync({ 'readme.txt': strToU8('hello') }));
    await expect(
      restore({ file: other, dataDir: join(root, 'other-target'), force: false }),
    ).rejects.toThrow(/outside DATA_DIR|not a Skydeck backup/);
  });
});
