import { FEATURE_API } from '../../protocol/featurePoints.ts';
import { hourlyExpiry, signLink, validLinkSignature } from '../auth/linkSignature.ts';

/** How long a photo link in an answer works, ms: a console keeps a page open for a while. */
export const PHOTO_LINK_TTL_MS = 6 * 3_600_000;

export type PhotoVariant = 'file' | 'thumb';

const subject = (variant: PhotoVariant, id: number): string =>
  `feature-photo-${variant}:${String(id)}`;

/**
 * The signed, expiring link to a reference photo or its thumbnail: an `<img>` sends no bearer token,
 * so the link carries the permission, handed out only by the scoped read routes. Expiry is rounded
 * to the hour so reloads give the same link and the browser caches the image.
 */
export function photoLink(
  secret: string,
  variant: PhotoVariant,
  id: number,
  nowMs: number,
): string {
  const expires = hourlyExpiry(nowMs, PHOTO_LINK_TTL_MS);
  const query = new URLSearchParams({
    id: String(id),
    variant,
    expires: String(expires),
    sig: signLink(secret, subject(variant, id), expires),
  });
  return `${FEATURE_API.photo}?${query.toString()}`;
}

/** Whether a link was signed by this server for this photo and variant and has not expired. */
export function validPhotoLink(
  secret: string,
  link: { id: number; variant: PhotoVariant; expires: number; sig: string },
  nowMs: number,
): boolean {
  return validLinkSignature(secret, subject(link.variant, link.id), link, nowMs);
}
