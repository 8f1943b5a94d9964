import type { Db } from '../db/Db.ts';
import { queryOne } from '../db/Db.ts';
import type { DeviceGateway } from '../devices/DeviceGateway.ts';
import type { Log } from '../runtime/log.ts';
import type { StreamControl, ViewerWho } from './LiveHub.ts';
import { snOfVideoId } from './videoIds.ts';

/** How long a live service waits for the dock's reply, ms. */
const REPLY_TIMEOUT_MS = 10_000;
/** `url_type` 4: WebRTC/WHIP-shaped push URL, which Dock 1/2/3 all accept (protocol §7). */
const URL_TYPE_WHIP = 4;

export interface LiveControlOptions {
  db: Db;
  log: Log;
  /** The app's door to the devices. */
  devices: DeviceGateway;
  /** The push URL handed to the dock for `videoId`. */
  pushUrl: (videoId: string) => string;
}

interface Target {
  sn: string;
  name: string;
  gateway: string;
}

/**
 * Sends `live_start_push`, `live_stop_push` and `live_set_quality` to the gateway of a stream's device
 * through the device gateway and writes one audit row per command (user, device, method, result,
 * latency).
 */
export function liveControl(options: LiveControlOptions): StreamControl & {
  call(videoId: string, method: string, data: object, who: ViewerWho): Promise<number>;
  close(): Promise<void>;
} {
  async function target(videoId: string): Promise<Target | null> {
    const sn = snOfVideoId(videoId);
    if (!sn) return null;
    const row = await queryOne<{ name: string; gateway_sn: string | null }>(
      options.db,
      'select name, gateway_sn from devices where device_sn = $1',
      [sn],
    );
    return row ? { sn, name: row.name, gateway: row.gateway_sn ?? sn } : null;
  }

  async function call(videoId: string, method: string, data: object, who: ViewerWho) {
    const device = await target(videoId);
    if (!device) return -1;
    const reply = await options.devices.call(device.gateway, method, data, {
      timeoutMs: REPLY_TIMEOUT_MS,
    });
    await options.db.query(
      `insert into audit_logs (user_id, username, module, action, target, target_name, ip, result, detail)
       values ($1, $2, 'video', $3, $4, $5, $6, $7, $8)`,
      [
        who.userId,
        who.username,
        method,
        device.sn,
        device.name,
        who.ip,
        reply.result === 0 ? 'success' : 'failure',
        `video_id=${videoId} result=${String(reply.result)} latency_ms=${String(reply.latencyMs)}`,
      ],
    );
    if (reply.result !== 0)
      options.log.warn(`${method} ${videoId}: result ${String(reply.result)}`);
    return reply.result;
  }

  // A failed command is audited and logged; the viewer then sees no frames, which the tile shows.
  const quietly = (p: Promise<number>) =>
    p.then(
      () => undefined,
      (error: unknown) => options.log.error(`live video command failed: ${String(error)}`),
    );

  return {
    call,
    start: (videoId, quality, who) =>
      quietly(
        call(
          videoId,
          'live_start_push',
          {
            url_type: URL_TYPE_WHIP,
            url: options.pushUrl(videoId),
            video_id: videoId,
            video_quality: quality,
          },
          who,
        ),
      ),
    stop: (videoId, who) => quietly(call(videoId, 'live_stop_push', { video_id: videoId }, who)),
    setQuality: (videoId, quality, who) =>
      quietly(
        call(videoId, 'live_set_quality', { video_id: videoId, video_quality: quality }, who),
      ),
    // The gateway belongs to the app, not to the video feature: nothing of ours to close.
    close: () => Promise.resolve(),
  };
}
