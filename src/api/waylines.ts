import type { Page } from '../../protocol/http.ts';
import { WAYLINE_API, type Wayline } from '../../protocol/waylines.ts';
import { ApiError } from './ApiError.ts';
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

/** A refused call as a transfer outcome: the server's words and the HTTP status. */
function failed(error: unknown): { ok: false; message: string; status: number } {
  if (error instanceof ApiError) return { ok: false, message: error.message, status: error.status };
  return { ok: false, message: error instanceof Error ? error.message : String(error), status: 0 };
}

/**
 * Uploads one KMZ into a project with upload progress, so the import dialog can show each file's
 * bar, through the client's token and error rules. The result carries the server's message.
 */
export async function uploadWayline(
  file: File,
  workspaceId: number,
  onProgress: (fraction: number) => void,
): Promise<Transfer<Wayline>> {
  try {
    const value = await http.upload<Wayline>(WAYLINE_API.upload, file, {
      query: { workspace_id: workspaceId, name: file.name },
      onProgress,
      quiet: true,
    });
    return { ok: true, value };
  } catch (error) {
    return failed(error);
  }
}

/** The stored KMZ exactly as imported, as a blob. */
export async function downloadWayline(id: number): Promise<Transfer<Blob>> {
  try {
    const response = await http.raw('GET', WAYLINE_API.download, { query: { id } });
    if (response.ok) return { ok: true, value: await response.blob() };
    return { ok: false, status: response.status, message: await http.refusalOf(response) };
  } catch (error) {
    return failed(error);
  }
}
