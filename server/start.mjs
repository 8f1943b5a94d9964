// `npm start`: compiles the server when its sources changed since the last build, then runs the
// compiled JavaScript (build/server/main.js) in this process.
import { buildServerIfStale } from './buildServer.mjs';

try {
  if (buildServerIfStale()) process.stdout.write('Server compiled into build/.\n');
} catch (error) {
  process.stderr.write(
    `Skydeck cannot start: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
}
await import('../build/server/main.js');
