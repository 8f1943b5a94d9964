import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { CODE_ERROR } from '../../protocol/http.ts';
import type { Envelope } from '../../protocol/http.ts';
import { failure } from './envelope.ts';
import { message } from './messages.ts';

/** Status and envelope for a request Node's parser refused before Fastify saw it. */
function refusal(code: string | undefined): { status: number; body: Envelope<null> } {
  // The request never got parsed, so its Accept-Language is unknown: the default language answers.
  if (code === 'HPE_HEADER_OVERFLOW' || code === 'HPE_URI_TOO_LONG')
    return {
      status: 431,
      body: { code: CODE_ERROR, data: null, msg: message('too_large.headers', 'zh') },
    };
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT')
    return { status: 408, body: { code: CODE_ERROR, data: null, msg: message('too_many', 'zh') } };
  return {
    status: 400,
    body: {
      code: CODE_ERROR,
      data: null,
      msg: message('validation.invalid', 'zh', { field: 'request' }),
    },
  };
}

/**
 * Answers what Node's HTTP parser refuses (an oversized request line or header, a malformed request)
 * with the `{code, data, msg}` envelope instead of Fastify's own shape; then closes the connection,
 * as Node does.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, body } = refusal(error.code);
  const text = JSON.stringify(body);
  if (socket.writable)
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Bad Request'}\r\n` +
        `Content-Length: ${Buffer.byteLength(text)}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n' +
        text,
    );
  socket.destroy(error);
}

/** Router-level refusals (a URL that does not decode, a too-long path parameter) as a 400 envelope. */
export function frameworkErrors(
  _error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  void reply.status(400).send(failure(request, 'validation.invalid', { field: 'url' }));
}
