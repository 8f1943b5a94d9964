import type { ClientDeps } from './clientDeps.ts';
import type { Query, RequestOptions, UploadOptions } from './requestOptions.ts';

/** Spec §9: every call gives up after 20 s. */
export const REQUEST_TIMEOUT_MS = 20_000;

/** One answer of the server: its status and its envelope (`null` when the body was not one). */
export interface Outcome {
  status: number;
  body: { code?: unknown; data?: unknown; msg?: unknown } | null;
}

/**
 * The client's wire: where a path goes, what headers every call carries, and one attempt of a JSON
 * call or a file upload. It knows nothing of tokens expiring or of errors; the client adds those.
 */
export function createClientTransport(deps: ClientDeps) {
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

  return { urlOf, headersFor, send, sendBlob };
}
