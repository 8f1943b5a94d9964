/**
 * Signed, expiring links to a media file and its thumbnail, so an `<img src>` or a download works
 * without an auth header. The link is the credential: made by this server from the token secret,
 * valid for `MEDIA_LINK_TTL_MS`, for one file and one variant.
 */
import { MEDIA_API } from '../../protocol/media.ts';
import { hourlyExpiry, signLink, validLinkSignature } from '../auth/linkSignature.ts';

/** How long a link in a list answer works, ms: a console keeps a page open for a while. */
export const MEDIA_LINK_TTL_MS = 6 * 60 * 60 * 1000;

export type MediaVariant = 'file' | 'thumb';

const subject = (variant: MediaVariant, id: number): string => `media-${variant}:${String(id)}`;

/** The relative link to a file or its thumbnail. */
export function mediaLink(
  tokenSecret: string,
  variant: MediaVariant,
  id: number,
  nowMs: number,
): string {
  const expires = hourlyExpiry(nowMs, MEDIA_LINK_TTL_MS);
  const query = new URLSearchParams({
    id: String(id),
    expires: String(expires),
    sig: signLink(tokenSecret, subject(variant, id), expires),
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
  return validLinkSignature(tokenSecret, subject(variant, link.id), link, nowMs);
}
