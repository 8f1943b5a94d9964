import type { Db } from '../db/Db.ts';
import { queryOne } from '../db/Db.ts';
import { DEFAULT_SERVER_USERNAME } from '../mqtt/brokerAuth.ts';
import type { Log } from '../mqtt/log.ts';
import { derivedSecret } from '../auth/derivedSecret.ts';
import type { DeviceLink } from '../tasks/DeviceLink.ts';
import { startMqttDeviceLink } from '../tasks/mqttDeviceLink.ts';
import type { StreamControl, ViewerWho } from './LiveHub.ts';
import { snOfVideoId } from './videoIds.ts';

/** How long a live service waits for the dock's reply, ms. */
const REPLY_TIMEOUT_MS = 10_000;
/** How long a command waits for the broker connection (no broker in the app: it never comes), ms. */
const CONNECT_TIMEOUT_MS = 5_000;
/** `url_type` 4: WebRTC/WHIP-shaped push URL, which Dock 1/2/3 all accept (protocol §7). */
const URL_TYPE_WHIP = 4;

export interface LiveControlOptions {
  db: Db;
  log: Log;
  tokenSecret: string;
  /** The broker the server's own clients use, known once the app listens. */
  brokerUrl: () => string | null;
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
 * and writes one audit row per command (user, device, method, result, latency). The broker client is
 * opened on the first command: an app nobody watches never connects it.
 */
export function liveControl(options: LiveControlOptions): StreamControl & {
  call(videoId: string, method: string, data: object, who: ViewerWho): Promise<number>;
  close(): Promise<void>;
} {
  let link: Promise<DeviceLink> | null = null;
  const open = (): Promise<DeviceLink> | null => {
    const url = options.brokerUrl();
    if (!url) return null;
    link ??= startMqttDeviceLink({
      url,
      username: DEFAULT_SERVER_USERNAME,
      password: derivedSecret(options.tokenSecret, 'mqtt-server'),
      log: options.log,
      replyTimeoutMs: REPLY_TIMEOUT_MS,
    });
    return link;
  };

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
    const pending = open();
    if (!device || !pending) return -1;
    const connected = await Promise.race([
      pending,
      new Promise<null>((resolve) => setTimeout(resolve, CONNECT_TIMEOUT_MS, null).unref()),
    ]);
    if (!connected) return -1;
    const reply = await connected.call(device.gateway, method, data);
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
    async close() {
      const pending = link;
      link = null;
      // A link still connecting is left to its own retry loop rather than waited for here.
      const connected = pending ? await Promise.race([pending, Promise.resolve(null)]) : null;
      await connected?.close();
    },
  };
}
