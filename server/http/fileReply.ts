/**
 * The one way a route sends a stored file. Such files come from docks and users, are served on the
 * console's own origin, and the console keeps its tokens in local storage: a file a browser renders
 * as a page (HTML, SVG, XML) would run as the console. So a file is shown inline only when its bytes
 * are an image or video on the allow-list (safeContent.ts), typed by what they are rather than by
 * what the uploader declared; anything else is a download of `application/octet-stream`. Every file
 * also goes out with `nosniff` (the browser keeps the type we send) and a CSP that sandboxes it, in
 * case one is ever opened as a document anyway.
 *
 * A separate download origin (a host name of its own, without the console's storage) would be the
 * stronger wall and can sit in front of these routes later; these headers hold without one.
 */
import type { FastifyReply } from 'fastify';
import { sniffInlineType } from '../media/safeContent.ts';

/** The policy of every file response: nothing loads, nothing runs, no same-origin access. */
export const FILE_CSP = "default-src 'none'; img-src 'self'; media-src 'self'; sandbox";

const DOWNLOAD_TYPE = 'application/octet-stream';

/** `attachment; filename=…` with a plain fallback and the UTF-8 name (RFC 6266 / 5987). */
export function attachment(name: string): string {
  const plain = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${plain}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** Sets the headers every file response carries, whatever the file. */
export function fileSafetyHeaders(reply: FastifyReply): FastifyReply {
  return reply
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', FILE_CSP);
}

export interface StoredFileReply {
  /** The stored bytes. */
  body: Uint8Array;
  /** The file's name, for the download's `filename`. */
  name: string;
  etag: string;
  /** Left unset when absent. */
  cacheControl?: string;
  /**
   * `media`: inline when the bytes are an allow-listed image or video, a download otherwise (and
   * always a download when `download` is set). `download`: always a download of `type`, for files
   * whose kind the route knows and a browser never shows (a KMZ, a model).
   */
  as: { kind: 'media'; download?: boolean } | { kind: 'download'; type?: string };
}

/** How a file goes out: its content type, and its disposition when it is a download. */
export function filePresentation(file: Pick<StoredFileReply, 'body' | 'name' | 'as'>): {
  type: string;
  disposition: string | null;
} {
  if (file.as.kind === 'download')
    return { type: file.as.type ?? DOWNLOAD_TYPE, disposition: attachment(file.name) };
  const inline = sniffInlineType(file.body);
  if (inline === null) return { type: DOWNLOAD_TYPE, disposition: attachment(file.name) };
  return { type: inline, disposition: file.as.download ? attachment(file.name) : null };
}

/** Sends a stored file by what it is, with the safety headers; answers the reply to return. */
export function sendStoredFile(reply: FastifyReply, file: StoredFileReply): FastifyReply {
  const { type, disposition } = filePresentation(file);
  if (disposition !== null) reply.header('content-disposition', disposition);
  if (file.cacheControl !== undefined) reply.header('cache-control', file.cacheControl);
  return fileSafetyHeaders(reply)
    .header('content-type', type)
    .header('etag', file.etag)
    .send(Buffer.from(file.body.buffer, file.body.byteOffset, file.body.byteLength));
}
