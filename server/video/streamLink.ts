import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signed stream links. A browser's WebSocket cannot send an Authorization header, so `/api/liveInfo`
 * hands out a link that names the user, the stream and an expiry, signed with the token secret; the
 * socket checks the signature and then the user's current rights, as a request would.
 */

/** How long a link can be opened after `/api/liveInfo` gave it out, ms. */
export const LINK_TTL_MS = 5 * 60_000;

export interface LinkClaims {
  userId: number;
  videoId: string;
  expires: number;
}

function signature(secret: string, c: LinkClaims): string {
  return createHmac('sha256', secret)
    .update(`skydeck:video:${String(c.userId)}:${c.videoId}:${String(c.expires)}`)
    .digest('base64url');
}

/** The query string (`video_id`, `uid`, `exp`, `sig`) of a link for `claims`. */
export function signStreamQuery(secret: string, claims: LinkClaims): string {
  const query = new URLSearchParams({
    video_id: claims.videoId,
    uid: String(claims.userId),
    exp: String(claims.expires),
    sig: signature(secret, claims),
  });
  return query.toString();
}

/** The claims of a link's query when its signature holds and it has not expired; else null. */
export function verifyStreamQuery(
  secret: string,
  query: URLSearchParams,
  now: number,
): LinkClaims | null {
  const claims: LinkClaims = {
    userId: Number(query.get('uid')),
    videoId: query.get('video_id') ?? '',
    expires: Number(query.get('exp')),
  };
  if (!Number.isSafeInteger(claims.userId) || !Number.isFinite(claims.expires)) return null;
  if (claims.expires < now || claims.videoId === '') return null;
  const given = Buffer.from(query.get('sig') ?? '');
  const expected = Buffer.from(signature(secret, claims));
  return given.length === expected.length && timingSafeEqual(given, expected) ? claims : null;
}
