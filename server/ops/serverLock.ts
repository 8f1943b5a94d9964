/**
 * `DATA_DIR/skydeck.pid` while a server runs on the folder. The embedded database has one writer,
 * so a backup or restore of the folder must not run beside a live server: they read this file and
 * refuse, naming the process. A file left by a server that died is recognised by its dead process.
 */
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

const PID_FILE = 'skydeck.pid';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return typeof error === 'object' && error !== null && 'code' in error && error.code === 'EPERM';
  }
}

/** The live server process on `dataDir`, or null. */
export async function runningServer(dataDir: string): Promise<number | null> {
  const text = await readFile(join(dataDir, PID_FILE), 'utf8').catch(() => '');
  const pid = Number.parseInt(text.trim(), 10);
  return Number.isSafeInteger(pid) && pid > 0 && alive(pid) ? pid : null;
}

/** Marks `dataDir` as served by this process; the returned function removes the mark. */
export async function holdDataDir(dataDir: string): Promise<() => Promise<void>> {
  const file = join(dataDir, PID_FILE);
  await writeFile(file, `${String(process.pid)}\n`);
  return () => rm(file, { force: true });
}
