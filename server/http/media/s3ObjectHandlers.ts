import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ObjectInfo, ObjectStore } from '../../storage/ObjectStore.ts';
import { payloadMatches } from '../../storage/sigV4.ts';
import type { SigRefusal } from '../../storage/sigV4.ts';
import { spoolBody } from '../rawBody.ts';
import type { S3Admissions } from './s3Admissions.ts';
import { header, isListing, rawTarget, S3_MAX_OBJECT_BYTES } from './s3Auth.ts';
import { listXml } from './s3ListXml.ts';
import { sendS3Error } from './sendS3Error.ts';

const NO_SUCH_KEY: SigRefusal = {
  status: 404,
  code: 'NoSuchKey',
  message: 'The specified key does not exist.',
};
const ACCESS_DENIED: SigRefusal = { status: 403, code: 'AccessDenied', message: 'Access Denied.' };

function objectHeaders(reply: FastifyReply, info: ObjectInfo): FastifyReply {
  return reply
    .header('content-type', info.contentType)
    .header('etag', `"${info.md5}"`)
    .header('last-modified', info.lastModified.toUTCString());
}

/**
 * The handlers of the S3 endpoint's operations, each working within what the request's admission
 * allows: `PutObject`, `GetObject` (or `ListObjectsV2` when the request lists), `DeleteObject`, and
 * `ListObjectsV2` of the bucket.
 */
export function s3ObjectHandlers(storage: ObjectStore, admissions: S3Admissions) {
  const { admissionOf } = admissions;

  /** `PutObject`: the body streams to a temporary file, is checked against its signature, then stored. */
  async function putObject(request: FastifyRequest, reply: FastifyReply) {
    const { key, payloadHash } = admissionOf(request);
    if (key === null) return sendS3Error(reply, ACCESS_DENIED, rawTarget(request).path);
    const body = await spoolBody(request.raw, S3_MAX_OBJECT_BYTES);
    try {
      if (!payloadMatches(payloadHash, body.sha256))
        return await sendS3Error(
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
        return await sendS3Error(
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
      return sendS3Error(reply, ACCESS_DENIED, rawTarget(request).path);
    const infos = await storage.list(prefix);
    return reply.header('content-type', 'application/xml').send(listXml(prefix, infos));
  }

  /** Runs `work` on the admitted object key. */
  function onObject(request: FastifyRequest, work: (key: string) => Promise<unknown>) {
    const { key } = admissionOf(request);
    if (key === null) throw new Error('S3 object route admitted as a listing');
    return work(key);
  }

  /** `GetObject`, or `ListObjectsV2` when the path is the bucket itself with a trailing slash. */
  function getObject(request: FastifyRequest, reply: FastifyReply) {
    return isListing(request)
      ? listBucket(request, reply)
      : onObject(request, async (key) => {
          const object = await storage.get(key);
          if (!object) return sendS3Error(reply, NO_SUCH_KEY, key);
          return objectHeaders(reply, object.info).send(Buffer.from(object.body));
        });
  }

  /** `DeleteObject`. */
  function deleteObject(request: FastifyRequest, reply: FastifyReply) {
    return onObject(request, async (key) => {
      await storage.delete(key);
      return reply.code(204).send();
    });
  }

  return { putObject, listBucket, getObject, deleteObject };
}
