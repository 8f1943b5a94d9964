import { readFile, readdir, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** What `npm start` rebuilds the console from. */
const SOURCES = ['src', 'workers', 'protocol', 'public', 'index.html', 'vite.config.ts'];
/**
 * Marks a build made by this code. Builds made when `MAP_STYLE_URL` was still baked in carry another
 * stamp and are rebuilt once; map settings now reach the console at run time (`GET /api/map/config`).
 */
const STAMP_FILE = '.skydeck-build.json';
const STAMP = JSON.stringify({ runtimeMapConfig: true });

async function stampMatches(root: string): Promise<boolean> {
  try {
    return (await readFile(join(root, 'dist', STAMP_FILE), 'utf8')) === STAMP;
  } catch {
    return false;
  }
}

/** The newest modification time (ms) of a file or of any file below a folder; 0 when missing. */
async function newest(path: string): Promise<number> {
  let info;
  try {
    info = await stat(path);
  } catch {
    return 0;
  }
  if (!info.isDirectory()) return info.mtimeMs;
  const entries = await readdir(path);
  const times = await Promise.all(entries.map((entry) => newest(join(path, entry))));
  return Math.max(info.mtimeMs, ...times);
}

/** True when `dist/index.html` is missing, older than any console source, or built by older code. */
export async function consoleBuildIsStale(root: string): Promise<boolean> {
  const built = await newest(join(root, 'dist', 'index.html'));
  if (built === 0 || !(await stampMatches(root))) return true;
  const sources = await Promise.all(SOURCES.map((source) => newest(join(root, source))));
  return sources.some((time) => time > built);
}

/** Builds the console with Vite into `root/dist` when it is stale; returns whether it built. */
export async function buildConsoleIfStale(root: string): Promise<boolean> {
  if (!(await consoleBuildIsStale(root))) return false;
  // Vite is only needed for this step: load it lazily so a start with a fresh build stays light.
  const { build } = await import('vite');
  await build({ root, configFile: join(root, 'vite.config.ts'), logLevel: 'warn' });
  await writeFile(join(root, 'dist', STAMP_FILE), STAMP);
  return true;
}
