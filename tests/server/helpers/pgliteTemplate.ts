/**
 * A migrated, empty PGlite data directory that the server suites' in-memory databases start from.
 * Opening PGlite runs initdb (about a second of CPU here) and the server then applies every
 * migration; a hundred test files open a few hundred databases, so they load this dump instead.
 * The dump lives in the system's temp folder under a name derived from the migrations, the PGlite
 * version and today's date, so every worker and file of a run (and later runs that day) share it,
 * and a changed migration makes a new one. The server still runs `migrate` on it, which then finds
 * nothing to do.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate } from '../../../server/db/migrate.ts';
import { dumpPglite } from '../../../server/db/pgliteDb.ts';

const MIGRATIONS = fileURLToPath(new URL('../../../server/db/migrations/', import.meta.url));
const PGLITE_PACKAGE = fileURLToPath(
  new URL('../../../node_modules/@electric-sql/pglite/package.json', import.meta.url),
);

async function fingerprint(): Promise<string> {
  const hash = createHash('sha256');
  // Migrations may create what depends on the date (the track partitions around today).
  hash.update(new Date().toISOString().slice(0, 10));
  hash.update(await readFile(PGLITE_PACKAGE));
  for (const file of (await readdir(MIGRATIONS)).sort()) {
    hash.update(file);
    hash.update(await readFile(join(MIGRATIONS, file)));
  }
  return hash.digest('hex').slice(0, 16);
}

async function loadOrMake(): Promise<Blob> {
  const path = join(tmpdir(), `skydeck-pglite-${await fingerprint()}.tar`);
  try {
    return new Blob([await readFile(path)]);
  } catch {
    const dump = await dumpPglite(migrate);
    // Written aside and renamed: a worker reading at the same moment sees all of it or nothing.
    const partial = `${path}.${String(process.pid)}.partial`;
    await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
    await rename(partial, path);
    return dump;
  }
}

let template: Promise<Blob> | undefined;

/** The migrated template, made on first use by whichever process needs it first. */
export function pgliteTemplate(): Promise<Blob> {
  template ??= loadOrMake();
  return template;
}
