/**
 * `npm start`: builds the console when needed, starts Skydeck and prints how to sign in. Start-up
 * failures that a setting fixes end with one line naming it and exit code 1.
 */
import { createSkydeck } from './app.ts';
import type { SkydeckHandle } from './app.ts';
import { buildConsoleIfStale } from './buildConsole.ts';
import { ConfigError, loadConfig } from './config.ts';
import { realtimeExtension } from './realtime.ts';
import { REPO_ROOT } from './repoRoot.ts';
import { StartupError } from './startupError.ts';

function say(line: string): void {
  process.stdout.write(line + '\n');
}

function printWelcome(handle: SkydeckHandle): void {
  say(`Skydeck is running at ${handle.url}  (API docs: ${handle.url}/api/docs)`);
  const seeded = handle.seeded;
  if (seeded?.generated) {
    say('Demo accounts created on this first start (username / password / role):');
    for (const a of seeded.accounts) say(`  ${a.username.padEnd(9)} ${a.password}  ${a.role}`);
    if (handle.passwordFile)
      say(`These passwords are also in ${handle.passwordFile}; change them after signing in.`);
  } else {
    // A password the operator chose (ADMIN_PASSWORD) is never echoed into terminals or logs.
    say('Sign in as admin, operator or viewer.');
    say(
      handle.config.adminPassword
        ? 'Their password is ADMIN_PASSWORD unless changed since.'
        : `Their first passwords are in ${handle.config.dataDir}/initial-admin-password unless changed since.`,
    );
  }
}

function stopOnSignals(handle: SkydeckHandle): void {
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    say(`${signal}: stopping Skydeck…`);
    // Readiness turns false first, so a load balancer polling /readyz sends no new traffic here
    // while in-flight requests finish (Fastify answers new ones 503 while it closes).
    handle.deps.health.drain();
    handle.close().then(
      () => process.exit(0),
      (error: unknown) => {
        process.stderr.write(`error while stopping: ${String(error)}\n`);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

async function buildConsole(): Promise<void> {
  try {
    if (await buildConsoleIfStale(REPO_ROOT)) say('Console built into dist/.');
  } catch (error) {
    // The API is still useful without the console (and `npm run dev` serves it separately).
    const reason = error instanceof Error ? error.message : String(error);
    const firstLine = reason.split('\n').find((line) => line.trim() !== '') ?? reason;
    process.stderr.write(`The console could not be built (${firstLine}); serving the API only.\n`);
  }
}

async function main(): Promise<void> {
  const config = loadConfig();
  // Under `npm run dev` Vite serves the console itself; rebuilding dist/ on every restart of the
  // watched server would only slow the loop down.
  const underViteDev = process.env.npm_lifecycle_event === 'dev';
  if (!config.skipConsoleBuild && !underViteDev) await buildConsole();
  const handle = await createSkydeck(config, { extensions: [realtimeExtension] });
  // Signals first: a supervisor (or a test) may stop the server as soon as it reads the welcome,
  // and a SIGTERM that arrives before a listener exists kills Node without a clean stop.
  stopOnSignals(handle);
  printWelcome(handle);
}

main().catch((error: unknown) => {
  if (error instanceof StartupError || error instanceof ConfigError) {
    process.stderr.write(`Skydeck cannot start: ${error.message}\n`);
  } else {
    // An unexpected failure: say what it was in one line; the stack only when asked for.
    const detail =
      error instanceof Error && process.env.LOG_LEVEL === 'debug' ? error.stack : String(error);
    process.stderr.write(`Skydeck cannot start: ${detail ?? String(error)}\n`);
  }
  process.exit(1);
});
