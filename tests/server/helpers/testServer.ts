import type { SkydeckExtension, SkydeckHandle } from '../../../server/app.ts';
import { createSkydeck } from '../../../server/app.ts';
import { LoginThrottle } from '../../../server/auth/loginThrottle.ts';
import type { ThrottleOptions } from '../../../server/auth/loginThrottle.ts';
import type { Config } from '../../../server/config.ts';
import { loadConfig } from '../../../server/config.ts';
import type { Backend } from './backends.ts';

/** The demo accounts' password in every test server. */
export const PASSWORD = 'Secret#2024';

export interface Answer<T = unknown> {
  status: number;
  body: { code: number; data: T; msg: string };
  headers: Headers;
}

export interface CallOptions {
  token?: string;
  body?: unknown;
  query?: Record<string, string | number | boolean>;
  lang?: string;
  headers?: Record<string, string>;
}

/** A real Skydeck on a free port over a fresh database, with plain-`fetch` helpers. */
export interface TestServer {
  url: string;
  handle: SkydeckHandle;
  call<T = unknown>(method: string, path: string, options?: CallOptions): Promise<Answer<T>>;
  /** Signs in a demo account; returns its access and refresh tokens. */
  signIn(username: string, password?: string): Promise<{ token: string; refresh: string }>;
  close(): Promise<void>;
}

/** A config for tests: port 0, quiet logs, the known password, overrides on top. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({ PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', ADMIN_PASSWORD: PASSWORD }),
    ...overrides,
  };
}

// A lenient throttle so the suites' deliberate failures never lock each other out; the throttle
// suite passes its own.
const LENIENT: ThrottleOptions = {
  freeFailures: 100,
  lockFailures: 200,
  delayStepMs: 0,
  windowMs: 60_000,
};

/** Starts the real app on `backend`. */
export async function startServer(
  backend: Backend,
  options: {
    config?: Partial<Config>;
    throttle?: ThrottleOptions;
    distDir?: string;
    extensions?: SkydeckExtension[];
  } = {},
): Promise<TestServer> {
  const opened = await backend.open();
  const handle = await createSkydeck(testConfig(options.config), {
    db: opened.db,
    inMemory: true,
    throttle: new LoginThrottle(options.throttle ?? LENIENT),
    distDir: options.distDir ?? '/nonexistent-skydeck-dist',
    extensions: options.extensions ?? [],
  });
  const call = async <T>(method: string, path: string, o: CallOptions = {}): Promise<Answer<T>> => {
    const url = new URL(path, handle.url);
    for (const [k, v] of Object.entries(o.query ?? {})) url.searchParams.set(k, String(v));
    const headers: Record<string, string> = { ...o.headers };
    if (o.token) headers.authorization = `Bearer ${o.token}`;
    if (o.lang) headers['accept-language'] = o.lang;
    if (o.body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(url, {
      method,
      headers,
      body: o.body === undefined ? undefined : JSON.stringify(o.body),
    });
    const text = await response.text();
    const body = (
      text.startsWith('{') ? JSON.parse(text) : { code: 0, data: text, msg: '' }
    ) as Answer<T>['body'];
    return { status: response.status, body, headers: response.headers };
  };
  const signIn = async (username: string, password = PASSWORD) => {
    const answer = await call<{ token: string; refresh_token: string }>('POST', '/api/login', {
      body: { username, password },
    });
    if (answer.status !== 200) throw new Error(`sign-in of ${username} failed: ${answer.body.msg}`);
    return { token: answer.body.data.token, refresh: answer.body.data.refresh_token };
  };
  return {
    url: handle.url,
    handle,
    call,
    signIn,
    close: async () => {
      await handle.close();
      await opened.dispose();
    },
  };
}
