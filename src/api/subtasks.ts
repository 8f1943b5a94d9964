import { MEDIA_API, type MediaFile, type MediaListPage } from '../../protocol/media.ts';
import { TASK_API, type SubtaskDetail } from '../../protocol/tasks.ts';
import { http } from './http.ts';

/** One flight with its timeline, track, planned route and key figures. */
export const fetchSubtask = (id: number) => http.get<SubtaskDetail>(TASK_API.subtask, { id });

/** Most photos a subtask page and its report show. */
export const MEDIA_PAGE = 48;

/**
 * The photos of one flight. Quiet: a media library that is not there (or not the caller's) leaves
 * the flight without photos rather than a toast on every visit.
 */
export async function fetchFlightMedia(
  workspaceId: number,
  flightId: string,
): Promise<MediaFile[]> {
  const page = await http.request<MediaListPage>('GET', MEDIA_API.list, {
    query: { workspace_id: workspaceId, flight_id: flightId, current: 1, size: MEDIA_PAGE },
    quiet: true,
  });
  return page.rows;
}
