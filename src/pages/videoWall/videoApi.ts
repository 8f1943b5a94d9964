import { API } from '../../../protocol/http.ts';
import { VIDEO_API } from '../../../protocol/video.ts';
import type { LiveStream, VideoLayout } from '../../../protocol/video.ts';
import { http } from '../../api/http.ts';

/** The camera streams of a workspace, each with a fresh signed URL. */
export const listStreams = (workspaceId: number | undefined) =>
  http.get<LiveStream[]>(
    API.liveInfo,
    workspaceId === undefined ? {} : { workspace_id: workspaceId },
  );

/** The signed-in user's saved wall, or null before the first save. */
export const loadLayout = () => http.get<VideoLayout | null>(VIDEO_API.layout);

/** Saves the wall for the signed-in user. */
export const saveLayout = (layout: VideoLayout) => http.post<VideoLayout>(VIDEO_API.layout, layout);
