/**
 * A Skydeck server in this process for the DRC benchmark: in-memory database, embedded broker and a
 * small simulated fleet on the wall clock, as `npm start` runs them.
 */
import { createSkydeck } from '../../server/app.ts';
import type { SkydeckHandle } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { realtimeExtension } from '../../server/realtime.ts';

const PASSWORD = 'bench123';

export interface DrcBenchServer {
  handle: SkydeckHandle;
  /** An access token of `admin`. */
  token: string;
  /** `/api` call with the admin's token; the envelope's `data`, or a thrown message. */
  api<T>(method: 'GET' | 'POST', path: string, body?: object): Promise<T>;
}

/** Starts the server with `drones` simulated units; resolves once signed in. */
export async function startDrcBenchServer(drones: number): Promise<DrcBenchServer> {
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    ADMIN_PASSWORD: PASSWORD,
    MQTT_TCP_PORT: '0',
    SIM_DRONES: String(drones),
    SIM_OSD_HZ: '2',
    SKIP_CONSOLE_BUILD: '1',
  });
  const handle = await createSkydeck(config, {
    inMemory: true,
    distDir: '/nonexistent-skydeck-dist',
    extensions: [realtimeExtension],
  });
  let token = '';
  const api = async <T>(method: 'GET' | 'POST', path: string, body?: object): Promise<T> => {
    const response = await fetch(new URL(path, handle.url), {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    const envelope = (await response.json()) as { data: T; msg: string };
    if (!response.ok) throw new Error(`${path}: ${envelope.msg}`);
    return envelope.data;
  };
  token = (
    await api<{ token: string }>('POST', '/api/login', { username: 'admin', password: PASSWORD })
  ).token;
  return { handle, token, api };
}
