import { z } from 'zod';
import { API } from '../../../protocol/http.ts';
import type { LiveStream, StreamKind } from '../../../protocol/video.ts';
import { VIDEO_API } from '../../../protocol/video.ts';
import type { Caller } from '../caller.ts';
import type { AppDeps, ZodApp } from '../context.ts';
import { callerOf } from '../context.ts';
import { ok } from '../envelope.ts';
import { optionalId } from '../schemas.ts';
import { requireInScope } from '../scope.ts';
import { LINK_TTL_MS, signStreamQuery } from '../../video/streamLink.ts';
import { videoIdOf } from '../../video/videoIds.ts';
import { playUrlOf } from '../../video/playUrl.ts';
import { WATCH_CODES } from './videoSocket.ts';

const query = z.object({ workspace_id: optionalId });

interface DeviceRow {
  device_sn: string;
  name: string;
  domain: number;
  gateway_sn: string | null;
  online: boolean;
}

const canWatch = (caller: Caller) => WATCH_CODES.some((code) => caller.can(code));

/**
 * `/api/liveInfo` (spec §7): the camera streams of the caller's workspace (or of `workspace_id` in
 * its scope), aircraft and docks, each with the URL to play and how to play it.
 */
export function registerLiveInfoRoute(app: ZodApp, deps: AppDeps): void {
  app.get(
    API.liveInfo,
    { config: { access: 'signed-in' }, schema: { querystring: query } },
    async (request) => {
      const caller = callerOf(request);
      const workspaceId = request.query.workspace_id;
      if (workspaceId !== undefined) await requireInScope(caller, workspaceId, 'workspace');
      // Every page loads this list; a role that may not watch simply has no streams.
      if (!canWatch(caller)) return ok<LiveStream[]>(request, []);
      const rows = await deps.db.query<DeviceRow>(
        `select device_sn, name, domain, gateway_sn, online from devices
         where workspace_id = any($1::int[]) and ($2::int is null or workspace_id = $2)
           and domain in (0, 3)
         order by domain desc, name, device_sn limit 1000`,
        [await caller.scope(), workspaceId ?? null],
      );
      const expires = Date.now() + LINK_TTL_MS;
      const streams = rows.map((d): LiveStream => {
        const videoId = videoIdOf(d.device_sn, d.domain);
        const configured = playUrlOf(deps.config.liveUrlTemplate, d.device_sn, videoId);
        const own: { kind: StreamKind; url: string } = {
          kind: 'ws-jpeg',
          url: `${VIDEO_API.socket}?${signStreamQuery(deps.tokenSecret, { userId: caller.userId, videoId, expires })}`,
        };
        return {
          video_id: videoId,
          device_sn: d.device_sn,
          name: d.name,
          domain: d.domain,
          gateway_sn: d.gateway_sn,
          online: d.online,
          ...(configured ?? own),
        };
      });
      return ok<LiveStream[]>(request, streams);
    },
  );
}
