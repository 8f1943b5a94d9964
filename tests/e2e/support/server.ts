import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { seededDataDir } from './seededData.ts';

/** The demo accounts' password in every end-to-end run (6–12 characters like every password). */
export const TEST_PASSWORD = 'skydeck123';
/** A known signing secret, so a test can mint an already expired access token. */
export const TEST_TOKEN_SECRET = 'e2e-token-secret-that-is-long-enough-0123456789';

const ROOT = resolve(import.meta.dirname, '../../..');

/** A real Skydeck server process serving the built console. */
export interface RunningServer {
  url: string;
  stop(): Promise<void>;
}

/** A TCP port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => done(port));
    });
  });
}

/**
 * Resolves once `child` (a `server/main.ts` process) says Skydeck runs; rejects with what it printed
 * when it exits first or takes longer than `timeoutMs`.
 */
export function untilRunning(child: ChildProcess, timeoutMs = 120_000): Promise<void> {
  return new Promise((done, fail) => {
    let output = '';
    const timer = setTimeout(() => fail(new Error(`server did not start:\n${output}`)), timeoutMs);
    const onData = (chunk: Buffer): void => {
      output += chunk.toString();
      if (!output.includes('Skydeck is running at')) return;
      clearTimeout(timer);
      done();
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      fail(new Error(`server exited (${String(code ?? signal ?? '?')}):\n${output}`));
    });
  });
}

/** How a test server starts. */
export interface ServerOptions {
  /**
   * On a copy of a seeded data folder (seededData.ts) rather than an empty one: the demo accounts
   * are there already, and the start skips making, migrating and seeding the database.
   */
  seeded?: boolean;
}

/**
 * Starts `server/main.ts` on free ports with a fresh data folder (or a copy of a seeded one). It
 * serves `dist/` as built by `npm test` (or `npx vite build`); the harness builds nothing itself.
 */
export async function startServer(
  env: Record<string, string> = {},
  options: ServerOptions = {},
): Promise<RunningServer> {
  // The seed reads the demo password: the seeded folder is made with this server's.
  const adminPassword = env.ADMIN_PASSWORD ?? TEST_PASSWORD;
  const dataDir = options.seeded
    ? await seededDataDir('skydeck-e2e-', adminPassword, async (empty) => {
        await (await spawnServer(empty, { ADMIN_PASSWORD: adminPassword })).stop();
      })
    : await mkdtemp(join(tmpdir(), 'skydeck-e2e-'));
  const server = await spawnServer(dataDir, env);
  return {
    url: server.url,
    async stop() {
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** `server/main.ts` on free ports and `dataDir`; `stop` ends the process and keeps the folder. */
async function spawnServer(dataDir: string, env: Record<string, string>): Promise<RunningServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: TEST_PASSWORD,
      TOKEN_SECRET: TEST_TOKEN_SECRET,
      MQTT_TCP_PORT: String(await freePort()),
      SIM_DRONES: '0',
      SKIP_CONSOLE_BUILD: '1',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await untilRunning(child);
  return {
    url,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((done) => child.once('exit', done));
        child.kill('SIGTERM');
        await exited;
      }
    },
  };
}
