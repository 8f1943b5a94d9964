/** Ports on this machine, and the Mosquitto a test starts itself on one of them. */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { createServer, connect as tcpConnect } from 'node:net';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import { vi } from 'vitest';

/** Debian's Mosquitto, its control tool and its dynamic-security plugin. */
export const MOSQUITTO = '/usr/sbin/mosquitto';
export const MOSQUITTO_CTRL = '/usr/bin/mosquitto_ctrl';
export const DYNSEC_PLUGIN = '/usr/lib/x86_64-linux-gnu/mosquitto_dynamic_security.so';

/** A TCP port nobody listens on right now. */
/** The parts of a managed Mosquitto this machine lacks: the binary, mosquitto_ctrl, the plugin. */
export function missingDynsecParts(): string[] {
  return [MOSQUITTO, MOSQUITTO_CTRL, DYNSEC_PLUGIN].filter((path) => !existsSync(path));
}

/** Says in the run's output that the suite `what` is skipped, and for want of what. */
export function warnSkipped(what: string, missing: readonly string[]): void {
  if (missing.length > 0)
    console.warn(`[skydeck] skipped: ${what} (missing ${missing.join(', ')}).`);
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return typeof address === 'object' && address ? address.port : 0;
}

/** Resolves once something accepts connections on `port` (gives up after 10 s). */
export async function listening(port: number): Promise<void> {
  await vi.waitFor(
    () =>
      new Promise<void>((resolve, reject) => {
        const socket = tcpConnect(port, '127.0.0.1', () => {
          socket.end();
          resolve();
        });
        socket.once('error', reject);
      }),
    { timeout: 10_000, interval: 100 },
  );
}

/**
 * Starts Mosquitto on `127.0.0.1:port` with its dynamic-security plugin reading `dynsecFile`, its
 * config written into `dir`; resolves once it listens.
 */
export async function startDynsecMosquitto(
  dir: string,
  port: number,
  dynsecFile: string,
): Promise<ChildProcess> {
  const config = join(dir, 'mosquitto.conf');
  writeFileSync(
    config,
    [
      `listener ${String(port)} 127.0.0.1`,
      // Started as root, Mosquitto would switch to its own user, which cannot read our temp dir.
      `user ${userInfo().username}`,
      'allow_anonymous false',
      'persistence false',
      `plugin ${DYNSEC_PLUGIN}`,
      `plugin_opt_config_file ${dynsecFile}`,
      'log_dest none',
      '',
    ].join('\n'),
  );
  const broker = spawn(MOSQUITTO, ['-c', config], { stdio: 'ignore' });
  await listening(port);
  return broker;
}
