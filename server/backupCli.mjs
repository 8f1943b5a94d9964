// `npm run backup` / `npm run restore`: like `npm start`, compiles the server when its sources
// changed since the last build, then runs the compiled command (build/server/ops/backupCli.js), so
// an installation needs no TypeScript loader for these either.
import { buildServerIfStale } from './buildServer.mjs';

try {
  if (buildServerIfStale()) process.stdout.write('Server compiled into build/.\n');
} catch (error) {
  process.stderr.write(
    `Skydeck cannot run ${process.argv[2] ?? 'this command'}: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
}
await import('../build/server/ops/backupCli.js');
