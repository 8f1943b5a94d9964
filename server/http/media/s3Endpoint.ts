/**
 * A minimal S3-compatible endpoint for docks (path style, `/s3/<bucket>/<key>`): `PutObject` is what
 * a dock uploads with; `GetObject`, `HeadObject`, `DeleteObject` and `ListObjectsV2` within its own
 * prefix complete what an S3 client expects. Refusals answer S3's XML errors, which dock firmware
 * and SDKs understand. The bytes live in the server's object store, whichever back end that is.
 *
 * Every request is judged from its headers before any of its body is read (signature, key, prefix,
 * declared length), and an admitted upload streams to a temporary file and from there to the store:
 * a request nobody may make costs nothing, and one that may costs disk, not memory.
 */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { S3_ENDPOINT_PATH } from '../../media/storageConfigRequest.ts';
import type { SigRefusal } from '../../storage/sigV4.ts';
import type { AppDeps, ZodApp } from '../context.ts';
import { acceptStreamBody, BodyTooLargeError } from '../rawBody.ts';
import { s3Admissions } from './s3Admissions.ts';
import { admit, announcesBody, rawTarget } from './s3Auth.ts';
import { s3ObjectHandlers } from './s3ObjectHandlers.ts';
import { sendS3Error } from './sendS3Error.ts';

export { S3_MAX_OBJECT_BYTES } from './s3Auth.ts';

/**
 * How many uploads may stream in at once. More answer 503 `SlowDown`, which S3 clients retry after a
 * pause: each upload holds a temporary file and a connection until it is stored.
 */
export const S3_MAX_CONCURRENT_UPLOADS = 8;
/**
 * How long the unread body of a refused request is drained (and thrown away) before its connection
 * is dropped, ms. Dropping it at once could reset the connection before the client has read the
 * refusal; draining it without end would let anyone make the server read bytes it refused.
 */
const LINGER_MS = 5_000;

const SLOW_DOWN: SigRefusal = {
  status: 503,
  code: 'SlowDown',
  message: 'Too many uploads at once; please reduce your request rate.',
};

/**
 * Answers a refusal before the body was read. Once the answer is out Node drains the rest of the
 * body; a client that keeps sending past `LINGER_MS` loses the connection.
 */
function refuseEarly(request: FastifyRequest, reply: FastifyReply, refusal: SigRefusal) {
  if (announcesBody(request)) {
    const { raw } = request;
    reply.raw.once('finish', () => {
      if (raw.complete) return;
      const timer = setTimeout(() => raw.socket.destroy(), LINGER_MS);
      timer.unref();
      raw.once('close', () => clearTimeout(timer));
      raw.once('end', () => clearTimeout(timer));
    });
  }
  return sendS3Error(reply, refusal, rawTarget(request).path);
}

/** S3's answer to an error thrown while a request of the scope was handled. */
function errorRefusal(error: FastifyError, request: FastifyRequest): SigRefusal | null {
  if (error instanceof BodyTooLargeError)
    return { status: 413, code: 'EntityTooLarge', message: error.message };
  // The client stopped sending before Content-Length bytes arrived (it is probably gone).
  const { raw } = request;
  if (!raw.complete && (raw.destroyed || raw.readableAborted))
    return {
      status: 400,
      code: 'IncompleteBody',
      message:
        'You did not provide the number of bytes specified by the Content-Length HTTP header.',
    };
  const status = error.statusCode ?? 500;
  return status >= 400 && status < 500
    ? { status, code: 'InvalidRequest', message: 'The request is not valid.' }
    : null;
}

/** Registers the endpoint under `/s3`, outside `/api` and its envelope and OpenAPI document. */
export function registerS3Endpoint(app: ZodApp, deps: AppDeps): void {
  const { storage, tokenSecret } = deps;
  const admissions = s3Admissions(S3_MAX_CONCURRENT_UPLOADS);
  const { putObject, listBucket, getObject, deleteObject } = s3ObjectHandlers(storage, admissions);

  void app.register((scoped: ZodApp, _options, done) => {
    // Whatever the dock says the content type is, the body is bytes the PUT handler streams itself.
    scoped.removeAllContentTypeParsers();
    acceptStreamBody(scoped, '*');
    const options = { config: { access: 'public' }, schema: { hide: true } } as const;

    scoped.addHook('onRequest', async (request, reply) => {
      const admission = admit(tokenSecret, request);
      if (!admission.ok) return refuseEarly(request, reply, admission);
      if (request.method === 'PUT' && !admissions.takeUploadSlot(reply))
        return refuseEarly(request, reply, SLOW_DOWN);
      admissions.record(request, admission);
      return undefined;
    });

    scoped.setErrorHandler((error: FastifyError, request, reply) => {
      const refusal = errorRefusal(error, request);
      if (!refusal) request.log.error({ err: error }, 's3 request failed');
      const answer = refusal ?? {
        status: 500,
        code: 'InternalError',
        message: 'We encountered an internal error. Please try again.',
      };
      return sendS3Error(reply, answer, rawTarget(request).path);
    });

    scoped.put(`${S3_ENDPOINT_PATH}/:bucket/*`, options, putObject);
    scoped.get(`${S3_ENDPOINT_PATH}/:bucket/*`, options, getObject);
    scoped.delete(`${S3_ENDPOINT_PATH}/:bucket/*`, options, deleteObject);
    scoped.get(`${S3_ENDPOINT_PATH}/:bucket`, options, listBucket);
    done();
  });
}
