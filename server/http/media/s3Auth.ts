/**
 * Who may do what on our S3-compatible endpoint: a request must carry a valid SigV4 signature by
 * credentials `storage_config_get` issued, unexpired, with their session token, and name keys under
 * the dock's own prefix only.
 */
import type { FastifyRequest } from 'fastify';
import { EMBEDDED_BUCKET, S3_ENDPOINT_PATH } from '../../media/storageConfigRequest.ts';
import { BadKeyError, checkKey } from '../../storage/ObjectStore.ts';
import { declaredPayloadHash, verifySigV4 } from '../../storage/sigV4.ts';
import type { SigRefusal } from '../../storage/sigV4.ts';
import { dockPrefix, readAccessKey, secretsOf } from '../../storage/uploadCredentials.ts';

/** The bucket's path: `/s3/skydeck-media`. */
export const BUCKET_PATH = `${S3_ENDPOINT_PATH}/${EMBEDDED_BUCKET}`;

/** A signed request's dock prefix (with `/`) and the payload hash its signature promised. */
export type S3Auth =
  { ok: true; prefix: string; payloadHash: string } | ({ ok: false } & SigRefusal);

const no = (status: number, code: string, message: string): S3Auth => ({
  ok: false,
  status,
  code,
  message,
});

/** One header of a request as a string (repeated headers joined by commas), or empty. */
export function header(request: FastifyRequest, name: string): string {
  const value = request.headers[name];
  return Array.isArray(value) ? value.join(',') : (value ?? '');
}

/** The raw path and query of a request, exactly as sent (signatures cover these). */
export function rawTarget(request: FastifyRequest): { path: string; query: string } {
  const url = request.raw.url ?? '';
  const at = url.indexOf('?');
  return at < 0 ? { path: url, query: '' } : { path: url.slice(0, at), query: url.slice(at + 1) };
}

/** The object key of a raw path under the bucket, or null when it is not a key we allow. */
export function keyOf(rawPath: string): string | null {
  if (!rawPath.startsWith(`${BUCKET_PATH}/`)) return null;
  try {
    return checkKey(decodeURIComponent(rawPath.slice(BUCKET_PATH.length + 1)));
  } catch (error) {
    if (error instanceof URIError || error instanceof BadKeyError) return null;
    throw error;
  }
}

/** Whether a request announces a body (a length above zero, or chunked transfer). */
export function announcesBody(request: FastifyRequest): boolean {
  const length = header(request, 'content-length');
  return header(request, 'transfer-encoding') !== '' || (length !== '' && length !== '0');
}

/**
 * Checks the signature, expiry and session token from the headers alone, before any of the body is
 * read: a request nobody may make must not cost the server the bytes it sends. Answers the dock's
 * prefix and the payload hash the signature covers, which the caller compares with the body.
 */
export function authorize(tokenSecret: string, request: FastifyRequest): S3Auth {
  if (header(request, 'authorization') === '')
    return no(403, 'AccessDenied', 'Anonymous access is not allowed.');
  const payload = declaredPayloadHash(request.headers, announcesBody(request));
  if (!payload.ok) return payload;
  const target = rawTarget(request);
  const verdict = verifySigV4(
    {
      method: request.method,
      rawPath: target.path,
      rawQuery: target.query,
      headers: request.headers,
      payloadHash: payload.hash,
    },
    (id) => (readAccessKey(id) ? secretsOf(tokenSecret, id).secret : undefined),
    Date.now(),
  );
  if (!verdict.ok) return verdict;
  const grant = readAccessKey(verdict.accessKeyId);
  if (!grant) return no(403, 'InvalidAccessKeyId', 'Unknown access key.');
  if (grant.expiresAt < Date.now())
    return no(400, 'ExpiredToken', 'The provided token has expired.');
  if (header(request, 'x-amz-security-token') !== secretsOf(tokenSecret, verdict.accessKeyId).token)
    return no(403, 'InvalidToken', 'The security token is not valid.');
  return { ok: true, prefix: `${dockPrefix(grant.dockSn)}/`, payloadHash: payload.hash };
}

/** Largest object one PUT may carry, bytes (the body streams to a temporary file, never to memory). */
export const S3_MAX_OBJECT_BYTES = 512 * 1024 * 1024;

/** What a request was admitted to: a listing of the bucket, or one object key. */
export type S3Admission =
  | { ok: true; prefix: string; payloadHash: string; key: string | null }
  | ({ ok: false } & SigRefusal);

const ACCESS_DENIED: SigRefusal = { status: 403, code: 'AccessDenied', message: 'Access Denied.' };

/** Whether a request is a `ListObjectsV2` of the bucket (`/s3/<bucket>` or `/s3/<bucket>/`). */
export function isListing(request: FastifyRequest): boolean {
  const { path } = rawTarget(request);
  const read = request.method === 'GET' || request.method === 'HEAD';
  return read && (path === BUCKET_PATH || path === `${BUCKET_PATH}/`);
}

/** A PUT's declared length, refused when absent, chunked or over `S3_MAX_OBJECT_BYTES`. */
function checkLength(request: FastifyRequest): SigRefusal | null {
  const length = header(request, 'content-length');
  if (header(request, 'transfer-encoding') !== '' || !/^\d+$/.test(length))
    return {
      status: 411,
      code: 'MissingContentLength',
      message: 'You must provide the Content-Length HTTP header.',
    };
  if (Number(length) > S3_MAX_OBJECT_BYTES)
    return {
      status: 413,
      code: 'EntityTooLarge',
      message: `Your proposed upload exceeds the maximum allowed size of ${String(S3_MAX_OBJECT_BYTES)} bytes.`,
    };
  return null;
}

/**
 * Everything that can be decided from a request's line and headers: the bucket, the signature, the
 * key and the dock's prefix, and for a PUT its declared length. Runs before the body is read.
 */
export function admit(tokenSecret: string, request: FastifyRequest): S3Admission {
  const { path } = rawTarget(request);
  const listing = isListing(request);
  if (!listing && !path.startsWith(`${BUCKET_PATH}/`))
    return { ok: false, status: 404, code: 'NoSuchBucket', message: 'No such bucket.' };
  const auth = authorize(tokenSecret, request);
  if (!auth.ok) return auth;
  if (listing) return { ...auth, key: null };
  const key = keyOf(path);
  if (key === null) return { ok: false, ...ACCESS_DENIED, code: 'InvalidArgument' };
  if (!key.startsWith(auth.prefix)) return { ok: false, ...ACCESS_DENIED };
  const badLength = request.method === 'PUT' ? checkLength(request) : null;
  return badLength ? { ok: false, ...badLength } : { ...auth, key };
}
