/**
 * Signed, expiring links: what a dock downloading a KMZ or a model, or an `<img>` showing a photo,
 * presents instead of a bearer token. The link is the credential, so it names exactly one thing
 * (`subject`, e.g. `media-thumb:42`) and an expiry, signed with the server's token secret.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

const HOUR_MS = 3_600_000;

/** The hex HMAC of `subject` valid until `expires` (ms since the epoch). */
export function signLink(secret: string, subject: string, expires: number): string {
  return createHmac('sha256', secret)
    .update(`skydeck:${subject}:${String(expires)}`)
    .digest('hex');
}

/** Whether `sig` was made by this server for `subject` and `expires`, and has not expired. */
export function validLinkSignature(
  secret: string,
  subject: string,
  link: { expires: number; sig: string },
  nowMs: number,
): boolean {
  if (!Number.isSafeInteger(link.expires) || link.expires < nowMs) return false;
  const expected = Buffer.from(signLink(secret, subject, link.expires), 'hex');
  const given = Buffer.from(link.sig, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * An expiry at least `ttlMs` away, rounded up to the hour: lists fetched within one hour then give
 * the same links, and the browser caches what they point to.
 */
export function hourlyExpiry(nowMs: number, ttlMs: number): number {
  return Math.ceil((nowMs + ttlMs) / HOUR_MS) * HOUR_MS;
}
