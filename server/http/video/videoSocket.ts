import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import type { WebSocket } from 'ws';
import { VIDEO_API } from '../../../protocol/video.ts';
import type { StreamSize } from '../../../protocol/video.ts';
import type { Db } from '../../db/Db.ts';
import { queryOne } from '../../db/Db.ts';
import { subtreeIds } from '../../auth/permissions.ts';
import { roleCodes } from '../../auth/permissions.ts';
import type { LiveHub, Viewer, ViewerWho } from '../../video/LiveHub.ts';
import { verifyStreamQuery } from '../../video/streamLink.ts';
import { snOfVideoId } from '../../video/videoIds.ts';
import { closeGoingAway } from '../../ops/goingAway.ts';

/** Frames queued in a socket beyond this are dropped: a late frame is worth less than the next one. */
const MAX_BUFFERED_BYTES = 256 * 1024;
/** A small tile shows at most 5 fps even when a big tile of the same stream gets 10, ms per frame. */
const SMALL_TILE_INTERVAL_MS = 190;
/** Menu codes that let a role watch: the video wall and the cockpit. */
export const WATCH_CODES = ['video_square', 'drone_ctl'] as const;

interface UserRow {
  username: string;
  role_id: number;
  workspace_id: number;
  enabled: boolean;
  all_access: boolean;
}

/** The viewer behind a signed link, when the user may still watch that device; else null. */
async function authorise(
  db: Db,
  secret: string,
  query: URLSearchParams,
  ip: string,
): Promise<{ who: ViewerWho; videoId: string } | null> {
  const claims = verifyStreamQuery(secret, query, Date.now());
  const sn = claims ? snOfVideoId(claims.videoId) : null;
  if (!claims || !sn) return null;
  const user = await queryOne<UserRow>(
    db,
    `select u.username, u.role_id, u.workspace_id, u.enabled, r.all_access
     from users u join roles r on r.id = u.role_id where u.id = $1`,
    [claims.userId],
  );
  if (!user?.enabled) return null;
  const codes = await roleCodes(db, user.role_id);
  if (!user.all_access && !WATCH_CODES.some((c) => codes.has(c))) return null;
  const device = await queryOne<{ workspace_id: number }>(
    db,
    'select workspace_id from devices where device_sn = $1',
    [sn],
  );
  if (!device || !(await subtreeIds(db, user.workspace_id)).includes(device.workspace_id))
    return null;
  return { who: { userId: claims.userId, username: user.username, ip }, videoId: claims.videoId };
}

function viewerOn(ws: WebSocket, size: StreamSize): Viewer {
  let lastSent = 0;
  return {
    size,
    deliver(frame) {
      if (ws.readyState !== ws.OPEN || ws.bufferedAmount > MAX_BUFFERED_BYTES) return;
      const now = Date.now();
      if (size === 'small' && now - lastSent < SMALL_TILE_INTERVAL_MS) return;
      lastSent = now;
      ws.send(frame, { binary: true });
    },
  };
}

function refuse(socket: Duplex): void {
  socket.end('HTTP/1.1 401 Unauthorized\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
}

/**
 * Serves `ws-jpeg` streams at `/api/video/ws` on the app's HTTP server, next to the broker's `/mqtt`
 * (each upgrade listener takes its own path and leaves the others alone). Returns the detach function.
 */
export function attachVideoSocket(
  server: Server,
  options: { db: Db; secret: string; hub: LiveHub; closeGraceMs?: number },
): () => void {
  const wss = new WebSocketServer({ noServer: true });
  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const [path, search = ''] = (req.url ?? '').split('?');
    if (path !== VIDEO_API.socket) return;
    const query = new URLSearchParams(search);
    const size: StreamSize = query.get('size') === 'big' ? 'big' : 'small';
    const ip = req.socket.remoteAddress ?? '';
    authorise(options.db, options.secret, query, ip).then(
      (viewer) => {
        if (!viewer) return refuse(socket);
        wss.handleUpgrade(req, socket, head, (ws) => {
          const leave = options.hub.join(viewer.videoId, viewerOn(ws, size), viewer.who);
          ws.on('close', leave);
          ws.on('error', leave);
        });
      },
      () => refuse(socket),
    );
  };
  server.on('upgrade', onUpgrade);
  return () => {
    server.off('upgrade', onUpgrade);
    // Viewers are told 1001 "going away" so their players reconnect; the HTTP server's own close
    // waits for these sockets to end.
    void closeGoingAway(wss, options.closeGraceMs);
  };
}
