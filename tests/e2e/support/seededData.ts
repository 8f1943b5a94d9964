/**
 * Data folders that a Skydeck server has already started on once: database made, migrated and
 * seeded with the demo accounts, no devices. Starting on an empty folder does all of that first
 * (PGlite's initdb, every migration, the seed), which on a loaded 2-core machine was more than half
 * of a server's start; a copy of a seeded folder skips it, as a restart does. What else a server
 * writes at start-up (the simulated fleet, its models) it writes on the copy, as on any restart.
 *
 * One seeded folder per test worker and demo password, made on first use and removed when the
 * worker ends: every server gets its own copy, so expensive work is shared and state never is.
 */
import { rmSync } from 'node:fs';
import { cp, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const folders = new Map<string, Promise<string>>();
const made: string[] = [];
process.once('exit', () => {
  for (const folder of made) rmSync(folder, { recursive: true, force: true });
});

async function seededFolder(seed: (dataDir: string) => Promise<void>): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), 'skydeck-e2e-seeded-'));
  made.push(folder);
  await seed(folder);
  return folder;
}

/**
 * A fresh copy of this worker's seeded data folder, named `{prefix}XXXXXX` in the temp folder (the
 * caller's to change and delete). `seed` starts a server with `adminPassword` on an empty folder and
 * stops it, keeping the folder; it runs once per worker and password.
 */
export async function seededDataDir(
  prefix: string,
  adminPassword: string,
  seed: (dataDir: string) => Promise<void>,
): Promise<string> {
  let folder = folders.get(adminPassword);
  if (folder === undefined) {
    folder = seededFolder(seed);
    folders.set(adminPassword, folder);
  }
  const copy = await mkdtemp(join(tmpdir(), prefix));
  await cp(await folder, copy, { recursive: true });
  return copy;
}
