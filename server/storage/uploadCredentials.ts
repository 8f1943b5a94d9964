/**
 * Short-lived upload credentials for one dock, in the shape of STS credentials (protocol §8). They
 * are derived, not stored: the access key id names the dock and the expiry, and the secret and
 * session token are HMACs of it under the server's token secret. Any instance sharing the
 * `TOKEN_SECRET` can check them, and nothing needs cleaning up when they expire.
 */
import { createHmac } from 'node:crypto';

/** How long a dock's upload credentials stay valid, s: long enough for a flight's photos and video. */
export const UPLOAD_CREDENTIALS_TTL_S = 3600;

const ACCESS_KEY = /^SD1\.([A-Za-z0-9-]{1,64})\.(\d{10})$/;

export interface UploadCredentials {
  access_key_id: string;
  access_key_secret: string;
  security_token: string;
  /** Seconds the credentials stay valid from now (protocol §8 `expire`). */
  expire: number;
}

/** What an access key id says: whose it is and until when (ms since the epoch). */
export interface UploadGrant {
  dockSn: string;
  expiresAt: number;
}

function derive(tokenSecret: string, purpose: string, accessKeyId: string): string {
  return createHmac('sha256', tokenSecret)
    .update(`skydeck:s3-${purpose}:${accessKeyId}`)
    .digest('base64url');
}

/** The object key prefix a dock may upload under (no trailing slash). */
export function dockPrefix(dockSn: string): string {
  return `media/${dockSn}`;
}

/** New credentials for `dockSn`, valid for `UPLOAD_CREDENTIALS_TTL_S` from `nowMs`. */
export function issueUploadCredentials(
  tokenSecret: string,
  dockSn: string,
  nowMs: number,
): UploadCredentials {
  const expiresAt = Math.floor(nowMs / 1000) + UPLOAD_CREDENTIALS_TTL_S;
  const accessKeyId = `SD1.${dockSn}.${String(expiresAt)}`;
  return {
    access_key_id: accessKeyId,
    access_key_secret: derive(tokenSecret, 'secret', accessKeyId),
    security_token: derive(tokenSecret, 'token', accessKeyId),
    expire: UPLOAD_CREDENTIALS_TTL_S,
  };
}

/** The grant of an access key id this server issued, or undefined when it is not one. */
export function readAccessKey(accessKeyId: string): UploadGrant | undefined {
  const match = ACCESS_KEY.exec(accessKeyId);
  if (!match?.[1] || !match[2]) return undefined;
  return { dockSn: match[1], expiresAt: Number(match[2]) * 1000 };
}

/** The secret and session token that belong to an access key id. */
export function secretsOf(
  tokenSecret: string,
  accessKeyId: string,
): { secret: string; token: string } {
  return {
    secret: derive(tokenSecret, 'secret', accessKeyId),
    token: derive(tokenSecret, 'token', accessKeyId),
  };
}
