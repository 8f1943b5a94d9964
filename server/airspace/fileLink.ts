/**
 * Signed, expiring links to a project's flight area file, for the docks (they hold no user token):
 * `flight_areas_get` answers one, the file route checks it. The link names the project and the
 * file's checksum; files are stored under their checksum, so a link keeps pointing at the bytes it
 * announced even after the areas change again.
 */
import { AIRSPACE_API } from '../../protocol/airspace.ts';
import { signLink, validLinkSignature } from '../auth/linkSignature.ts';

/** How long a file link handed to a dock stays valid. */
export const AIRSPACE_LINK_TTL_MS = 60 * 60 * 1000;

const subject = (workspaceId: number, checksum: string): string =>
  `airspace-file:${String(workspaceId)}:${checksum}`;

/** Where a project's file of `checksum` is stored. */
export const airspaceObjectKey = (workspaceId: number, checksum: string): string =>
  `airspace/${String(workspaceId)}/${checksum}.json`;

/** The signed link to the file, on `baseUrl` (the server as the docks reach it). */
export function signedAirspaceUrl(
  tokenSecret: string,
  baseUrl: string,
  file: { workspaceId: number; checksum: string },
  nowMs: number,
): string {
  const expires = nowMs + AIRSPACE_LINK_TTL_MS;
  const url = new URL(AIRSPACE_API.file, baseUrl);
  url.searchParams.set('workspace_id', String(file.workspaceId));
  url.searchParams.set('checksum', file.checksum);
  url.searchParams.set('expires', String(expires));
  url.searchParams.set(
    'sig',
    signLink(tokenSecret, subject(file.workspaceId, file.checksum), expires),
  );
  return url.toString();
}

/** Whether `sig` was made by this server for this file and has not expired. */
export function validAirspaceSignature(
  tokenSecret: string,
  link: { workspaceId: number; checksum: string; expires: number; sig: string },
  nowMs: number,
): boolean {
  return validLinkSignature(tokenSecret, subject(link.workspaceId, link.checksum), link, nowMs);
}
