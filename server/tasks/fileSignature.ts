import { createHmac, timingSafeEqual } from 'node:crypto';
import { TASK_API } from '../../protocol/tasks.ts';

/** How long a file link handed to a dock stays valid. */
export const FILE_LINK_TTL_MS = 60 * 60 * 1000;

function signature(tokenSecret: string, flightId: string, expires: number): string {
  return createHmac('sha256', tokenSecret)
    .update(`skydeck:task-file:${flightId}:${String(expires)}`)
    .digest('hex');
}

/** The signed, expiring link to a flight's KMZ, on `baseUrl` (the server as the docks reach it). */
export function signedFileUrl(
  tokenSecret: string,
  baseUrl: string,
  flightId: string,
  nowMs: number,
): string {
  const expires = nowMs + FILE_LINK_TTL_MS;
  const url = new URL(TASK_API.file, baseUrl);
  url.searchParams.set('flight_id', flightId);
  url.searchParams.set('expires', String(expires));
  url.searchParams.set('sig', signature(tokenSecret, flightId, expires));
  return url.toString();
}

/** Whether `sig` was made by this server for this flight and has not expired. */
export function validFileSignature(
  tokenSecret: string,
  link: { flightId: string; expires: number; sig: string },
  nowMs: number,
): boolean {
  if (!Number.isSafeInteger(link.expires) || link.expires < nowMs) return false;
  const expected = Buffer.from(signature(tokenSecret, link.flightId, link.expires), 'hex');
  const given = Buffer.from(link.sig, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
