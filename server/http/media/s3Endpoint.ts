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
import { EMBEDDED_BUCKET, S3_ENDPOINT_PATH } from '../../media/storageConfigRequest.ts';
import type { ObjectInfo } from '../../storage/ObjectStore.ts';
import { payloadMatches, s3ErrorXml } from '../../storage/sigV4.ts';
import type { SigRefusal } from '../../storage/sigV4.ts';
import type { AppDeps, ZodApp } from '../context.ts';
import { acceptStreamBody, BodyTooLargeError, spoolBody } from '../rawBody.ts';
import type { S3Admission } from './s3Auth.ts';
import {
  admit,
  announcesBody,
  header,
  isListing,
  rawTarget,
  S3_MAX_OBJECT_BYTES,
} from './s3Auth.ts';

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

const NO_SUCH_KEY: SigRefusal = {
  status: 404,
  code: 'NoSuchKey',
  message: 'The specified key does not exist.',
};
const ACCESS_DENIED: SigRefusal = { status: 403, code: 'AccessDenied', message: 'Access Denied.' };
const SLOW_DOWN: SigRefusal = {
  status: 503,
  code: 'SlowDown',
  message: 'Too many uploads at once; please reduce your request rate.',
};

type Admitted = Extract<S3Admission, { ok: true }>;

function sendError(reply: FastifyReply, refusal: SigRefusal, resource: string) {
  return reply
    .code(refusal.status)
    .header('content-type', 'application/xml')
    .send(s3ErrorXml(refusal, resource));
}

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
  return sendError(reply, refusal, rawTarget(request).path);
}

const xmlText = (text: string) => text.replace(/[<>&'"]/g, (c) => `&#${String(c.charCodeAt(0))};`);

/** The `ListObjectsV2` answer (one page: a dock's prefix holds a few thousand files at most). */
function listXml(prefix: string, infos: ObjectInfo[]): string {
  const contents = infos
    .map(
      (i) =>
        `<Contents><Key>${xmlText(i.key)}</Key><LastModified>${i.lastModified.toISOString()}</LastModified>` +
        `<ETag>"${i.md5}"</ETag><Size>${String(i.size)}</Size><StorageClass>STANDARD</StorageClass></Contents>`,
    )
    .join('');
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">' +
    `<Name>${EMBEDDED_BUCKET}</Name><Prefix>${xmlText(prefix)}</Prefix>` +
    `<KeyCount>${String(infos.length)}</KeyCount><MaxKeys>${String(Math.max(1000, infos.length))}</MaxKeys>` +
    `<IsTruncated>false</IsTruncated>${contents}</ListBucketResult>`
  );
}

function objectHeaders(reply: FastifyReply, info: ObjectInfo): FastifyReply {
  return reply
    .header('content-type', info.contentType)
    .header('etag', `"${info.md5}"`)
    .header('last-modified', info.lastModified.toUTCString());
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
  const admitted = new WeakMap<FastifyRequest, Admitted>();
  let uploads = 0;

  /** The admission the `onRequest` hook recorded; every handler of the scope runs after it. */
  function admissionOf(request: FastifyRequest): Admitted {
    const admission = admitted.get(request);
    if (!admission) throw new Error('S3 request handled without an admission');
    return admission;
  }

  /** Takes one of the upload slots until the response is over, or answers false when none is free. */
  function takeUploadSlot(reply: FastifyReply): boolean {
    if (uploads >= S3_MAX_CONCURRENT_UPLOADS) return false;
    uploads += 1;
    // `close` follows the end of every response, and also a connection lost half-way.
    reply.raw.once('close', () => {
      uploads -= 1;
    });
    return true;
  }

  /** `PutObject`: the body streams to a temporary file, is checked against its signature, then stored. */
  async function putObject(request: FastifyRequest, reply: FastifyReply) {
    const { key, payloadHash } = admissionOf(request);
    if (key === null) return sendError(reply, ACCESS_DENIED, rawTarget(request).path);
    const body = await spoolBody(request.raw, S3_MAX_OBJECT_BYTES);
    try {
      if (!payloadMatches(payloadHash, body.sha256))
        return await sendError(
          reply,
          {
            status: 400,
            code: 'XAmzContentSHA256Mismatch',
            message: 'The body does not match x-amz-content-sha256.',
          },
          key,
        );
      const md5 = header(request, 'content-md5');
      if (md5 && md5 !== body.md5Base64)
        return await sendError(
          reply,
          { status: 400, code: 'BadDigest', message: 'The Content-MD5 does not match.' },
          key,
        );
      const type = header(request, 'content-type') || 'application/octet-stream';
      const info = await storage.putFile(key, body.path, type);
      return await reply.code(200).header('etag', `"${info.md5}"`).send('');
    } finally {
      await body.remove();
    }
  }

  /** `ListObjectsV2` of the bucket, within the dock prefix. */
  async function listBucket(request: FastifyRequest, reply: FastifyReply) {
    const { prefix: allowed } = admissionOf(request);
    const query = request.query as Record<string, unknown>;
    const prefix = typeof query.prefix === 'string' ? query.prefix : '';
    if (!prefix.startsWith(allowed))
      return sendError(reply, ACCESS_DENIED, rawTarget(request).path);
    const infos = await storage.list(prefix);
    return reply.header('content-type', 'application/xml').send(listXml(prefix, infos));
  }

  /** Runs `work` on the admitted object key. */
  function onObject(request: FastifyRequest, work: (key: string) => Promise<unknown>) {
    const { key } = admissionOf(request);
    if (key === null) throw new Error('S3 object route admitted as a listing');
    return work(key);
  }

  void app.register((scoped: ZodApp, _options, done) => {
    // Whatever the dock says the content type is, the body is bytes the PUT handler streams itself.
    scoped.removeAllContentTypeParsers();
    acceptStreamBody(scoped, '*');
    const options = { config: { access: 'public' }, schema: { hide: true } } as const;

    scoped.addHook('onRequest', async (request, reply) => {
      const admission = admit(tokenSecret, request);
      if (!admission.ok) return refuseEarly(request, reply, admission);
      if (request.method === 'PUT' && !takeUploadSlot(reply))
        return refuseEarly(request, reply, SLOW_DOWN);
      admitted.set(request, admission);
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
      return sendError(reply, answer, rawTarget(request).path);
    });

    scoped.put(`${S3_ENDPOINT_PATH}/:bucket/*`, options, putObject);

    scoped.get(`${S3_ENDPOINT_PATH}/:bucket/*`, options, (request, reply) =>
      isListing(request)
        ? listBucket(request, reply)
        : onObject(request, async (key) => {
            const object = await storage.get(key);
            if (!object) return sendError(reply, NO_SUCH_KEY, key);
            return objectHeaders(reply, object.info).send(Buffer.from(object.body));
          }),
    );

    scoped.delete(`${S3_ENDPOINT_PATH}/:bucket/*`, options, (request, reply) =>
      onObject(request, async (key) => {
        await storage.delete(key);
        return reply.code(204).send();
      }),
    );

    scoped.get(`${S3_ENDPOINT_PATH}/:bucket`, options, listBucket);
    done();
  });
}
