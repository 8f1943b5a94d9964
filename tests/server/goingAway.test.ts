/**
 * A console told "going away" while the broker is still writing to its MQTT stream gets the close
 * frame and answers it: the connection ends with the close handshake, 1001 on both ends, instead of
 * being cut off (1006) by the broker's late write. One that never answers is cut off once the grace
 * has passed, so a stop cannot hang on it.
 */
import { once } from 'node:events';
import { connect } from 'node:net';
import type { AddressInfo, Socket } from 'node:net';
import { afterEach, expect, it, vi } from 'vitest';
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

/**
 * A client that completes the WebSocket handshake and then reads nothing and answers nothing: a
 * frozen tab or a half-open connection. Resolves with its socket and everything the server sent it.
 */
async function silentClient(
  port: number,
): Promise<{ socket: Socket; received: () => Buffer; arrived: () => Promise<void> }> {
  const socket = connect(port, '127.0.0.1');
  await once(socket, 'connect');
  const chunks: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  socket.write(
    'GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n' +
      'Sec-WebSocket-Key: c2t5ZGVjay1zaWxlbnQtMQ==\r\nSec-WebSocket-Version: 13\r\n\r\n',
  );
  const received = () => Buffer.concat(chunks);
  const arrived = () => once(socket, 'data').then(() => undefined);
  while (!received().toString('latin1').includes('101 Switching Protocols')) await arrived();
  return { socket, received, arrived };
}

/** The 1001 close frame as a server sends it: FIN + close opcode, unmasked, payload code + reason. */
const closeFrameCode = (bytes: Buffer): number | null => {
  const at = bytes.indexOf(0x88);
  return at < 0 || bytes.length < at + 4 ? null : bytes.readUInt16BE(at + 2);
};

it('cuts off a client that never answers the close once WS_CLOSE_GRACE_MS has passed, not before', async () => {
  const graceMs = 4_000;
  const server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  wss = server;
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  const accepted = once(server, 'connection');
  const client = await silentClient(port);
  await accepted;
  const clientGone = once(client.socket, 'close').then(() => true);
  const goneYet = () => Promise.race([clientGone, Promise.resolve(false)]);

  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  try {
    let stopped = false;
    const stop = closeGoingAway(server, graceMs).then(() => (stopped = true));
    // The client is told "going away" at once… (waited for by its bytes: expect.poll would move
    // the fake clock on.)
    while (closeFrameCode(client.received()) === null) await client.arrived();
    expect(closeFrameCode(client.received())).toBe(GOING_AWAY);
    // …and, as long as the grace lasts, the server waits for its answer.
    await vi.advanceTimersByTimeAsync(graceMs - 1);
    expect(stopped).toBe(false);
    expect(await goneYet()).toBe(false);
    // Then the socket is cut, and the stop goes on.
    await vi.advanceTimersByTimeAsync(1);
    await stop;
    expect(stopped).toBe(true);
    expect(await clientGone).toBe(true);
  } finally {
    vi.useRealTimers();
    client.socket.destroy();
  }
});
