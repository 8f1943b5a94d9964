// Compiles the server (and the protocol it shares with the console) into build/ with tsc, and copies
// the files it reads at run time, so `npm start` runs plain JavaScript with no TypeScript loader.
// Plain JavaScript itself: it runs before anything is compiled. Rebuilds only when a source is newer
// than the last build.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const OUT = join(ROOT, 'build');
const STAMP = join(OUT, '.built');
const SOURCES = ['server', 'protocol', 'tsconfig.server.json', 'tsconfig.base.json'];
/** Read at run time relative to their module: copied beside the compiled code. */
const ASSETS = ['server/db/migrations', 'server/map/basemapData'];

function newest(path) {
  const info = statSync(path);
  if (!info.isDirectory()) return info.mtimeMs;
  let latest = info.mtimeMs;
  for (const name of readdirSync(path)) latest = Math.max(latest, newest(join(path, name)));
  return latest;
}

/** True when build/ is missing or older than any source. */
export function serverBuildStale() {
  if (!existsSync(STAMP)) return true;
  const built = statSync(STAMP).mtimeMs;
  return SOURCES.some((source) => newest(join(ROOT, source)) > built);
}

/** Compiles into build/ (from scratch, so deleted sources leave nothing behind). */
export function buildServer() {
  rmSync(OUT, { recursive: true, force: true });
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  const run = spawnSync(process.execPath, [tsc, '-p', join(ROOT, 'tsconfig.server.json')], {
    stdio: 'inherit',
  });
  if (run.status !== 0) throw new Error('the server did not compile (see the errors above)');
  for (const asset of ASSETS) cpSync(join(ROOT, asset), join(OUT, asset), { recursive: true });
  writeFileSync(STAMP, `${new Date().toISOString()}\n`);
}

/** Builds when stale; answers whether it built. */
export function buildServerIfStale() {
  if (!serverBuildStale()) return false;
  buildServer();
  return true;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  buildServer();
  process.stdout.write(`Server compiled into ${join(dirname(STAMP))}.\n`);
}
