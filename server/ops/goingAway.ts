/**
 * Closing the server's WebSockets on a stop. A close frame with code 1001 ("going away") tells a
 * browser that this server is leaving, not that something failed: its client reconnects, and behind
 * a load balancer that lands on another instance. Cutting the socket instead (`terminate`) looks
 * like a network fault to the browser.
 */
import type { WebSocket, WebSocketServer } from 'ws';

/** WebSocket close code 1001 (RFC 6455 §7.4.1): the endpoint is going away. */
export const GOING_AWAY = 1001;
/** The default of `WS_CLOSE_GRACE_MS`, ms (server/config.ts). */
export const DEFAULT_CLOSE_GRACE_MS = 1_000;

function goAway(ws: WebSocket, graceMs: number): Promise<void> {
  return new Promise((resolve) => {
    if (ws.readyState === ws.CLOSED) return resolve();
    // A peer that has not answered our close frame by then is cut off: a stop must not hang on it.
    const cutOff = setTimeout(() => ws.terminate(), graceMs);
    ws.once('close', () => {
      clearTimeout(cutOff);
      resolve();
    });
    ws.close(GOING_AWAY, 'server going away');
  });
}

/**
 * Sends every client of `wss` a 1001 close, waits for them to go (cutting off any that has not
 * answered within `graceMs`), closes `wss`.
 */
export async function closeGoingAway(
  wss: WebSocketServer,
  graceMs = DEFAULT_CLOSE_GRACE_MS,
): Promise<void> {
  await Promise.all([...wss.clients].map((ws) => goAway(ws, graceMs)));
  wss.close();
}
