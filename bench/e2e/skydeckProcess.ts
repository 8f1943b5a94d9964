/**
 * Runs the real Skydeck server (`server/main.ts`) as a child process: what `npm start` runs, with the
 * simulator on. Unlike a throwaway test server it can be stopped and started again on the same port
 * and data folder, so a browser sees a restart the way an operator would.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort, untilRunning } from '../../tests/e2e/support/server.ts';

const ROOT = resolve(import.meta.dirname, '../..');
/** The demo accounts' password in these runs. */
export const DEMO_PASSWORD = 'skydeck123';
/** A fixed signing key: tokens issued before a restart stay valid after it, and tests can derive the simulated devices' secrets from it. */
export const TOKEN_SECRET = 'workbench-e2e-token-secret-0123456789abcdef';
/** What `npm start` runs; `SKYDECK_SERVER_ENTRY` points the runs at another wiring of the server. */
const SERVER_ENTRY = process.env.SKYDECK_SERVER_ENTRY ?? 'server/main.ts';
/** Start-up includes migrations and registering a large simulated fleet. */
const START_TIMEOUT_MS = 90_000;

export interface SkydeckProcessOptions {
  drones: number;
  osdHz: number;
  /** Reuse a port and data folder (a restart); fresh ones otherwise. */
  port?: number;
  dataDir?: string;
  /** Extra environment for the server (e.g. a short `ACCESS_TOKEN_TTL`). */
  env?: Record<string, string>;
}

export interface SkydeckProcess {
  url: string;
  port: number;
  /** The server's process id (benchmarks read its CPU time). */
  pid: number | undefined;
  dataDir: string;
  /** Stops the server and keeps its data folder (for a restart). */
  stop(): Promise<void>;
  /** Stops the server and deletes its data folder. */
  dispose(): Promise<void>;
}

/** Starts the server with `drones` simulated aircraft publishing `osdHz` osd messages per second. */
export async function startSkydeck(options: SkydeckProcessOptions): Promise<SkydeckProcess> {
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'skydeck-workbench-')));
  const port = options.port ?? (await freePort());
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER_ENTRY], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: DEMO_PASSWORD,
      TOKEN_SECRET,
      MQTT_TCP_PORT: String(await freePort()),
      SIM_DRONES: String(options.drones),
      SIM_OSD_HZ: String(options.osdHz),
      SKIP_CONSOLE_BUILD: '1',
      LOG_LEVEL: 'warn',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await untilRunning(child, START_TIMEOUT_MS);
  const stop = async (): Promise<void> => {
    if (child.exitCode !== null) return;
    const exited = new Promise((done) => child.once('exit', done));
    child.kill('SIGTERM');
    await exited;
  };
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    pid: child.pid,
    dataDir,
    stop,
    dispose: async () => {
      await stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
