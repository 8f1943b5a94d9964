/**
 * Signed, expiring links to a media file and its thumbnail, so an `<img src>` or a download works
 * without an auth header. The link is the credential: made by this server from the token secret,
 * valid for `MEDIA_LINK_TTL_MS`, for one file and one variant.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { MEDIA_API } from '../../protocol/media.ts';

/** How long a link in a list answer works, ms: a console keeps a page open for a while. */
export const MEDIA_LINK_TTL_MS = 6 * 60 * 60 * 1000;

export type MediaVariant = 'file' | 'thumb';

function signature(
  tokenSecret: string,
  variant: MediaVariant,
  id: number,
  expires: number,
): string {
  return createHmac('sha256', tokenSecret)
    .update(`skydeck:media-${variant}:${String(id)}:${String(expires)}`)
    .digest('hex');
}

/** The relative link to a file or its thumbnail. */
export function mediaLink(
  tokenSecret: string,
  variant: MediaVariant,
  id: number,
  nowMs: number,
): string {
  // Rounded up to the hour, so lists fetched within one hour give the same URLs and browsers cache.
  const hour = 3_600_000;
  const expires = Math.ceil((nowMs + MEDIA_LINK_TTL_MS) / hour) * hour;
  const query = new URLSearchParams({
    id: String(id),
    expires: String(expires),
    sig: signature(tokenSecret, variant, id, expires),
  });
  return `${variant === 'file' ? MEDIA_API.file : MEDIA_API.thumb}?${query.toString()}`;
}

/** Whether a link's signature is ours for this file and variant and has not expired. */
export function validMediaLink(
  tokenSecret: string,
  variant: MediaVariant,
  link: { id: number; expires: number; sig: string },
  nowMs: number,
): boolean {
  if (!Number.isSafeInteger(link.expires) || link.expires < nowMs) return false;
  const expected = Buffer.from(signature(tokenSecret, variant, link.id, link.expires), 'hex');
  const given = Buffer.from(link.sig, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
