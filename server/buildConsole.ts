import { readFile, readdir, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** What `npm start` rebuilds the console from. */
const SOURCES = ['src', 'workers', 'protocol', 'public', 'index.html', 'vite.config.ts'];
/** Settings baked into the console at build time; a change rebuilds it. */
const STAMP_FILE = '.skydeck-build.json';

export interface ConsoleBuildSettings {
  /** `MAP_STYLE_URL`: the workbench reads it as `VITE_MAP_STYLE_URL`. */
  mapStyleUrl: string | undefined;
}

function stampOf(settings: ConsoleBuildSettings): string {
  return JSON.stringify({ mapStyleUrl: settings.mapStyleUrl ?? null });
}

async function stampMatches(root: string, settings: ConsoleBuildSettings): Promise<boolean> {
  try {
    return (await readFile(join(root, 'dist', STAMP_FILE), 'utf8')) === stampOf(settings);
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

/** True when `dist/index.html` is missing, older than any console source, or built with other settings. */
export async function consoleBuildIsStale(
  root: string,
  settings: ConsoleBuildSettings = { mapStyleUrl: undefined },
): Promise<boolean> {
  const built = await newest(join(root, 'dist', 'index.html'));
  if (built === 0 || !(await stampMatches(root, settings))) return true;
  const sources = await Promise.all(SOURCES.map((source) => newest(join(root, source))));
  return sources.some((time) => time > built);
}

/** Builds the console with Vite into `root/dist` when it is stale; returns whether it built. */
export async function buildConsoleIfStale(
  root: string,
  settings: ConsoleBuildSettings = { mapStyleUrl: undefined },
): Promise<boolean> {
  if (!(await consoleBuildIsStale(root, settings))) return false;
  // Vite reads VITE_* from the environment at build time.
  if (settings.mapStyleUrl) process.env.VITE_MAP_STYLE_URL = settings.mapStyleUrl;
  else delete process.env.VITE_MAP_STYLE_URL;
  // Vite is only needed for this step: load it lazily so a start with a fresh build stays light.
  const { build } = await import('vite');
  await build({ root, configFile: join(root, 'vite.config.ts'), logLevel: 'warn' });
  await writeFile(join(root, 'dist', STAMP_FILE), stampOf(settings));
  return true;
}
