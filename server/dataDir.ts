import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { StartupError } from './startupError.ts';

/** Creates `dataDir` if needed and proves it is writable, or throws a `StartupError` naming `DATA_DIR`. */
export async function ensureWritableDataDir(dataDir: string): Promise<void> {
  const probe = join(dataDir, `.write-test-${randomBytes(4).toString('hex')}`);
  try {
    await mkdir(dataDir, { recursive: true });
    await writeFile(probe, '');
    await rm(probe);
  } catch (error) {
    const code =
      typeof error === 'object' && error && 'code' in error ? String(error.code) : 'error';
    throw new StartupError(
      'DATA_DIR',
      `cannot write to ${dataDir} (${code}): set DATA_DIR to a writable folder`,
      { cause: error },
    );
  }
}
