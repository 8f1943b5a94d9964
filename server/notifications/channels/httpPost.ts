/**
 * One JSON POST to a channel's address, turned into an attempt's result. The address was typed by a
 * project admin, so the request is fenced (see egress.ts): only the addresses the policy allows are
 * connected to, redirects are never followed, the whole exchange has a time limit, and no more of
 * the answer is read than a delivery log needs.
 */
import { request as httpRequest } from 'node:http';
import type { ClientRequest, IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { EgressPolicy } from '../egress.ts';
import { guardedLookup, refusedLiteral } from '../egress.ts';
import type { AttemptResult } from './types.ts';
import { ATTEMPT_TIMEOUT_MS } from './types.ts';

/** How much of an answer is kept for the delivery log. */
const KEPT_ANSWER = 300;
/** How much of an answer is read at most: robots answer a few hundred bytes of JSON. */
export const MAX_ANSWER_BYTES = 64 * 1024;

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

export interface PostOptions {
  /** Where connections may go. */
  egress: EgressPolicy;
  headers?: Record<string, string>;
  /** A refusal written inside a 2xx answer (chat robots), or null. */
  checkBody?: (text: string) => string | null;
  /** The whole exchange's limit (tests shorten it). */
  timeoutMs?: number;
}

const failed = (
  error: string,
  retry: boolean,
  statusCode: number | null = null,
): AttemptResult => ({
  ok: false,
  statusCode,
  error: error.slice(0, KEPT_ANSWER),
  retry,
});

function errorText(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return `${error.message}${cause}`;
}

/** The result of a complete (or cut short) answer. */
function resultOf(
  response: IncomingMessage,
  text: string,
  checkBody: (text: string) => string | null,
): AttemptResult {
  const status = response.statusCode ?? 0;
  if (status >= 300 && status < 400)
    // A hook that moved is a configuration to fix, not a place to send the message (and its
    // signature) on to; following it would also step around the address check.
    return failed(`HTTP ${String(status)}: redirect not followed`, false, status);
  if (status < 200 || status >= 300)
    return failed(`HTTP ${String(status)} ${text}`.trim(), retryable(status), status);
  const refused = checkBody(text);
  return refused === null
    ? { ok: true, statusCode: status, error: '', retry: false }
    : failed(refused, false, status);
}

/** Reads at most `MAX_ANSWER_BYTES` of the answer, then stops listening (and closes the socket). */
function readBounded(response: IncomingMessage, done: (text: string) => void): void {
  const chunks: Buffer[] = [];
  let size = 0;
  const finish = () => done(Buffer.concat(chunks).toString('utf8'));
  response.on('data', (chunk: Buffer) => {
    const room = MAX_ANSWER_BYTES - size;
    chunks.push(chunk.length > room ? chunk.subarray(0, room) : chunk);
    size += Math.min(chunk.length, room);
    if (size >= MAX_ANSWER_BYTES) {
      response.destroy();
      finish();
    }
  });
  response.on('end', finish);
  response.on('error', finish);
}

/**
 * POSTs `body` (already serialised: a signature may cover its exact bytes) to `url` within the
 * policy; see the module comment.
 */
export function postJson(url: string, body: string, options: PostOptions): Promise<AttemptResult> {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return Promise.resolve(failed('not a valid URL', false));
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:')
    return Promise.resolve(failed(`${target.protocol} is not http(s)`, false));
  const literal = refusedLiteral(options.egress, target.hostname);
  if (literal) return Promise.resolve(failed(literal.message, false));
  const checkBody = options.checkBody ?? (() => null);
  return new Promise((resolve) => {
    let settled = false;
    let request: ClientRequest | null = null;
    const settle = (result: AttemptResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      request?.destroy();
      resolve(result);
    };
    // Real time on purpose: this bounds a real socket, not a schedule the notifier keeps.
    const timer = setTimeout(
      () => settle(failed('timed out', true)),
      options.timeoutMs ?? ATTEMPT_TIMEOUT_MS,
    );
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    request = send(
      target,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'content-length': String(Buffer.byteLength(body)),
          ...options.headers,
        },
        lookup: guardedLookup(options.egress),
      },
      (response) => readBounded(response, (text) => settle(resultOf(response, text, checkBody))),
    );
    request.on('error', (error: unknown) => {
      // The address check refuses for good; a refused or dropped connection may pass later.
      const refused = error instanceof Error && error.name === 'EgressRefused';
      settle(failed(errorText(error), !refused));
    });
    request.end(body);
  });
}
