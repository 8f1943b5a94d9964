import { MODEL_API } from '../../protocol/models.ts';
import { signLink, validLinkSignature } from '../auth/linkSignature.ts';

/** How long a model download link handed to a device stays valid: enough for a slow link. */
export const MODEL_LINK_TTL_MS = 60 * 60 * 1000;

const subject = (versionId: number): string => `ai-model:${String(versionId)}`;

/**
 * The signed, expiring link to a version's ONNX file on `baseUrl` (the server as devices reach it).
 * A device has no console token, so the link carries the permission, like the task KMZ links.
 */
export function signedModelUrl(
  tokenSecret: string,
  baseUrl: string,
  versionId: number,
  nowMs: number,
): string {
  const expires = nowMs + MODEL_LINK_TTL_MS;
  const url = new URL(MODEL_API.file, baseUrl);
  url.searchParams.set('id', String(versionId));
  url.searchParams.set('expires', String(expires));
  url.searchParams.set('sig', signLink(tokenSecret, subject(versionId), expires));
  return url.toString();
}

/** Whether `sig` was made by this server for this version and has not expired. */
export function validModelSignature(
  tokenSecret: string,
  link: { id: number; expires: number; sig: string },
  nowMs: number,
): boolean {
  return validLinkSignature(tokenSecret, subject(link.id), link, nowMs);
}
