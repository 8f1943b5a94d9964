import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSkydeck } from '../../server/app.ts';
import type { SkydeckHandle } from '../../server/app.ts';
import { backup, BackupError, restore } from '../../server/ops/backup.ts';
import { realtimeExtension } from '../../server/realtime.ts';
import { serverBuildStale } from '../../server/buildServer.mjs';
import { testConfig } from './helpers/testServer.ts';

const PHOTO = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4, 0xff, 0xd9]);
const PHOTO_KEY = 'media/DOCK-BACKUP/photo.jpg';

let root: string;

/**
 * A server on a real data folder, as `npm start` runs one (PGlite on disk, files on disk); with
 * `fleet`, its broker, ingestion and two simulated aircraft too, so tables fill as in use.
 */
function start(dataDir: string, fleet = false): Promise<SkydeckHandle> {
  if (!fleet) return createSkydeck(testConfig({ dataDir, simDrones: 0 }));
  return createSkydeck(testConfig({ dataDir, simDrones: 2, mqttTcpPort: 0 }), {
    extensions: [realtimeExtension],
  });
}

async function projectNames(handle: SkydeckHandle): Promise<string[]> {
  const rows = await handle.db.query<{ name: string }>('select name from workspaces order by id');
  return rows.map((r) => r.name);
}

/** Every table of the database: its row count and a digest of all its rows. */
async function tableDigests(handle: SkydeckHandle): Promise<Record<string, string>> {
  const tables = await handle.db.query<{ name: string }>(
    `select table_name as name from information_schema.tables
     where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const digests: Record<string, string> = {};
  for (const { name } of tables) {
    const [row] = await handle.db.query<{ n: number; digest: string | null }>(
      `select count(*)::int as n, md5(string_agg(t::text, '|' order by t::text)) as digest
       from "${name}" t`,
    );
    digests[name] = `${String(row?.n ?? 0)} rows ${row?.digest ?? '-'}`;
  }
  return digests;
}

/** The table digests of the installation in `dataDir`, read with its server stopped again. */
async function digestsOf(dataDir: string): Promise<Record<string, string>> {
  const handle = await start(dataDir);
  try {
    return await tableDigests(handle);
  } finally {
    await handle.close();
  }
}

/** Every file under `dataDir` but the database's own folder and the pid mark: path → SHA-256. */
async function fileDigests(dataDir: string): Promise<Record<string, string>> {
  const digests: Record<string, string> = {};
  for (const entry of await readdir(dataDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = relative(dataDir, join(entry.parentPath, entry.name));
    if (path.startsWith('db/') || path === 'skydeck.pid') continue;
    digests[path] = createHash('sha256')
      .update(await readFile(join(dataDir, path)))
      .digest('hex');
  }
  return digests;
}

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/**
 * `npm run backup`/`restore` run the compiled command, compiling first when the build is stale: run
 * here only on a fresh build (`npm test` builds first), so no test rebuilds beside another that runs it.
 */
const built = !serverBuildStale();
if (!built)
  console.warn('[skydeck] skipped: the backup command test (build/ is stale; run npm run build).');

/** `npm run <command> -- ...args` with `DATA_DIR`, as an operator runs it, until it exits. */
async function npmRun(command: 'backup' | 'restore', args: string[], dataDir: string) {
  const child = spawn(process.execPath, ['server/backupCli.mjs', command, ...args], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, output };
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'skydeck-backup-test-'));
});
afterAll(() => rm(root, { recursive: true, force: true }));

describe('backup and restore of an embedded installation', () => {
  it('restores every row and file into a fresh DATA_DIR', async () => {
    const source = join(root, 'source');
    const server = await start(source, true);
    // The fleet has flown a little: devices, their track, events and presence are stored.
    await expect
      .poll(
        async () =>
          (await server.db.query<{ n: number }>('select count(*)::int as n from device_tracks'))[0]
            ?.n,
        { timeout: 60_000 },
      )
      .toBeGreaterThan(0);
    await server.db.query(`insert into workspaces (name, mold_id) values ('备份测试项目', 2)`);
    await server.deps.storage.put(PHOTO_KEY, PHOTO, 'image/jpeg');
    const before = await projectNames(server);
    const out = join(root, 'skydeck.zip');
    // A live server holds the folder: the backup refuses rather than copy a database mid-write.
    await expect(
      backup({ dataDir: source, out, force: false, embeddedDatabase: true }),
    ).rejects.toThrow(/running on/);
    await server.close();
    // What the stopped installation holds, read from it as the backup will find it.
    const rowsBefore = await digestsOf(source);
    const filesBefore = await fileDigests(source);

    const manifest = await backup({ dataDir: source, out, force: false, embeddedDatabase: true });
    expect(manifest).toMatchObject({ database: true });
    expect(manifest.files).toBeGreaterThan(1);
    await expect(
      backup({ dataDir: source, out, force: false, embeddedDatabase: true }),
    ).rejects.toThrow(/--force/);

    const target = join(root, 'restored');
    await restore({ file: out, dataDir: target, force: false });
    // Every file came back, byte for byte, and nothing else.
    expect(await fileDigests(target)).toEqual(filesBefore);
    expect(Object.keys(filesBefore).some((path) => path.endsWith(PHOTO_KEY))).toBe(true);
    const restored = await start(target);
    try {
      // Every row of every table came back.
      expect(await tableDigests(restored)).toEqual(rowsBefore);
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

  it.skipIf(!built)(
    'runs as npm run backup / restore, refusing to overwrite without --force',
    async () => {
      const source = join(root, 'cli-source');
      const rowsBefore = await digestsOf(source);
      const out = join(root, 'cli.zip');
      const made = await npmRun('backup', ['--out', out], source);
      expect(made.code, made.output).toBe(0);
      expect(made.output).toMatch(/Backed up .* database and \d+ files/);
      const again = await npmRun('backup', ['--out', out], source);
      expect(again).toMatchObject({ code: 1 });
      expect(again.output).toContain('add --force to overwrite it');
      expect((await npmRun('backup', ['--out', out, '--force'], source)).code).toBe(0);

      const target = join(root, 'cli-target');
      const restored = await npmRun('restore', [out], target);
      expect(restored.code, restored.output).toBe(0);
      expect(restored.output).toContain(`into ${target}`);
      const over = await npmRun('restore', [out], target);
      expect(over).toMatchObject({ code: 1 });
      expect(over.output).toContain('is not empty: restore into an empty DATA_DIR or add --force');
      // --force replaces the folder: what was there besides the backup is gone.
      await writeFile(join(target, 'stray.txt'), 'not in the backup');
      expect((await npmRun('restore', [out, '--force'], target)).code).toBe(0);
      expect(existsSync(join(target, 'stray.txt'))).toBe(false);
      expect(await digestsOf(target)).toEqual(rowsBefore);
      // Without a file it says how to call it.
      const usage = await npmRun('restore', [], target);
      expect(usage).toMatchObject({ code: 2 });
      expect(usage.output).toContain('usage: npm run backup -- --out FILE [--force]');
    },
  );

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
