import type { FastifyRequest } from 'fastify';
import { CODE_ERROR, CODE_OK } from '../../protocol/http.ts';
import type { Envelope } from '../../protocol/http.ts';
import { message, pickLang } from './messages.ts';
import type { MessageKey, MessageParams } from './messages.ts';

/** A success envelope around `data`. */
export function ok<T>(request: FastifyRequest, data: T): Envelope<T> {
  return { code: CODE_OK, data, msg: message('ok', pickLang(request.headers['accept-language'])) };
}

/** An error envelope with the message `key` in the caller's language. */
export function failure(
  request: FastifyRequest,
  key: MessageKey,
  params?: MessageParams,
): Envelope<null> {
  const msg = message(key, pickLang(request.headers['accept-language']), params);
  return { code: CODE_ERROR, data: null, msg };
}
