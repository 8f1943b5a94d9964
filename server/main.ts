/**
 * `npm start`: builds the console when needed, starts Skydeck and prints how to sign in. Start-up
 * failures that a setting fixes end with one line naming it and exit code 1.
 */
import { Server as NetServer } from 'node:net';
import { createSkydeck } from './app.ts';
import type { SkydeckHandle } from './app.ts';
import { buildConsoleIfStale } from './buildConsole.ts';
import { ConfigError, loadConfig } from './config.ts';
import { realtimeExtension } from './realtime.ts';
import { stopWithin, trackInFlight } from './ops/shutdown.ts';
import type { InFlight, StopStep } from './ops/shutdown.ts';
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

/** The stop on SIGTERM/SIGINT, in order (see server/ops/shutdown.ts). */
function stopSteps(handle: SkydeckHandle, inFlight: InFlight): StopStep[] {
  return [
    // A load balancer polling /readyz sends no new traffic here from now on.
    { name: 'readiness', run: () => handle.deps.health.drain() },
    // No new connection. Net's close, not HTTP's: that one also cuts "idle" connections, and to it
    // an upgraded WebSocket is idle, so consoles would lose theirs without the 1001 "going away".
    // The framework's own close later closes idle keep-alive connections and waits for the rest.
    {
      name: 'stop accepting connections',
      run: () => void NetServer.prototype.close.call(handle.server),
    },
    { name: 'in-flight HTTP requests', run: () => inFlight.idle() },
    // Services (ingestion flush, broker and WebSockets told to go away), the HTTP server, the
    // database and the data-folder lock, in that order.
    { name: 'closing the server', run: () => handle.close() },
  ];
}

function stopOnSignals(handle: SkydeckHandle): void {
  const inFlight = trackInFlight(handle.server);
  const limitMs = handle.config.shutdownTimeoutMs;
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    say(`${signal}: stopping Skydeck…`);
    const health = handle.deps.health;
    stopWithin(stopSteps(handle, inFlight), limitMs, () => [
      ...(inFlight.count > 0 ? [`${String(inFlight.count)} HTTP requests`] : []),
      ...health.stopStepsRunning,
      ...(inFlight.connections > 0 ? [`${String(inFlight.connections)} open connections`] : []),
    ]).then(
      (outcome) => {
        if (outcome.finished) {
          say(`Skydeck stopped in ${String(outcome.elapsedMs)} ms.`);
          process.exit(0);
        }
        process.stderr.write(
          `Skydeck did not stop within SHUTDOWN_TIMEOUT_MS (${String(limitMs)} ms); still pending: ${outcome.pending}\n`,
        );
        process.exit(1);
      },
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
