/**
 * A minimal S3-compatible endpoint for docks (path style, `/s3/<bucket>/<key>`): `PutObject` is what
 * a dock uploads with; `GetObject`, `HeadObject`, `DeleteObject` and `ListObjectsV2` within its own
 * prefix complete what an S3 client expects. Refusals answer S3's XML errors, which dock firmware
 * and SDKs understand. The bytes live in the server's object store, whichever back end that is.
 */
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { EMBEDDED_BUCKET, S3_ENDPOINT_PATH } from '../../media/storageConfigRequest.ts';
import type { ObjectInfo } from '../../storage/ObjectStore.ts';
import { s3ErrorXml } from '../../storage/sigV4.ts';
import type { SigRefusal } from '../../storage/sigV4.ts';
import type { AppDeps, ZodApp } from '../context.ts';
import { authorize, BUCKET_PATH, header, keyOf, rawTarget } from './s3Auth.ts';
import { acceptRawBody } from '../rawBody.ts';

/** Largest object one PUT may carry, bytes (the body is held in memory while it is stored). */
export const S3_MAX_OBJECT_BYTES = 512 * 1024 * 1024;
const NO_SUCH_KEY: SigRefusal = {
  status: 404,
  code: 'NoSuchKey',
  message: 'The specified key does not exist.',
};
const ACCESS_DENIED: SigRefusal = { status: 403, code: 'AccessDenied', message: 'Access Denied.' };

function sendError(reply: FastifyReply, refusal: SigRefusal, resource: string) {
  return reply
    .code(refusal.status)
    .header('content-type', 'application/xml')
    .send(s3ErrorXml(refusal, resource));
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

/** Registers the endpoint under `/s3`, outside `/api` and its envelope and OpenAPI document. */
export function registerS3Endpoint(app: ZodApp, deps: AppDeps): void {
  const { storage, tokenSecret } = deps;

  /** Runs `work` for a signed request on an allowed key of the bucket, or answers the refusal. */
  async function onObject(
    request: FastifyRequest,
    reply: FastifyReply,
    body: Buffer,
    work: (key: string) => Promise<unknown>,
  ) {
    const { path } = rawTarget(request);
    if (!path.startsWith(`${BUCKET_PATH}/`))
      return sendError(
        reply,
        { status: 404, code: 'NoSuchBucket', message: 'No such bucket.' },
        path,
      );
    const auth = authorize(tokenSecret, request, body);
    if (!auth.ok) return sendError(reply, auth, path);
    const key = keyOf(path);
    if (key === null) return sendError(reply, { ...ACCESS_DENIED, code: 'InvalidArgument' }, path);
    if (!key.startsWith(auth.prefix)) return sendError(reply, ACCESS_DENIED, path);
    return work(key);
  }

  /** `ListObjectsV2` of the bucket (`/s3/<bucket>` or `/s3/<bucket>/`), within the dock prefix. */
  async function listBucket(request: FastifyRequest, reply: FastifyReply) {
    const { path } = rawTarget(request);
    if (path !== BUCKET_PATH && path !== `${BUCKET_PATH}/`)
      return sendError(
        reply,
        { status: 404, code: 'NoSuchBucket', message: 'No such bucket.' },
        path,
      );
    const auth = authorize(tokenSecret, request, Buffer.alloc(0));
    if (!auth.ok) return sendError(reply, auth, path);
    const query = request.query as Record<string, unknown>;
    const prefix = typeof query.prefix === 'string' ? query.prefix : '';
    if (!prefix.startsWith(auth.prefix)) return sendError(reply, ACCESS_DENIED, path);
    const infos = await storage.list(prefix);
    return reply.header('content-type', 'application/xml').send(listXml(prefix, infos));
  }

  void app.register((scoped: ZodApp, _options, done) => {
    // Whatever the dock says the content type is, the body is bytes to store as they are.
    scoped.removeAllContentTypeParsers();
    acceptRawBody(scoped, '*', S3_MAX_OBJECT_BYTES);
    const options = { config: { access: 'public' }, schema: { hide: true } } as const;

    scoped.put(
      `${S3_ENDPOINT_PATH}/:bucket/*`,
      { ...options, bodyLimit: S3_MAX_OBJECT_BYTES },
      (request, reply) => {
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        return onObject(request, reply, body, async (key) => {
          const md5 = header(request, 'content-md5');
          if (md5 && md5 !== createHash('md5').update(body).digest('base64'))
            return sendError(
              reply,
              { status: 400, code: 'BadDigest', message: 'The Content-MD5 does not match.' },
              key,
            );
          const type = header(request, 'content-type') || 'application/octet-stream';
          const info = await storage.put(key, new Uint8Array(body), type);
          return reply.code(200).header('etag', `"${info.md5}"`).send('');
        });
      },
    );

    scoped.get(`${S3_ENDPOINT_PATH}/:bucket/*`, options, (request, reply) =>
      rawTarget(request).path === `${BUCKET_PATH}/`
        ? listBucket(request, reply)
        : onObject(request, reply, Buffer.alloc(0), async (key) => {
            const object = await storage.get(key);
            if (!object) return sendError(reply, NO_SUCH_KEY, key);
            return objectHeaders(reply, object.info).send(Buffer.from(object.body));
          }),
    );

    scoped.delete(`${S3_ENDPOINT_PATH}/:bucket/*`, options, (request, reply) =>
      onObject(request, reply, Buffer.alloc(0), async (key) => {
        await storage.delete(key);
        return reply.code(204).send();
      }),
    );

    scoped.get(`${S3_ENDPOINT_PATH}/:bucket`, options, listBucket);
    done();
  });
}
