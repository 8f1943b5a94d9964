import type { Envelope, Page } from '../../protocol/http.ts';
import { WAYLINE_API, type Wayline } from '../../protocol/waylines.ts';
import { i18n } from '../i18n/index.ts';
import { appStore } from '../state/app.ts';
import type { Query } from './createClient.ts';
import { http } from './http.ts';

/** A page of the wayline library. */
export const listWaylines = (query: Query) => http.get<Page<Wayline>>(WAYLINE_API.list, query);

/** Renames a wayline; the answer is the updated row. */
export const renameWayline = (id: number, name: string) =>
  http.post<Wayline>(WAYLINE_API.rename, { id, name });

/** Marks or unmarks a wayline as a favourite. */
export const favoriteWayline = (id: number, favorite: boolean) =>
  http.post<Wayline>(WAYLINE_API.favorite, { id, favorite });

/** Copies a wayline (file and facts) under a new name. */
export const duplicateWayline = (id: number) => http.post<Wayline>(WAYLINE_API.duplicate, { id });

/** Deletes a wayline; refused while a pending task uses it. */
export const deleteWayline = (id: number) => http.post<null>(WAYLINE_API.del, { id });

/** Which way a raw transfer ended: the answer, or the server's message for the user. */
export type Transfer<T> = { ok: true; value: T } | { ok: false; message: string; status: number };

const bearer = () => appStore.authorization?.token ?? '';

/**
 * Lets the shared client renew the access token after a raw transfer heard 401: a cheap list call
 * goes through its refresh rule (and its "session lost" handling when the refresh fails too).
 */
async function renewed(): Promise<boolean> {
  try {
    await listWaylines({ size: 1 });
    return true;
  } catch {
    return false;
  }
}

function messageOf(text: string, status: number): string {
  try {
    const body = JSON.parse(text) as Partial<Envelope<unknown>>;
    if (typeof body.msg === 'string' && body.msg !== '') return body.msg;
  } catch {
    // Not the envelope (a proxy's page): the generic text below.
  }
  return status >= 500 ? i18n.t('serverError') : i18n.t('unknownError');
}

function sendOnce(
  file: Blob,
  url: string,
  onProgress: (fraction: number) => void,
): Promise<Transfer<Wayline>> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.setRequestHeader('Authorization', `Bearer ${bearer()}`);
    xhr.setRequestHeader('Content-Type', 'application/octet-stream');
    xhr.setRequestHeader('Accept-Language', i18n.language);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      const text = xhr.responseText;
      if (xhr.status === 200) {
        resolve({ ok: true, value: (JSON.parse(text) as Envelope<Wayline>).data });
      } else resolve({ ok: false, status: xhr.status, message: messageOf(text, xhr.status) });
    };
    xhr.onerror = () => resolve({ ok: false, status: 0, message: i18n.t('unknownError') });
    xhr.send(file);
  });
}

/**
 * Uploads one KMZ into a project with upload progress (which `fetch` cannot report), so the
 * import dialog can show each file's bar. The result carries the server's message on refusal.
 */
export async function uploadWayline(
  file: File,
  workspaceId: number,
  onProgress: (fraction: number) => void,
): Promise<Transfer<Wayline>> {
  const url = new URL(WAYLINE_API.upload, window.location.origin);
  url.searchParams.set('workspace_id', String(workspaceId));
  url.searchParams.set('name', file.name);
  const first = await sendOnce(file, url.toString(), onProgress);
  if (first.ok || first.status !== 401 || !(await renewed())) return first;
  return sendOnce(file, url.toString(), onProgress);
}

async function fetchFile(id: number): Promise<Response> {
  return fetch(`${WAYLINE_API.download}?id=${id}`, {
    headers: { Authorization: `Bearer ${bearer()}`, 'Accept-Language': i18n.language },
  });
}

/** The stored KMZ exactly as imported, as a blob. */
export async function downloadWayline(id: number): Promise<Transfer<Blob>> {
  let response = await fetchFile(id);
  if (response.status === 401 && (await renewed())) response = await fetchFile(id);
  if (response.ok) return { ok: true, value: await response.blob() };
  return {
    ok: false,
    status: response.status,
    message: messageOf(await response.text(), response.status),
  };
}
