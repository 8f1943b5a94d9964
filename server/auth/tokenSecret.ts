import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * The configured `TOKEN_SECRET`, or the one kept in `dataDir/token-secret`, created on first use so
 * that tokens survive a restart. `dataDir` undefined (in-memory tests): a fresh secret per process.
 */
export async function resolveTokenSecret(
  configured: string | undefined,
  dataDir: string | undefined,
): Promise<string> {
  if (configured !== undefined) return configured;
  const fresh = randomBytes(48).toString('base64url');
  if (dataDir === undefined) return fresh;
  const file = join(dataDir, 'token-secret');
  try {
    const kept = (await readFile(file, 'utf8')).trim();
    if (kept.length >= 32) return kept;
  } catch {
    // Not there yet: write it below.
  }
  await mkdir(dataDir, { recursive: true });
  await writeFile(file, fresh + '\n', { mode: 0o600 });
  return fresh;
}
