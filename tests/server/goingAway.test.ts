/**
 * A console told "going away" while the broker is still writing to its MQTT stream gets the close
 * frame and answers it: the connection ends with the close handshake, 1001 on both ends, instead of
 * being cut off (1006) by the broker's late write.
 */
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { afterEach, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { mqttWebSocketStream } from '../../server/mqtt/mqttWebSocketStream.ts';
import { closeGoingAway, GOING_AWAY } from '../../server/ops/goingAway.ts';

let wss: WebSocketServer | null = null;
afterEach(() => wss?.close());

/** The close code `ws` reports once its connection has ended. */
const closeCode = (ws: WebSocket): Promise<number> =>
  new Promise((resolve) => ws.once('close', (code) => resolve(code)));

it('ends a console connection the broker is still writing to with a 1001 handshake', async () => {
  const server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  wss = server;
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  const accepted = once(server, 'connection') as Promise<[WebSocket]>;
  const console = new WebSocket(`ws://127.0.0.1:${String(port)}`, ['mqtt']);
  const consoleClosed = closeCode(console);
  const [ws] = await accepted;
  const serverClosed = closeCode(ws);
  // What the broker reads and writes; it handles the stream's errors itself.
  const stream = mqttWebSocketStream(ws);
  stream.on('error', () => undefined);
  await once(console, 'open');

  const stopped = closeGoingAway(server);
  // A message the broker had already taken for this console reaches its stream after the close.
  stream.write(Buffer.from([0x30, 0x00]));
  await stopped;

  expect(await consoleClosed).toBe(GOING_AWAY);
  // The server heard the console's answer: the handshake finished, the socket was not cut.
  expect(await serverClosed).toBe(GOING_AWAY);
});
