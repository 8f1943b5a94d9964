/** One JSON POST with a time limit, turned into an attempt's result. */
import type { AttemptResult } from './types.ts';
import { ATTEMPT_TIMEOUT_MS } from './types.ts';

/** How much of an answer is kept for the delivery log. */
const KEPT_ANSWER = 300;

const retryable = (status: number): boolean => status >= 500 || status === 429 || status === 408;

/**
 * The error a chat robot reports inside a 200 answer (`errcode` of DingTalk and WeCom, `code` or
 * `StatusCode` of Feishu), or null when the answer says success or is not such a body.
 */
export function robotError(text: string): string | null {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof body !== 'object' || body === null) return null;
  const b = body as Record<string, unknown>;
  const code = b.errcode ?? b.code ?? b.StatusCode;
  if (code === undefined || code === 0) return null;
  const msg = b.errmsg ?? b.msg ?? b.StatusMessage ?? '';
  const shown =
    typeof code === 'number' || typeof code === 'string' ? String(code) : JSON.stringify(code);
  return `${shown}: ${typeof msg === 'string' ? msg : JSON.stringify(msg)}`.slice(0, KEPT_ANSWER);
}

/**
 * POSTs `body` (already serialised: a signature may cover its exact bytes) to `url`. Redirects are
 * not followed: a hook that moved is a configuration to fix, not a place to send secrets on to.
 */
export async function postJson(
  url: string,
  body: string,
  headers: Record<string, string> = {},
  checkBody: (text: string) => string | null = () => null,
): Promise<AttemptResult> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(ATTEMPT_TIMEOUT_MS),
    });
  } catch (error) {
    const cause =
      error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
    const message = error instanceof Error ? `${error.message}${cause}` : String(error);
    return { ok: false, statusCode: null, error: message.slice(0, KEPT_ANSWER), retry: true };
  }
  const text = await response.text().catch(() => '');
  if (response.status < 200 || response.status >= 300)
    return {
      ok: false,
      statusCode: response.status,
      error: `HTTP ${String(response.status)} ${text}`.trim().slice(0, KEPT_ANSWER),
      retry: retryable(response.status),
    };
  const refused = checkBody(text);
  return refused === null
    ? { ok: true, statusCode: response.status, error: '', retry: false }
    : { ok: false, statusCode: response.status, error: refused, retry: false };
}
