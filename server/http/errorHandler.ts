import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { PASSWORD_MAX, PASSWORD_MIN } from '../auth/passwords.ts';
import { ApiError } from './ApiError.ts';
import { failure } from './envelope.ts';
import { message, pickLang } from './messages.ts';
import type { MessageKey, MessageParams } from './messages.ts';

interface Issue {
  keyword: string;
  instancePath: string;
  message?: string;
  params: Record<string, unknown>;
}

function isBound(value: unknown): value is number | bigint {
  return typeof value === 'number' || typeof value === 'bigint';
}

/** A bound as the user reads it: a date bound as its day, a number as itself. */
function shownBound(issue: Issue, bound: number | bigint): string {
  if (issue.params.origin === 'date') return new Date(Number(bound)).toISOString().slice(0, 10);
  return String(bound);
}

/**
 * The issue to report: the first one, except that among several bounds broken by the same field
 * the tightest wins (an id of 2^53 breaks both the safe-integer and the column bound; the column
 * bound is the one that helps).
 */
export function reportedIssue(issues: readonly Issue[]): Issue | undefined {
  const [first] = issues;
  if (!first) return undefined;
  const tighter = (a: Issue, b: Issue): Issue => {
    if (a.keyword !== b.keyword || !isBound(a.params.maximum ?? a.params.minimum)) return a;
    const [x, y] = [
      Number(a.params.maximum ?? a.params.minimum),
      Number(b.params.maximum ?? b.params.minimum),
    ];
    return (a.keyword === 'too_big' ? y < x : y > x) ? b : a;
  };
  return issues.filter((i) => i.instancePath === first.instancePath).reduce(tighter, first);
}

/** The catalogue message for the first failed check of a schema: always names the field. */
export function validationMessage(issue: Issue, context: string): [MessageKey, MessageParams] {
  const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || context;
  const { minimum, maximum } = issue.params;
  if (issue.keyword === 'invalid_type' && issue.message?.includes('received undefined'))
    return ['validation.required', { field }];
  const isText = issue.params.origin === 'string';
  if (issue.keyword === 'too_small' && isText && minimum === 1)
    return ['validation.required', { field }];
  if (
    /password/i.test(field) &&
    isText &&
    (issue.keyword === 'too_small' || issue.keyword === 'too_big')
  )
    return ['validation.password', { field, min: PASSWORD_MIN, max: PASSWORD_MAX }];
  if (issue.keyword === 'too_small' && isBound(minimum))
    return ['validation.too_small', { field, min: shownBound(issue, minimum) }];
  if (issue.keyword === 'too_big' && isBound(maximum))
    return ['validation.too_big', { field, max: shownBound(issue, maximum) }];
  return ['validation.invalid', { field }];
}

function sendApiError(error: ApiError, request: FastifyRequest, reply: FastifyReply): void {
  const lang = pickLang(request.headers['accept-language']);
  const what = error.parts
    .map((p) => message(p.key, lang, p.params))
    .join(lang === 'en' ? ', ' : '、');
  const params = error.parts.length > 0 ? { ...error.params, what } : error.params;
  void reply.status(error.status).send(failure(request, error.key, params));
}

const UNIQUE_VIOLATION = '23505';

const STATUS_MESSAGES: Partial<Record<number, MessageKey>> = {
  401: 'auth.required',
  403: 'forbidden',
  404: 'not_found.route',
  413: 'too_large',
  429: 'too_many',
};

/** Answers a request no route matched (the console's client-side routes); false: not handled. */
export type NotFoundFallback = (request: FastifyRequest, reply: FastifyReply) => Promise<boolean>;

/** Turns every error into the `{code, data, msg}` envelope; details of a 500 only go to the log. */
export function installErrorHandler(app: FastifyInstance, fallback?: NotFoundFallback): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof ApiError) return sendApiError(error, request, reply);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = reportedIssue(error.validation);
      const [key, params] = first
        ? validationMessage(first, error.validationContext ?? 'body')
        : (['validation.invalid', { field: 'body' }] as const);
      return reply.status(400).send(failure(request, key, params));
    }
    // Two requests racing past a uniqueness pre-check: the database's unique index decides.
    if (error.code === UNIQUE_VIOLATION)
      return reply.status(409).send(failure(request, 'conflict.duplicate'));
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const key = STATUS_MESSAGES[status] ?? 'validation.invalid';
      return reply
        .status(status === 415 ? 400 : status)
        .send(failure(request, key, { field: 'body' }));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send(failure(request, 'server_error'));
  });
  app.setNotFoundHandler(async (request, reply) => {
    if (fallback && (await fallback(request, reply))) return reply;
    return reply.status(404).send(failure(request, 'not_found.route'));
  });
}
