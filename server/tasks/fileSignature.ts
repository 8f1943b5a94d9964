import { TASK_API } from '../../protocol/tasks.ts';
import { signLink, validLinkSignature } from '../auth/linkSignature.ts';

/** How long a file link handed to a dock stays valid. */
export const FILE_LINK_TTL_MS = 60 * 60 * 1000;

const subject = (flightId: string): string => `task-file:${flightId}`;

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
  url.searchParams.set('sig', signLink(tokenSecret, subject(flightId), expires));
  return url.toString();
}

/** Whether `sig` was made by this server for this flight and has not expired. */
export function validFileSignature(
  tokenSecret: string,
  link: { flightId: string; expires: number; sig: string },
  nowMs: number,
): boolean {
  return validLinkSignature(tokenSecret, subject(link.flightId), link, nowMs);
}
