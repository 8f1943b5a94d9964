/**
 * Backup and restore of an embedded installation: the PGlite database and every file under
 * `DATA_DIR` (stored media, route files, models, the token secret) in one zip, streamed so that no
 * file is held in memory whole. The database part is PGlite's own data-directory dump, so a restore
 * opens exactly the cluster that was saved. With `DATABASE_URL` (PostgreSQL) the database is backed
 * up with `pg_dump` and only the files come here; with S3 the bucket's own versioning keeps the
 * media (README, operations).
 */
import { createReadStream, createWriteStream, mkdirSync, openAsBlob } from 'node:fs';
import type { WriteStream } from 'node:fs';
import { once } from 'node:events';
import { mkdir, mkdtemp, readdir, rename, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Unzip, UnzipInflate, Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import { runningServer } from './serverLock.ts';

/** The archive's own description, first entry of every backup. */
export interface BackupManifest {
  format: 'skydeck-backup';
  version: 1;
  createdAt: string;
  /** Whether `database.tar` holds the embedded database (false with PostgreSQL). */
  database: boolean;
  files: number;
}

const MANIFEST = 'skydeck-backup.json';
const DATABASE_ENTRY = 'database.tar';
const FILES_PREFIX = 'files/';
/** Where PGlite keeps its cluster inside `DATA_DIR`; backed up through its dump, not as files. */
const DB_FOLDER = 'db';
/** Left out: the pid file of a server (none runs during a backup) and temporary files. */
const SKIPPED = new Set(['skydeck.pid']);

/** A backup or restore refused before it changed anything; the message says what to do. */
export class BackupError extends Error {
  override name = 'BackupError';
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}

async function refuseWhileRunning(dataDir: string): Promise<void> {
  const pid = await runningServer(dataDir);
  if (pid !== null)
    throw new BackupError(
      `Skydeck (pid ${String(pid)}) is running on ${dataDir}: stop it first (the embedded database has one writer)`,
    );
}

/** Every file under `dir`, relative and with `/` separators, skipping the database folder. */
async function filesUnder(dir: string, base = dir): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const found: string[] = [];
  for (const entry of entries) {
    const path = join(dir, entry.name);
    const rel = relative(base, path).split(sep).join('/');
    if (rel === DB_FOLDER || SKIPPED.has(rel) || entry.name.startsWith('.write-test-')) continue;
    if (entry.isDirectory()) found.push(...(await filesUnder(path, base)));
    else if (entry.isFile()) found.push(rel);
  }
  return found.sort();
}

/** Streams `source` into the zip entry `file`, resolving when it has all been pushed. */
async function pushFile(file: ZipPassThrough | ZipDeflate, source: string): Promise<void> {
  let previous: Buffer | null = null;
  for await (const chunk of createReadStream(source)) {
    if (previous) file.push(previous);
    previous = chunk as Buffer;
  }
  file.push(previous ?? new Uint8Array(0), true);
}

function writerFor(out: WriteStream): { zip: Zip; done: Promise<void> } {
  let finish!: () => void;
  let fail!: (error: Error) => void;
  const done = new Promise<void>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  const zip = new Zip((error, data, final) => {
    if (error) return fail(error);
    out.write(data);
    if (final) out.end(finish);
  });
  out.on('error', fail);
  return { zip, done };
}

export interface BackupOptions {
  dataDir: string;
  out: string;
  force: boolean;
  /** False with PostgreSQL: only the files are backed up. */
  embeddedDatabase: boolean;
}

/** Writes a backup of `dataDir` to `out`; answers its manifest. */
export async function backup(options: BackupOptions): Promise<BackupManifest> {
  const { dataDir, out, force } = options;
  if (!(await exists(dataDir))) throw new BackupError(`${dataDir} does not exist: check DATA_DIR`);
  if ((await exists(out)) && !force)
    throw new BackupError(`${out} exists: choose another --out or add --force to overwrite it`);
  await refuseWhileRunning(dataDir);
  const files = await filesUnder(dataDir);
  const database = options.embeddedDatabase && (await exists(join(dataDir, DB_FOLDER)));
  const manifest: BackupManifest = {
    format: 'skydeck-backup',
    version: 1,
    createdAt: new Date().toISOString(),
    database,
    files: files.length,
  };
  await mkdir(dirname(resolve(out)), { recursive: true });
  const { zip, done } = writerFor(createWriteStream(out));
  const head = new ZipDeflate(MANIFEST, { level: 6 });
  zip.add(head);
  head.push(new TextEncoder().encode(JSON.stringify(manifest, null, 2)), true);
  if (database) {
    const pg = await PGlite.create(join(dataDir, DB_FOLDER));
    try {
      const dump = await pg.dumpDataDir('none');
      const entry = new ZipDeflate(DATABASE_ENTRY, { level: 6 });
      zip.add(entry);
      entry.push(new Uint8Array(await dump.arrayBuffer()), true);
    } finally {
      await pg.close();
    }
  }
  // Stored media is already compressed (JPEG, MP4, KMZ): stored as it is, not deflated again.
  for (const file of files) {
    const entry = new ZipPassThrough(`${FILES_PREFIX}${file}`);
    zip.add(entry);
    await pushFile(entry, join(dataDir, file));
  }
  zip.end();
  await done;
  return manifest;
}

/** The path inside `dataDir` an archive entry names, or null when it would land outside. */
export function entryTarget(dataDir: string, name: string): string | null {
  const rel = name.slice(FILES_PREFIX.length);
  if (rel === '' || rel.includes('\\') || rel.includes('\0') || rel.startsWith('/')) return null;
  if (rel.split('/').some((part) => part === '' || part === '.' || part === '..')) return null;
  if (rel === DB_FOLDER || rel.startsWith(`${DB_FOLDER}/`)) return null;
  const target = resolve(dataDir, rel);
  return target.startsWith(resolve(dataDir) + sep) ? target : null;
}

export interface RestoreOptions {
  file: string;
  dataDir: string;
  force: boolean;
}

/** Restores a backup into `dataDir` (empty, or replaced with `force`); answers its manifest. */
export async function restore(options: RestoreOptions): Promise<BackupManifest> {
  const { file, dataDir, force } = options;
  if (!(await exists(file))) throw new BackupError(`${file} does not exist`);
  await refuseWhileRunning(dataDir);
  const present = await readdir(dataDir).catch(() => []);
  if (present.length > 0 && !force)
    throw new BackupError(`${dataDir} is not empty: restore into an empty DATA_DIR or add --force`);
  const staging = await mkdtemp(join(tmpdir(), 'skydeck-restore-'));
  try {
    const manifest = await unpack(file, staging);
    // Only a complete, readable archive replaces what was there.
    if (force) await rm(dataDir, { recursive: true, force: true });
    await mkdir(dataDir, { recursive: true });
    await moveFiles(join(staging, 'files'), dataDir);
    if (manifest.database) {
      const pg = await PGlite.create(join(dataDir, DB_FOLDER), {
        loadDataDir: await openAsBlob(join(staging, DATABASE_ENTRY)),
      });
      await pg.close();
    }
    return manifest;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

async function moveFiles(from: string, to: string): Promise<void> {
  for (const rel of await filesUnder(from)) {
    await mkdir(dirname(join(to, rel)), { recursive: true });
    await rename(join(from, rel), join(to, rel));
  }
}

/** Unzips `file` into `staging` (files under `files/`), checking every name; answers the manifest. */
async function unpack(file: string, staging: string): Promise<BackupManifest> {
  let manifestText = '';
  const closing: Promise<unknown>[] = [];
  let writing: WriteStream | null = null;
  const refused: string[] = [];
  const unzip = new Unzip((entry) => {
    const target =
      entry.name === DATABASE_ENTRY
        ? join(staging, DATABASE_ENTRY)
        : entry.name.startsWith(FILES_PREFIX)
          ? entryTarget(join(staging, 'files'), entry.name)
          : null;
    if (entry.name !== MANIFEST && target === null) {
      refused.push(entry.name);
      return;
    }
    let sink: WriteStream | null = null;
    if (target !== null) {
      mkdirSync(dirname(target), { recursive: true });
      sink = createWriteStream(target);
      closing.push(once(sink, 'close'));
      writing = sink;
    }
    entry.ondata = (error, data, final) => {
      if (error) throw error;
      if (sink === null) manifestText += new TextDecoder().decode(data);
      else if (final) sink.end(data);
      else sink.write(data);
    };
    entry.start();
  });
  unzip.register(UnzipInflate);
  for await (const chunk of createReadStream(file)) {
    unzip.push(chunk as Buffer);
    // Back-pressure: a file is never read faster than it is written out.
    const current = writing as WriteStream | null;
    if (current?.writableNeedDrain === true) await once(current, 'drain');
  }
  unzip.push(new Uint8Array(0), true);
  await Promise.all(closing);
  if (refused.length > 0)
    throw new BackupError(`the backup names a path outside DATA_DIR: ${refused.join(', ')}`);
  const manifest = readManifest(manifestText);
  if (manifest === null) throw new BackupError(`${file} is not a Skydeck backup`);
  return manifest;
}

function readManifest(text: string): BackupManifest | null {
  try {
    const value = JSON.parse(text) as Partial<BackupManifest>;
    return value.format === 'skydeck-backup' && value.version === 1
      ? (value as BackupManifest)
      : null;
  } catch {
    return null;
  }
}
