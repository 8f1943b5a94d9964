import type { Envelope } from '../../protocol/http.ts';
import {
  MEDIA_API,
  type MediaIdsBody,
  type MediaListPage,
  type MediaListQuery,
} from '../../protocol/media.ts';
import { i18n } from '../i18n/index.ts';
import { appStore } from '../state/app.ts';
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

function postZip(body: MediaIdsBody, signal: AbortSignal): Promise<Response> {
  return fetch(MEDIA_API.zip, {
    method: 'POST',
    signal,
    headers: {
      Authorization: `Bearer ${appStore.authorization?.token ?? ''}`,
      'Content-Type': 'application/json',
      'Accept-Language': i18n.language,
    },
    body: JSON.stringify(body),
  });
}

async function refusal(response: Response): Promise<string> {
  try {
    const envelope = (await response.json()) as Partial<Envelope<unknown>>;
    if (typeof envelope.msg === 'string' && envelope.msg !== '') return envelope.msg;
  } catch {
    // Not our envelope (a proxy's error page): the generic words below.
  }
  return response.status >= 500 ? i18n.t('serverError') : i18n.t('unknownError');
}

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
 * (`fetch` exposes the body as a stream; an XHR would hold it all before telling). The access
 * token is renewed once through the shared client when the server says it expired.
 */
export async function downloadZip(
  body: MediaIdsBody,
  signal: AbortSignal,
  onProgress: ZipProgress,
): Promise<ZipOutcome> {
  try {
    let response = await postZip(body, signal);
    if (response.status === 401 && (await http.refresh())) response = await postZip(body, signal);
    if (!response.ok) return { kind: 'failed', message: await refusal(response) };
    return { kind: 'done', blob: await readAll(response, onProgress) };
  } catch (error) {
    if (signal.aborted) return { kind: 'canceled' };
    return {
      kind: 'failed',
      message: error instanceof Error ? error.message : i18n.t('unknownError'),
    };
  }
}
