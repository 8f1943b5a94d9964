import type { ClientDeps } from './clientDeps.ts';
import { createClientErrors } from './clientErrors.ts';
import { createClientTransport, type Outcome } from './clientTransport.ts';
import type { Query, RawOptions, RequestOptions, UploadOptions } from './requestOptions.ts';
import { createSharedRefresh } from './sharedRefresh.ts';

export type { BlobTransport, ClientDeps } from './clientDeps.ts';
export { REQUEST_TIMEOUT_MS } from './clientTransport.ts';
export type { Query, RawOptions, RequestOptions, UploadOptions } from './requestOptions.ts';

/** Builds the HTTP client with every rule of spec §7 and §8. */
export function createClient(deps: ClientDeps) {
  const { urlOf, headersFor, send, sendBlob } = createClientTransport(deps);
  const refreshOnce = createSharedRefresh(deps, send);
  const { messageOf, fail, settle, reach } = createClientErrors(deps);

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
