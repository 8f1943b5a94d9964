/**
 * Who may do what on our S3-compatible endpoint: a request must carry a valid SigV4 signature by
 * credentials `storage_config_get` issued, unexpired, with their session token, and name keys under
 * the dock's own prefix only.
 */
import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { EMBEDDED_BUCKET, S3_ENDPOINT_PATH } from '../../media/storageConfigRequest.ts';
import { BadKeyError, checkKey } from '../../storage/ObjectStore.ts';
import { verifySigV4 } from '../../storage/sigV4.ts';
import type { SigRefusal } from '../../storage/sigV4.ts';
import { dockPrefix, readAccessKey, secretsOf } from '../../storage/uploadCredentials.ts';

/** The bucket's path: `/s3/skydeck-media`. */
export const BUCKET_PATH = `${S3_ENDPOINT_PATH}/${EMBEDDED_BUCKET}`;

export type S3Auth = { ok: true; prefix: string } | ({ ok: false } & SigRefusal);

const no = (status: number, code: string, message: string): S3Auth => ({
  ok: false,
  status,
  code,
  message,
});

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

/** Checks the signature, expiry and session token; answers the dock's prefix (with `/`). */
export function authorize(tokenSecret: string, request: FastifyRequest, body: Buffer): S3Auth {
  const target = rawTarget(request);
  const verdict = verifySigV4(
    {
      method: request.method,
      rawPath: target.path,
      rawQuery: target.query,
      headers: request.headers,
      bodySha256: createHash('sha256').update(body).digest('hex'),
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
  return { ok: true, prefix: `${dockPrefix(grant.dockSn)}/` };
}
