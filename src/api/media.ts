import {
  MEDIA_API,
  type MediaIdsBody,
  type MediaListPage,
  type MediaListQuery,
} from '../../protocol/media.ts';
import { i18n } from '../i18n/index.ts';
import type { Query } from './createClient.ts';
import { http } from './http.ts';

/** A page of the media library, filtered as the query says. */
export const listMedia = (query: MediaListQuery) =>
  http.get<MediaListPage>(MEDIA_API.list, { ...query } satisfies Query);

/** Deletes files of a project (permission `media:del`); the server audits it. */
export const deleteMedia = (body: MediaIdsBody) => http.post<null>(MEDIA_API.del, body);

/** The signed link of a file as an attachment rather than shown inline. */
export function downloadUrl(fileUrl: string): string {
  return `${fileUrl}${fileUrl.includes('?') ? '&' : '?'}download=1`;
}

/** How a streamed zip ended: the archive, a cancel by the user, or the server's message. */
export type ZipOutcome =
  { kind: 'done'; blob: Blob } | { kind: 'canceled' } | { kind: 'failed'; message: string };

/** Bytes received so far and the sum of the files' sizes (`X-Total-Bytes`, 0 when unknown). */
export type ZipProgress = (received: number, total: number) => void;

async function readAll(response: Response, onProgress: ZipProgress): Promise<Blob> {
  const total = Number(response.headers.get('X-Total-Bytes') ?? 0) || 0;
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  const reader = response.body?.getReader();
  if (reader === undefined) return response.blob();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.byteLength;
    onProgress(received, total);
  }
  return new Blob(chunks, { type: 'application/zip' });
}

/**
 * Streams a zip of the chosen files, reporting bytes as they arrive so the page can draw a bar
 * (`fetch` exposes the body as a stream; an XHR would hold it all before telling), through the
 * client's token and renewal rules.
 */
export async function downloadZip(
  body: MediaIdsBody,
  signal: AbortSignal,
  onProgress: ZipProgress,
): Promise<ZipOutcome> {
  try {
    const response = await http.raw('POST', MEDIA_API.zip, { body, signal });
    if (!response.ok) return { kind: 'failed', message: await http.refusalOf(response) };
    return { kind: 'done', blob: await readAll(response, onProgress) };
  } catch (error) {
    if (signal.aborted) return { kind: 'canceled' };
    return {
      kind: 'failed',
      message: error instanceof Error ? error.message : i18n.t('unknownError'),
    };
  }
}
