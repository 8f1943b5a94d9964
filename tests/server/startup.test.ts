import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** The server from its TypeScript sources through the tsx loader (`npm run start:source`). */
const FROM_SOURCE = ['--import', 'tsx', 'server/main.ts'];
/** The server as `npm start` runs it: compiled by `npm run build`, no TypeScript loader. */
const COMPILED_MAIN = 'build/server/main.js';
const compiled = existsSync(join(ROOT, COMPILED_MAIN));
if (!compiled)
  console.warn(
    `[skydeck] skipped: the compiled server test (no ${COMPILED_MAIN}; run npm run build).`,
  );

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `npm start`'s entry point with `env` until it exits (or, with `until`, until stdout matches). */
function runMain(
  env: Record<string, string>,
  until?: RegExp,
  entry: readonly string[] = FROM_SOURCE,
): Promise<Run> {
  // One Node process, so SIGTERM reaches the server itself (the tsx CLI relays signals and kills a
  // child that is slow to acknowledge one on a loaded machine).
  const child = spawn(process.execPath, [...entry], {
    cwd: ROOT,
    env: {
      ...process.env,
      SKIP_CONSOLE_BUILD: '1',
      LOG_LEVEL: 'silent',
      HOST: '127.0.0.1',
      ...env,
    },
  });
  const run: Run = { code: null, stdout: '', stderr: '' };
  let signalled = false;
  child.stdout.on('data', (chunk: Buffer) => {
    run.stdout += chunk.toString();
    if (signalled || !until?.test(run.stdout)) return;
    signalled = true;
    child.kill('SIGTERM');
  });
  child.stderr.on('data', (chunk: Buffer) => (run.stderr += chunk.toString()));
  return once(child, 'exit').then(([code, signal]) => ({
    ...run,
    code: code as number | null,
    // A process ended by a signal has no code; the signal says which, in a failure's message.
    stderr: signal ? `${run.stderr}\n[ended by ${String(signal)}]` : run.stderr,
  }));
}

const lines = (text: string) => text.split('\n').filter((line) => line.trim() !== '');

describe('npm start', () => {
  let scratch: string;
  beforeAll(async () => {
    scratch = await mkdtemp(join(tmpdir(), 'skydeck-start-'));
  });
  afterAll(() => rm(scratch, { recursive: true, force: true }));

  it('prints the URL, the accounts and the password file, and stops cleanly on SIGTERM', async () => {
    const dataDir = join(scratch, 'ok');
    const run = await runMain(
      { PORT: '0', DATA_DIR: dataDir, ADMIN_PASSWORD: '' },
      /initial-admin-password/,
    );
    expect(run.stdout).toMatch(/Skydeck is running at http:\/\/127\.0\.0\.1:\d+/);
    expect(run.stdout).toMatch(/admin\s+\S{12}\s+admin/);
    expect(run.stdout).toContain(join(dataDir, 'initial-admin-password'));
    expect(run.code, run.stderr).toBe(0);
  });

  it.skipIf(!compiled)(
    'runs compiled, without a TypeScript loader, and stops on SIGTERM',
    async () => {
      const dataDir = join(scratch, 'compiled');
      const run = await runMain(
        { PORT: '0', DATA_DIR: dataDir, ADMIN_PASSWORD: 'abc123', SIM_DRONES: '1' },
        /Sign in as admin/,
        [COMPILED_MAIN],
      );
      expect(run.stdout).toMatch(/Skydeck is running at http:\/\/127\.0\.0\.1:\d+/);
      expect(run.code, run.stderr).toBe(0);
      // The pid mark goes with a clean stop, so a backup may run next.
      expect(existsSync(join(dataDir, 'skydeck.pid'))).toBe(false);
    },
  );

  it('names PORT when the port is busy', async () => {
    const blocker = createServer();
    blocker.listen(0, '127.0.0.1');
    await once(blocker, 'listening');
    const { port } = blocker.address() as AddressInfo;
    try {
      const run = await runMain({
        PORT: String(port),
        DATA_DIR: join(scratch, 'busy'),
        ADMIN_PASSWORD: 'abc123',
      });
      expect(run.code).toBe(1);
      expect(lines(run.stderr)).toEqual([expect.stringContaining('PORT')]);
      expect(run.stderr).toContain(String(port));
    } finally {
      blocker.close();
    }
  });

  it('names DATA_DIR when it cannot be written', async () => {
    const file = join(scratch, 'a-file');
    await writeFile(file, '');
    const run = await runMain({ PORT: '0', DATA_DIR: join(file, 'data') });
    expect(run.code).toBe(1);
    expect(lines(run.stderr)).toEqual([expect.stringContaining('DATA_DIR')]);
  });

  it('names DATABASE_URL when the database does not answer, without its password', async () => {
    const run = await runMain({
      PORT: '0',
      DATA_DIR: join(scratch, 'db'),
      DATABASE_URL: 'postgres://skydeck:hunter2@127.0.0.1:1/skydeck',
    });
    expect(run.code).toBe(1);
    expect(lines(run.stderr)).toEqual([expect.stringContaining('DATABASE_URL')]);
    expect(run.stderr).not.toContain('hunter2');
  });

  it('names the variable of a bad setting', async () => {
    const run = await runMain({ PORT: 'eighty' });
    expect(run.code).toBe(1);
    expect(lines(run.stderr)).toEqual([expect.stringMatching(/PORT/)]);
  });
});
