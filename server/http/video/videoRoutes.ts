import { z } from 'zod';
import type { VideoLayout } from '../../../protocol/video.ts';
import { VIDEO_API } from '../../../protocol/video.ts';
import { LiveHub } from '../../video/LiveHub.ts';
import { liveControl } from '../../video/liveControl.ts';
import { snOfVideoId } from '../../video/videoIds.ts';
import { audit } from '../audit.ts';
import { runChange } from '../change.ts';
import type { AppDeps, ZodApp } from '../context.ts';
import { callerOf } from '../context.ts';
import { ok } from '../envelope.ts';
import { scopedWorkspaceOf } from '../scope.ts';
import { registerLiveInfoRoute } from './liveInfoRoute.ts';
import { attachVideoSocket } from './videoSocket.ts';

const videoId = z
  .string()
  .min(5)
  .max(200)
  .refine((v) => snOfVideoId(v) !== null, 'not a video id');
const lensBody = z.object({
  video_id: videoId,
  video_type: z.enum(['normal', 'wide', 'zoom', 'ir']),
});
const layoutBody = z.object({
  size: z.union([z.literal(1), z.literal(4), z.literal(9), z.literal(16)]),
  tiles: z.array(videoId.nullable()).max(16),
});

/** Live video: `/api/liveInfo`, the `ws-jpeg` socket, viewer counts, lens switch and the wall's layout. */
export function registerVideoRoutes(app: ZodApp, deps: AppDeps): void {
  const { db } = deps;
  const control = liveControl({
    db,
    log: {
      info: (m) => app.log.info(m),
      warn: (m) => app.log.warn(m),
      error: (m) => app.log.error(m),
    },
    devices: deps.devices,
    // The simulated dock pushes into this hub in-process; a real dock gets the media server's URL.
    pushUrl: (id) =>
      `${deps.config.publicUrl ?? ''}/api/video/whip?hub=${hub.id}&stream=${encodeURIComponent(id)}`,
  });
  const hub = new LiveHub(control);
  const detach = attachVideoSocket(app.server, {
    db,
    secret: deps.tokenSecret,
    hub,
    closeGraceMs: deps.config.wsCloseGraceMs,
  });
  app.addHook('preClose', async () => {
    detach();
    hub.close();
    await control.close();
  });

  registerLiveInfoRoute(app, deps);

  app.get(VIDEO_API.viewers, { config: { access: 'video_square' } }, async (request) => {
    const scope = new Set(await callerOf(request).scope());
    const rows = await db.query<{ device_sn: string; workspace_id: number }>(
      'select device_sn, workspace_id from devices',
    );
    const visible = new Set(rows.filter((r) => scope.has(r.workspace_id)).map((r) => r.device_sn));
    const counts: Record<string, number> = {};
    for (const [id, n] of hub.viewerCounts())
      if (visible.has(snOfVideoId(id) ?? '')) counts[id] = n;
    return ok<Record<string, number>>(request, counts);
  });

  app.post(
    VIDEO_API.lens,
    { config: { access: 'drc:control' }, schema: { body: lensBody } },
    async (request) => {
      const caller = callerOf(request);
      const b = request.body;
      await scopedWorkspaceOf(db, caller, 'devices', {
        column: 'device_sn',
        value: snOfVideoId(b.video_id) ?? '',
      });
      const result = await control.call(
        b.video_id,
        'live_lens_change',
        { video_id: b.video_id, video_type: b.video_type },
        { userId: caller.userId, username: caller.username, ip: request.ip },
      );
      return ok<{ result: number }>(request, { result });
    },
  );

  app.get(VIDEO_API.layout, { config: { access: 'video_square' } }, async (request) => {
    const rows = await db.query<{ size: number; tiles: (string | null)[] }>(
      'select size, tiles from video_layouts where user_id = $1',
      [callerOf(request).userId],
    );
    const row = rows[0];
    return ok<VideoLayout | null>(request, row ? (row as VideoLayout) : null);
  });

  app.post(
    VIDEO_API.layout,
    { config: { access: 'video_square' }, schema: { body: layoutBody } },
    async (request) => {
      const b = request.body;
      const layout: VideoLayout = { size: b.size, tiles: b.tiles.slice(0, b.size) };
      await runChange(deps, request, { module: 'video', action: 'layout' }, async (tx, caller) => {
        await tx.query(
          `insert into video_layouts (user_id, size, tiles) values ($1, $2, $3::jsonb)
           on conflict (user_id) do update set size = $2, tiles = $3::jsonb, updated_at = now()`,
          [caller.userId, layout.size, JSON.stringify(layout.tiles)],
        );
        await audit(tx, request, {
          module: 'video',
          action: 'layout',
          detail: `size=${String(layout.size)}`,
        });
      });
      return ok<VideoLayout>(request, layout);
    },
  );
}
