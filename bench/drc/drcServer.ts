/**
 * A Skydeck server in this process for the DRC benchmark: in-memory database, embedded broker and a
 * small simulated fleet on the wall clock, as `npm start` runs them.
 */
import { signInAdmin } from '../adminApi.ts';
import { createSkydeck } from '../../server/app.ts';
import type { SkydeckHandle } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { realtimeExtension } from '../../server/realtime.ts';

/** The admin's password in these runs. */
export const BENCH_PASSWORD = 'bench123';

export interface DrcBenchServer {
  handle: SkydeckHandle;
  /** An access token of `admin`. */
  token: string;
  /** `/api` call with the admin's token; the envelope's `data`, or a thrown message. */
  api<T>(method: 'GET' | 'POST', path: string, body?: object): Promise<T>;
}

/** Starts the server with `drones` simulated units; resolves once signed in. */
export async function startDrcBenchServer(
  drones: number,
  /** A built console to serve (browser runs); none by default. */
  distDir = '/nonexistent-skydeck-dist',
): Promise<DrcBenchServer> {
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    ADMIN_PASSWORD: BENCH_PASSWORD,
    MQTT_TCP_PORT: '0',
    SIM_DRONES: String(drones),
    SIM_OSD_HZ: '2',
    SKIP_CONSOLE_BUILD: '1',
  });
  const handle = await createSkydeck(config, {
    inMemory: true,
    distDir,
    extensions: [realtimeExtension],
  });
  const { token, api } = await signInAdmin(handle.url, BENCH_PASSWORD);
  return { handle, token, api };
}
