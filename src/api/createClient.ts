import { API, CODE_ERROR, type TokenPair } from '../../protocol/http.ts';
import { ApiError } from './ApiError.ts';

/** Spec §9: every call gives up after 20 s. */
export const REQUEST_TIMEOUT_MS = 20_000;

/** The Chinese text of the "wayline file does not exist" message (spec §8). */
const WAYLINE_MISSING = '航线文件不存在';

/** What the client needs from its surroundings; the browser wires stores and toasts, tests wire fakes. */
export interface ClientDeps {
  fetch: typeof fetch;
  /** Absolute base the paths resolve against (`location.origin + '/'` in the browser). */
  baseUrl: string;
  getTokens(): TokenPair | null;
  setTokens(pair: TokenPair): void;
  /** No refresh token or a failed refresh: clear the token and send the user to sign in. */
  onSessionLost(): void;
  isOnLoginPage(): boolean;
  notifyError(message: string): void;
  forgetWayline(): void;
  text: { unknownError: string; serverError: string };
  /** The console's language (`zh-CN`, `en`): the server answers its messages in it. */
  language(): string;
  /**
   * Sends a file body and reports upload progress, which `fetch` cannot: the browser wires an
   * `XMLHttpRequest`. Without it, uploads go through `fetch` and report only their end.
   */
  sendBlob?: BlobTransport;
}

/** One raw request carrying a file, answered with its status and text. */
export type BlobTransport = (request: {
  url: URL;
  headers: Record<string, string>;
  body: Blob;
  onProgress?: (fraction: number) => void;
}) => Promise<{ status: number; text: string }>;

export interface UploadOptions {
  query?: Query;
  /** Fraction of the body sent so far, 0…1. */
  onProgress?: (fraction: number) => void;
  /** Reject without a toast: the caller shows the outcome itself. */
  quiet?: boolean;
}

export interface RawOptions {
  query?: Query;
  body?: unknown;
  signal?: AbortSignal;
  /** The request outlives the page (a tab closing); no token renewal is tried then. */
  keepalive?: boolean;
}

export type Query = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  query?: Query;
  body?: unknown;
  /** Bearer to send instead of the access token (the refresh call sends the refresh token). */
  bearer?: string;
  /** Reject without a toast: the caller shows the outcome itself (the lock screen's wrong password). */
  quiet?: boolean;
}

interface Outcome {
  status: number;
  body: { code?: unknown; data?: unknown; msg?: unknown } | null;
}

/** Builds the HTTP client with every rule of spec §7 and §8. */
export function createClient(deps: ClientDeps) {
  let refreshing: Promise<boolean> | null = null;

  function urlOf(path: string, query: Query = {}): URL {
    const url = new URL(path.replace(/^\/?/, ''), deps.baseUrl);
    for (const [k, v] of Object.entries(query)) {
      if (v !== undefined && v !== null && v !== '') url.searchParams.set(k, String(v));
    }
    return url;
  }

  /** The headers every call carries: the bearer token and the console's language. */
  function headersFor(bearer = deps.getTokens()?.token, type?: string): Record<string, string> {
    const headers: Record<string, string> = {};
    if (bearer !== undefined) headers.Authorization = `Bearer ${bearer}`;
    if (type !== undefined) headers['Content-Type'] = type;
    // The language chosen in the console, not the browser's: server messages must match the page.
    headers['Accept-Language'] = deps.language();
    return headers;
  }

  async function send(method: string, path: string, opts: RequestOptions): Promise<Outcome> {
    const url = urlOf(path, opts.query);
    const headers = headersFor(
      opts.bearer ?? deps.getTokens()?.token,
      opts.body === undefined ? undefined : 'application/json',
    );
    const response = await deps.fetch(url, {
      method,
      headers,
      credentials: 'include',
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const body = (await response.json().catch(() => null)) as Outcome['body'];
    return { status: response.status, body };
  }

  /** One refresh shared by every request that got a 401 while it runs. */
  function refreshOnce(): Promise<boolean> {
    refreshing ??= doRefresh().finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  async function doRefresh(): Promise<boolean> {
    const refreshToken = deps.getTokens()?.refresh_token;
    if (refreshToken === undefined || refreshToken === '') return false;
    try {
      const out = await send('PUT', API.authorizations, { bearer: refreshToken });
      const pair = out.body?.data as Partial<TokenPair> | undefined;
      if (out.status !== 200 || typeof pair?.token !== 'string') return false;
      deps.setTokens({ token: pair.token, refresh_token: pair.refresh_token ?? refreshToken });
      return true;
    } catch {
      return false;
    }
  }

  function messageOf(msg: unknown): string {
    if (typeof msg === 'string' && msg !== '') return msg;
    if (typeof msg === 'object' && msg !== null && 'message' in msg) {
      const inner = msg.message;
      if (typeof inner === 'string' && inner !== '') return inner;
    }
    return deps.text.unknownError;
  }

  function fail(message: string, status: number, code: number | null, toast = true): never {
    if (toast) deps.notifyError(message);
    throw new ApiError(message, status, code);
  }

  function settle(out: Outcome, quiet = false): unknown {
    const code = typeof out.body?.code === 'number' ? out.body.code : null;
    if (out.status >= 500) fail(deps.text.serverError, out.status, code, !quiet);
    if (code === CODE_ERROR) {
      const message = messageOf(out.body?.msg);
      if (message.includes(WAYLINE_MISSING)) deps.forgetWayline();
      fail(message, out.status, code, !quiet);
    }
    if (out.status < 200 || out.status >= 300) {
      fail(messageOf(out.body?.msg), out.status, code, !quiet);
    }
    return out.body?.data;
  }

  /** One attempt; one that got no answer at all (offline, timed out) rejects with its reason. */
  async function reach(attempt: () => Promise<Outcome>, quiet = false): Promise<Outcome> {
    try {
      return await attempt();
    } catch (error) {
      const message = error instanceof Error ? error.message : deps.text.unknownError;
      return fail(message, 0, null, !quiet);
    }
  }

  /**
   * Makes `attempt` and resolves with the envelope's `data`. The one place that knows what a 401
   * means (spec §7): renew the token once (shared with every call that got one meanwhile) and try
   * again; a 401 that outlives the renewal loses the session. On the sign-in page a 401 only
   * rejects, since there is no session to lose. Neither shows a toast: the sign-in page speaks.
   */
  async function renewingOn401<T>(attempt: () => Promise<Outcome>, quiet = false): Promise<T> {
    let out = await reach(attempt, quiet);
    if (out.status === 401) {
      const message = messageOf(out.body?.msg);
      if (deps.isOnLoginPage()) fail(message, 401, null, false);
      if (await refreshOnce()) out = await reach(attempt, quiet);
      if (out.status === 401) {
        deps.onSessionLost();
        fail(message, 401, null, false);
      }
    }
    return settle(out, quiet) as T;
  }

  /** Sends one call and resolves with the envelope's `data`. */
  function request<T>(method: string, path: string, opts: RequestOptions = {}): Promise<T> {
    return renewingOn401<T>(() => send(method, path, opts), opts.quiet);
  }

  async function sendBlob(path: string, body: Blob, opts: UploadOptions): Promise<Outcome> {
    const url = urlOf(path, opts.query);
    const headers = headersFor(undefined, 'application/octet-stream');
    if (deps.sendBlob === undefined) {
      const response = await deps.fetch(url, { method: 'POST', headers, body });
      const parsed = (await response.json().catch(() => null)) as Outcome['body'];
      opts.onProgress?.(1);
      return { status: response.status, body: parsed };
    }
    const answer = await deps.sendBlob({ url, headers, body, onProgress: opts.onProgress });
    let parsed: Outcome['body'] = null;
    try {
      parsed = JSON.parse(answer.text) as Outcome['body'];
    } catch {
      // Not our envelope (a proxy's page): the status decides below.
    }
    return { status: answer.status, body: parsed };
  }

  /**
   * Posts a file as the body (`application/octet-stream`) with the client's rules: the token and
   * language, one renewal and a second try after a 401, the server's message on a refusal.
   */
  function upload<T>(path: string, body: Blob, opts: UploadOptions = {}): Promise<T> {
    return renewingOn401<T>(() => sendBlob(path, body, opts), opts.quiet);
  }

  /**
   * A call whose answer is a file rather than an envelope (a CSV, a zip, a KMZ): the token and
   * language as for every call, one renewal and a second try after a 401; the caller reads the
   * response (and {@link refusalOf} it when it is not ok).
   */
  async function raw(method: string, path: string, opts: RawOptions = {}): Promise<Response> {
    const go = () =>
      deps.fetch(urlOf(path, opts.query), {
        method,
        headers: headersFor(undefined, opts.body === undefined ? undefined : 'application/json'),
        credentials: 'include',
        body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
        signal: opts.signal,
        keepalive: opts.keepalive,
      });
    const response = await go();
    if (response.status !== 401 || opts.keepalive === true || deps.isOnLoginPage()) return response;
    return (await refreshOnce()) ? go() : response;
  }

  /** The user's words for a refused raw call: the envelope's message, else the generic text. */
  async function refusalOf(response: Response): Promise<string> {
    const body = (await response.json().catch(() => null)) as Outcome['body'];
    if (typeof body?.msg === 'string' || typeof body?.msg === 'object') {
      const message = messageOf(body.msg);
      if (message !== deps.text.unknownError) return message;
    }
    return response.status >= 500 ? deps.text.serverError : deps.text.unknownError;
  }

  return {
    request,
    upload,
    raw,
    refusalOf,
    /** Renews the access token now (shared with any 401 refresh under way); `true` on success. */
    refresh: refreshOnce,
    get: <T>(path: string, query?: Query) => request<T>('GET', path, { query }),
    post: <T>(path: string, body?: unknown) => request<T>('POST', path, { body: body ?? {} }),
    put: <T>(path: string, body?: unknown) => request<T>('PUT', path, { body }),
  };
}

export type HttpClient = ReturnType<typeof createClient>;
